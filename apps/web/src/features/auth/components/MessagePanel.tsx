import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred title and message (login failed, logged out). */
export function MessagePanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text>{message}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
