import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormCard } from '../../../shared/components/FormCard';

/** A centred title and message (login failed, logged out). */
export function MessagePanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <FormCard title={title} mt="xl">
      <Text>{message}</Text>
      {children}
    </FormCard>
  );
}
