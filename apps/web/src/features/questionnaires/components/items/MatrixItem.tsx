import { Box, Fieldset, Group, Radio, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { QuestionnaireItem } from '@portal/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { useBreakpoint } from '../../../../lib/layout-size';
import { answerOf, chooseOption, type Answers } from '../../lib/answers';
import { questionDomId, questionErrorId, questionText } from './item-props';
import { QuestionError, QuestionLabel } from './QuestionLabel';

export interface MatrixProps {
  rows: QuestionnaireItem[];
  answers: Answers;
  errorOf: (itemId: number) => string | null;
  /** Applies a change of one row (the row is the question that was touched). */
  onChange: (rowId: number, update: (answers: Answers) => Answers) => void;
}

/**
 * Matrix questions (items sharing a questionMatrixGuid): a table, one row per question and one column per
 * option of the first row, one radio group per row (each radio named by its row and column). On a phone the
 * rows become one fieldset each, as a table of five columns does not fit 320 px.
 */
export function MatrixItem(props: MatrixProps) {
  const phone = useBreakpoint() === 'xsmall';
  return phone ? <MatrixAsFieldsets {...props} /> : <MatrixAsTable {...props} />;
}

function MatrixAsTable({ rows, answers, errorOf, onChange }: MatrixProps) {
  const { t } = useTranslation();
  const columns = rows[0]?.listAnswers ?? [];
  return (
    <Box style={{ overflowX: 'auto' }} data-testid="matrix">
      <Table withTableBorder withColumnBorders verticalSpacing="sm" layout="auto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>{t('questionnaires.matrixQuestion')}</VisuallyHidden>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.listAnswerId} scope="col" ta="center" fz="sm">
                {column.formattedText}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = row.questionnaireItemId;
            const answer = answerOf(answers, id);
            const error = errorOf(id);
            return (
              <Table.Tr key={id} id={questionDomId(id)}>
                <Table.Th scope="row" fw={600} miw={180}>
                  <QuestionLabel item={row} announceRequired />
                  <QuestionError itemId={id} error={error} />
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.listAnswerId} ta="center">
                    <Group justify="center">
                      <Radio
                        size="md"
                        name={`question-${id}`}
                        value={String(column.listAnswerId)}
                        aria-label={t('questionnaires.matrixCell', {
                          question: questionText(row),
                          option: column.formattedText,
                        })}
                        checked={answer?.listAnswerId === column.listAnswerId}
                        onChange={() => onChange(id, (list) => chooseOption(list, row, column.listAnswerId))}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? questionErrorId(id) : undefined}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function MatrixAsFieldsets({ rows, answers, errorOf, onChange }: MatrixProps) {
  const columns = rows[0]?.listAnswers ?? [];
  return (
    <Stack gap="lg" data-testid="matrix">
      {rows.map((row) => {
        const id = row.questionnaireItemId;
        const answer = answerOf(answers, id);
        const error = errorOf(id);
        return (
          <Fieldset
            key={id}
            id={questionDomId(id)}
            variant="unstyled"
            p={0}
            m={0}
            legend={<QuestionLabel item={row} announceRequired />}
            styles={{
              legend: { padding: 0, marginBottom: 8, fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' },
            }}
          >
            <Stack gap={10}>
              {columns.map((column) => (
                <Radio
                  size="md"
                  key={column.listAnswerId}
                  name={`question-${id}`}
                  value={String(column.listAnswerId)}
                  label={column.formattedText}
                  checked={answer?.listAnswerId === column.listAnswerId}
                  onChange={() => onChange(id, (list) => chooseOption(list, row, column.listAnswerId))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? questionErrorId(id) : undefined}
                />
              ))}
            </Stack>
            <QuestionError itemId={id} error={error} />
          </Fieldset>
        );
      })}
    </Stack>
  );
}
