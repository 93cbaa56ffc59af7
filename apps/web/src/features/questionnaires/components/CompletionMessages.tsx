import { Paper, Stack, Text } from '@mantine/core';
import type { AssignedQuestionnaire } from '@portal/contracts';

/**
 * The completion message (the template's, else the portal's default) and the messages of the patient's
 * scores, in the reader's language; a score whose range has no message shows nothing.
 */
export function CompletionMessages({ questionnaire }: { questionnaire: AssignedQuestionnaire }) {
  const messages = questionnaire.patientScoreList
    .map((s) => s.patientMessageOnCompletion?.trim() ?? '')
    .filter((m) => m !== '');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-color-gray-0)" maw={860}>
      <Stack gap="sm">
        <Text fw={600} style={{ whiteSpace: 'pre-line' }} data-testid="completion-message">
          {questionnaire.defaultMsgOnCompletion}
        </Text>
        {messages.map((message, index) => (
          <Text key={index} style={{ whiteSpace: 'pre-line' }} data-testid="score-message">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
