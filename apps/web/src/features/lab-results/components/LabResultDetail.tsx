import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LabResult, TestResultGroup } from '@portal/contracts';
import { DateTimeText } from '../../../components/DateText';
import { translateValue, useTranslation } from '../../../lib/i18n';
import { isFreeText, remarks, resultHeading } from '../lib/lab-results';
import { ResultTable } from './ResultTable';
import classes from './lab-results.module.css';

/** The detail of one result: when and by whom, the lab, remarks, Print, then one table per group. */
export function LabResultDetail({
  result,
  onPrint,
  printing,
}: {
  result: LabResult;
  onPrint: () => void;
  printing: boolean;
}) {
  const { t } = useTranslation();
  const notes = remarks(result);
  const lab = [result.labName, result.labAddress].filter((line): line is string => Boolean(line?.trim()));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Title order={2} fz={{ base: 20, sm: 24 }} style={{ flex: '1 1 16rem' }}>
          {resultHeading(result, t('labResults.untitled'))}
        </Title>
        <Button onClick={onPrint} loading={printing} variant="filled">
          {t('labResults.print')}
        </Button>
      </Group>
      <dl className={classes.facts}>
        <div>
          <dt>{t('labResults.dateCollected')}</dt>
          <dd>
            <DateTimeText value={result.startDate} />
          </dd>
        </div>
        {result.requestingPhysician && (
          <div>
            <dt>{t('labResults.orderedBy')}</dt>
            <dd>{result.requestingPhysician}</dd>
          </div>
        )}
        {lab.length > 0 && (
          <div>
            <dt>{t('labResults.lab')}</dt>
            <dd>
              {lab.map((line, i) => (
                <span key={i} className={classes.line}>
                  {line}
                </span>
              ))}
            </dd>
          </div>
        )}
        {result.externalStatus && (
          <div>
            <dt>{t('labResults.status')}</dt>
            <dd>{translateValue(t, 'labResults.resultStatus', result.externalStatus)}</dd>
          </div>
        )}
      </dl>
      {notes.length > 0 && (
        <Box component="section" aria-labelledby={`remarks-${result.labResultId}`}>
          <Title order={3} fz="lg" id={`remarks-${result.labResultId}`} mb="xs">
            {t('labResults.remarks')}
          </Title>
          <Stack gap="xs">
            {notes.map((note) => (
              <Text key={note.key} className={classes.preWrap}>
                <Text span fw={700}>
                  {t(note.key)}:
                </Text>{' '}
                {note.text}
              </Text>
            ))}
          </Stack>
        </Box>
      )}
      {result.testResultGroups.map((group) => (
        <GroupBlock key={group.testResultGroupId} group={group} />
      ))}
    </Stack>
  );
}

function GroupBlock({ group }: { group: TestResultGroup }) {
  const { t } = useTranslation();
  const headingId = `group-${group.testResultGroupId}`;
  if (isFreeText(group)) {
    const [only] = group.testResultDetails;
    return (
      <Box component="section" aria-labelledby={headingId}>
        <Title order={3} fz="lg" id={headingId} mb="xs">
          {group.groupDisplayName}
        </Title>
        <Paper withBorder p="md" radius="sm">
          <Text fw={700} mb={4}>
            {only?.testDisplayName || t('labResults.freeText')}
          </Text>
          <Text className={classes.preWrap} data-testid="free-text">
            {only?.testValue}
          </Text>
          {only?.comment && (
            <Text size="sm" mt="xs" className={classes.preWrap}>
              {only.comment}
            </Text>
          )}
        </Paper>
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="result-group">
      <Title order={3} fz="lg" id={headingId} mb="xs">
        {group.groupDisplayName}
      </Title>
      <ResultTable group={group} />
    </Box>
  );
}
