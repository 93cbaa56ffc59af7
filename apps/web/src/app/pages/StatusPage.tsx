import { Text } from '../../components/light/layout';
import type { ReactNode } from 'react';
import { FormCard } from '../../shared/components/FormCard';

/** A centred message page (not found, portal not found, logged out, failures). */
export function StatusPage({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <FormCard title={title} mt="xl">
      <Text>{message}</Text>
      {action}
    </FormCard>
  );
}
