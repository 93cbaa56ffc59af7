import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred message page (not found, portal not found, logged out, failures). */
export function StatusPage({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text>{message}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
