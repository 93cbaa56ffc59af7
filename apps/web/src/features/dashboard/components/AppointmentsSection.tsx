import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useFacility } from '../../../lib/facility-context';
import { timeZoneName } from '../../../lib/dates';
import { translateValue, useTranslation } from '../../../lib/i18n';
import { upcomingAppointmentsQuery } from '../api/dashboard';
import {
  cutStatus,
  daysAheadLabel,
  differingAbbreviation,
  followUpLabel,
  formatDay,
  formatTime,
  isFollowUp,
  viewMorePath,
  type UpcomingItem,
} from '../lib/upcoming';
import { Section } from './Section';

function ViewMore({ item, context }: { item: UpcomingItem; context: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={viewMorePath(item)} size="sm" fw={600}>
      {t('dashboard.viewMore')}
      <span className="portal-visually-hidden">: {context}</span>
    </Anchor>
  );
}

function FollowUpItem({ item }: { item: UpcomingItem }) {
  const { t } = useTranslation();
  const day = formatDay(item.date);
  const label = followUpLabel(item, t);
  return (
    <>
      <Text size="sm" fw={700} c="var(--mantine-color-brand-8)" lh={1.3}>
        {t('dashboard.recommended')}
      </Text>
      <Text fw={700}>
        <time dateTime={item.date.slice(0, 10)}>{day}</time>
      </Text>
      <Text>{label}</Text>
      <ViewMore item={item} context={`${label}, ${day}`} />
    </>
  );
}

function ExternalItem({ item, now }: { item: UpcomingItem; now: Date }) {
  const { t } = useTranslation();
  const facility = useFacility();
  const day = formatDay(item.date);
  const ahead = daysAheadLabel(item.date, facility.timeZone.id, now, t);
  const abbreviation = differingAbbreviation(item, facility.timeZone.id);
  const type = item.externalAppointmentType
    ? translateValue(t, 'appointmentsPage.type', item.externalAppointmentType)
    : t('dashboard.appointment');
  const status = item.status ? translateValue(t, 'appointmentsPage.status', item.status) : null;
  return (
    <>
      <Text fw={700}>
        <time dateTime={item.hasTimePart ? item.rawDate : item.date.slice(0, 10)}>
          {day}
          {item.hasTimePart && `, ${formatTime(item, facility.timeZone.id)}`}
          {abbreviation && ` ${abbreviation}`}
        </time>
        {ahead && (
          <Text component="span" fw={400} ml={6}>
            {ahead}
          </Text>
        )}
      </Text>
      <Text>{type}</Text>
      {item.shortLocation && (
        <Text size="sm">
          <span className="portal-visually-hidden">{t('dashboard.location')}: </span>
          {item.shortLocation}
        </Text>
      )}
      {status && (
        <Text size="sm" c="dimmed" title={status} data-testid="appointment-status">
          <span className="portal-visually-hidden">{t('dashboard.status')}: </span>
          {cutStatus(status)}
        </Text>
      )}
      <ViewMore item={item} context={`${type}, ${day}`} />
    </>
  );
}

/**
 * Up to four upcoming appointments and recommended follow-ups. A failed call shows the empty list (the
 * spec's rule: the dashboard never fails on this widget).
 */
export function AppointmentsSection({ patientId, canRequest }: { patientId: number; canRequest: boolean }) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const query = useQuery(upcomingAppointmentsQuery(patientId));
  const items: UpcomingItem[] = query.isError ? [] : (query.data ?? []);
  const now = new Date();
  const anyTime = items.some((item) => item.hasTimePart);
  return (
    <Section
      title={t('dashboard.appointmentsTitle')}
      testId="dashboard-appointments"
      action={
        canRequest && (
          <Button component={Link} to="/contact-us" variant="light" size="sm">
            {t('dashboard.requestAppointment')}
          </Button>
        )
      }
    >
      {query.isPending ? (
        <DelayedLoader label={t('app.loading')} />
      ) : items.length === 0 ? (
        <Text>{t('dashboard.noAppointments')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Box
              component="li"
              key={`${item.upcomingAppointmentType}-${item.id}`}
              p="sm"
              style={{
                borderInlineStart: '4px solid var(--mantine-color-brand-6)',
                background: 'var(--mantine-color-gray-0)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
              data-testid="upcoming-item"
            >
              <Stack gap={2}>
                {isFollowUp(item) ? <FollowUpItem item={item} /> : <ExternalItem item={item} now={now} />}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {anyTime && (
        <Group mt="sm">
          <Text size="sm" c="dimmed">
            {t('dashboard.timeZoneNote', {
              zone: timeZoneName(facility.timeZone.id, facility.timeZone.abbreviation, locale),
            })}
          </Text>
        </Group>
      )}
    </Section>
  );
}
