import { Box, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DATE_FORMATS, type QuestionnaireAnswer, type QuestionnaireItem } from '@portal/contracts';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { answerOf, checkedOf, itemBlocks, type Answers } from '../lib/answers';
import { questionText } from './items/item-props';

/** A chosen option as read back: its text, and the patient's own words for an 'Other' option. */
function optionText(item: QuestionnaireItem, answer: QuestionnaireAnswer): string {
  const option = item.listAnswers.find((o) => o.listAnswerId === answer.listAnswerId);
  const text = option?.formattedText ?? '';
  return option?.isOtherOption && answer.otherOptionText ? `${text}: ${answer.otherOptionText}` : text;
}

function AnswerText({ item, answers }: { item: QuestionnaireItem; answers: Answers }) {
  const { t } = useTranslation();
  const id = item.questionnaireItemId;
  const none = (
    <Text c="dimmed" fs="italic">
      {t('questionnaires.notAnswered')}
    </Text>
  );
  if (item.questionnaireItemType === 'Checkbox') {
    const checked = checkedOf(answers, id);
    if (checked.length === 0) return none;
    return (
      <List spacing={2}>
        {checked.map((a) => (
          <List.Item key={a.listAnswerId}>{optionText(item, a)}</List.Item>
        ))}
      </List>
    );
  }
  const answer = answerOf(answers, id);
  if (!answer) return none;
  let text = '';
  switch (item.questionnaireItemType) {
    case 'Radio':
    case 'Dropdown':
    case 'Matrix':
      text = optionText(item, answer);
      break;
    case 'Number':
      text = answer.numberAnswer === null ? '' : String(answer.numberAnswer);
      break;
    case 'Slider': {
      const v = answer.numberAnswer;
      const end = v === item.lowerBound ? item.lowerBoundLabel : v === item.upperBound ? item.upperBoundLabel : null;
      text = v === null ? '' : end ? t('questionnaires.sliderValueWithLabel', { value: v, label: end }) : String(v);
      break;
    }
    case 'Date':
      text = answer.dateAnswer ? formatDay(answer.dateAnswer, DATE_FORMATS.questionnaire) : '';
      break;
    case 'Text':
      text = answer.textAnswer ?? '';
      break;
  }
  if (text === '') return none;
  return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>;
}

/**
 * The answers of a completed questionnaire, read-only (spec 001, historical review): each question with its
 * answer in words, a matrix as a table of its rows and the chosen column.
 */
export function AnswerReview({ items, answers }: { items: readonly QuestionnaireItem[]; answers: Answers }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={860}>
      <Stack gap="lg">
        {itemBlocks(items).map((block) => {
          if (block.kind === 'matrix') {
            return (
              <Box key={block.guid} style={{ overflowX: 'auto' }}>
                <Table withTableBorder verticalSpacing="xs" data-testid="review-matrix">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('questionnaires.matrixQuestion')}</Table.Th>
                      <Table.Th scope="col">{t('questionnaires.answer')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {block.rows.map((row) => (
                      <Table.Tr key={row.questionnaireItemId}>
                        <Table.Th scope="row" fw={600}>
                          {questionText(row)}
                        </Table.Th>
                        <Table.Td>
                          <AnswerText item={row} answers={answers} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            );
          }
          const item = block.item;
          if (item.questionnaireItemType === 'SectionHeader') {
            return (
              <Title key={item.questionnaireItemId} order={2} fz={{ base: 20, sm: 22 }}>
                {questionText(item)}
              </Title>
            );
          }
          return (
            <Stack key={item.questionnaireItemId} gap={4} data-testid="review-item">
              <Text fw={600}>{questionText(item)}</Text>
              <AnswerText item={item} answers={answers} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
