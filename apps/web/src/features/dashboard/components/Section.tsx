import { Group, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A dashboard panel: a region named by its heading, with room for an action beside the heading. */
export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={testId}
    >
      <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} id={headingId} fz={{ base: 20, sm: 22 }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
