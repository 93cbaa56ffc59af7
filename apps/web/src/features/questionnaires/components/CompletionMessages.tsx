import { Box, Paper, Stack, Text } from '@mantine/core';
import type { AssignedQuestionnaire } from '@portal/contracts';

/**
 * The completion message (the template's, else the portal's default), the messages of the patient's scores (a
 * range's message, else the label of the facility's band) and then the facility's safety messages whose condition
 * the answers meet (a crisis line), all in the reader's language; a score whose range has no message shows nothing.
 * A safety message is set apart by a bar and bold text, not announced: the page is read from its heading.
 */
export function CompletionMessages({ questionnaire }: { questionnaire: AssignedQuestionnaire }) {
  const messages = questionnaire.patientScoreList
    .map((s) => s.patientMessageOnCompletion?.trim() ?? '')
    .filter((m) => m !== '');
  const safety = questionnaire.safetyMessages.map((m) => m.trim()).filter((m) => m !== '');
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
        {safety.map((message, index) => (
          <Box
            key={index}
            pl="sm"
            py={4}
            style={{ borderInlineStart: '4px solid var(--mantine-color-red-8)' }}
            data-testid="safety-message"
          >
            <Text fw={700} c="red.9" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {message}
            </Text>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
