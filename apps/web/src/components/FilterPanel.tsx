import { Box, Button, Group, Paper, SimpleGrid } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * A list's filters behind a Show Filters / Hide Filters button, with Clear Filters inside the panel.
 * The page owns the filter values; `summary` (for example 'Showing 3 of 12') sits beside the button.
 */
export function FilterPanel({
  opened,
  onToggle,
  onClear,
  summary,
  children,
}: {
  opened: boolean;
  onToggle: () => void;
  onClear: () => void;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  return (
    <Box>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Button variant="default" onClick={onToggle} aria-expanded={opened} aria-controls={panelId}>
          {t(opened ? 'filters.hide' : 'filters.show')}
        </Button>
        {summary}
      </Group>
      <Paper
        id={panelId}
        role="group"
        aria-label={t('filters.label')}
        withBorder
        p="md"
        mt="sm"
        style={opened ? undefined : { display: 'none' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          {children}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="subtle" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        </Group>
      </Paper>
    </Box>
  );
}
