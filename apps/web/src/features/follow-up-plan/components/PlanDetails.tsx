import { Button, CloseButton, Group, Popover, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { FollowUpPlan } from '@portal/contracts';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

/** A calendar day as the long date ('ll': 'Mar 5, 2026'). */
const longDay = (day: string) => formatDay(day, 'll');

/** The Details button and its popover: start date, instructions (the memo) and guidelines (spec 2.2). */
export function PlanDetails({ plan }: { plan: FollowUpPlan }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const memo = plan.memoToPatient?.trim();
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      width={340}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button variant="outline" onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
          {t('followUpPlan.details')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} maw="calc(100vw - 24px)">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text id={titleId} fw={700}>
            {t('followUpPlan.detailsLabel')}
          </Text>
          <CloseButton aria-label={t('common.close')} onClick={() => setOpened(false)} />
        </Group>
        <Stack component="dl" gap="sm" m={0} mt="xs">
          <div>
            <Text component="dt" fw={700} size="sm">
              {t('followUpPlan.startDate')}
            </Text>
            <Text component="dd" m={0}>
              <time dateTime={plan.startDate}>{longDay(plan.startDate)}</time>
            </Text>
          </div>
          <div>
            <Text component="dt" fw={700} size="sm">
              {t('followUpPlan.instructions')}
            </Text>
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {memo || t('followUpPlan.none')}
            </Text>
          </div>
          <div>
            <Text component="dt" fw={700} size="sm">
              {t('followUpPlan.guidelines')}
            </Text>
            <dd style={{ margin: 0 }}>
              {plan.templates.length === 0 ? (
                <Text>{t('followUpPlan.none')}</Text>
              ) : (
                <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                  {plan.templates.map((template, index) => (
                    <li key={index}>
                      <Text style={{ overflowWrap: 'anywhere' }}>{template.templateDisplayName}</Text>
                      {template.effectiveDate && (
                        <Text size="sm" c="dimmed">
                          {t('followUpPlan.effectiveDate', { date: longDay(template.effectiveDate) })}
                        </Text>
                      )}
                    </li>
                  ))}
                </Stack>
              )}
            </dd>
          </div>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
