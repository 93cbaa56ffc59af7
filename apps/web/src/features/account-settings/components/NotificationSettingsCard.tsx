import { Alert, Button, Checkbox, NativeSelect, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REMINDER_TIMING_OPTIONS,
  cleanPhone,
  notificationSummary,
  type NotificationChannelField,
  type PatientNotificationSettings,
  type SystemReminderSettings,
} from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { messageBar } from '../../../lib/api-instance';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { notificationSettingsKey } from '../../../shared/api/notification-settings';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { notificationPageQuery, saveNotificationSettings, systemReminderSettingsQuery } from '../api/account-settings';
import {
  defaultForm,
  displayPhone,
  formFromSettings,
  formProblems,
  notificationRows,
  saveBody,
  showDigestHint,
  type NotificationForm,
} from '../lib/notification-form';
import { showServerError } from '../lib/server-errors';
import { DestinationConfirmation } from './DestinationConfirmation';

const PROBLEM_KEYS = {
  emailRequired: 'accountSettings.notifications.emailRequired',
  emailInvalid: 'common.emailFormat',
  phoneRequired: 'accountSettings.notifications.phoneRequired',
  phoneInvalid: 'accountSettings.notifications.phoneInvalid',
} as const;

/** Notification settings (spec 002, 2.8): the patient's, whoever (patient or representative) sets them. */
export function NotificationSettingsCard({ patientId }: { patientId: number }) {
  const saved = useQuery(notificationPageQuery(patientId));
  const system = useQuery(systemReminderSettingsQuery());
  // Spec 002 section 8: a 404 is the defaults, silently; another failure is the generic error; the system reminder
  // settings' failure is the server's message.
  useLoadErrorMessage(saved.error, { generic: true });
  useLoadErrorMessage(system.error);
  if (saved.data === undefined || !system.data) return null;
  const page = saved.data;
  // Keyed by the answer's time: a save (or a change elsewhere) brings new settings, and the form starts from them.
  return (
    <>
      <SettingsForm key={saved.dataUpdatedAt} patientId={patientId} saved={page} system={system.data} />
      {page?.emailConfirmationPending && page.nonPrimaryEmailAddress && (
        <DestinationConfirmation
          key={`email-${page.nonPrimaryEmailAddress}`}
          patientId={patientId}
          channel="email"
          destination={page.nonPrimaryEmailAddress}
          noticesTo={page.emailNoticesTo}
        />
      )}
      {page?.smsConfirmationPending && page.smsPhoneNumber && (
        <DestinationConfirmation
          key={`sms-${page.smsPhoneNumber}`}
          patientId={patientId}
          channel="sms"
          destination={displayPhone(page.smsPhoneNumber)}
          noticesTo={page.smsNoticesTo && displayPhone(page.smsNoticesTo)}
        />
      )}
    </>
  );
}

interface FormProps {
  patientId: number;
  saved: PatientNotificationSettings | null;
  system: SystemReminderSettings;
}

function SettingsForm({ patientId, saved, system }: FormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<NotificationForm>(() => (saved ? formFromSettings(saved) : defaultForm(system)));
  const [submitting, setSubmitting] = useState(false);

  const primaryEmail = saved?.primaryEmail ?? null;
  const rows = notificationRows(form, system);
  const problems = formProblems(form, system, primaryEmail);
  const blocked = Object.keys(problems).length > 0;
  const set = <K extends keyof NotificationForm>(key: K, value: NotificationForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    setSubmitting(true);
    try {
      await saveNotificationSettings(patientId, saveBody(form, system));
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKey(patientId) });
      messageBar.show({ type: 'success', key: 'accountSettings.notifications.saveSuccess' });
    } catch (failure) {
      showServerError(failure);
    } finally {
      setSubmitting(false);
    }
  };

  const box = (field: NotificationChannelField, enabled: boolean, label: string) => (
    <Checkbox
      aria-label={label}
      checked={enabled && form[field]}
      disabled={!enabled}
      onChange={(e) => set(field, e.currentTarget.checked)}
    />
  );

  const timing = (field: 'appointmentReminderOffset' | 'followUpReminderOffset', label: string) => (
    <NativeSelect
      name={field}
      label={t(label)}
      value={String(form[field])}
      data={REMINDER_TIMING_OPTIONS.map((o) => ({
        value: String(o.id),
        label: t(`accountSettings.reminderTiming.${o.name}`),
      }))}
      onChange={(e) => set(field, Number(e.currentTarget.value))}
    />
  );

  return (
    <FormCard
      title={t('accountSettings.notifications.heading')}
      titleId="notification-settings-title"
      headingLevel={2}
      width={null}
      onSubmit={(e) => void submit(e)}
    >
      <Text>{t('accountSettings.notifications.intro')}</Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('accountSettings.notifications.typeColumn')}</Table.Th>
              <Table.Th scope="col">{t('accountSettings.notifications.email')}</Table.Th>
              <Table.Th scope="col">{t('accountSettings.notifications.sms')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const label = t(row.typeLabel);
              const summary = notificationSummary({
                email: row.isEmailEnabled && row.isEmailChecked,
                sms: row.isSmsEnabled && row.isSmsChecked,
              });
              return (
                <Table.Tr key={row.type}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                    <Text size="sm" c="dimmed" fw={400} data-testid="notification-summary">
                      {t(`accountSettings.notifications.summary.${summary}`)}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    {box(
                      row.emailProperty,
                      row.isEmailEnabled,
                      t('accountSettings.notifications.emailFor', { type: label }),
                    )}
                  </Table.Td>
                  <Table.Td>
                    {box(row.smsProperty, row.isSmsEnabled, t('accountSettings.notifications.smsFor', { type: label }))}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.some((r) => !r.isSmsEnabled || !r.isEmailEnabled) && (
        <Text size="sm" c="dimmed">
          {t('accountSettings.notifications.notOffered')}
        </Text>
      )}

      <Radio.Group
        name="usePrimaryEmail"
        label={t('accountSettings.notifications.emailAddress')}
        value={form.usePrimaryEmail ? 'primary' : 'other'}
        onChange={(value) => set('usePrimaryEmail', value === 'primary')}
        error={form.usePrimaryEmail && problems.email ? t(PROBLEM_KEYS[problems.email]) : undefined}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="primary"
            label={
              primaryEmail
                ? t('accountSettings.notifications.usePrimary', { email: primaryEmail })
                : t('accountSettings.notifications.usePrimaryNone')
            }
          />
          <Radio value="other" label={t('accountSettings.notifications.useOther')} />
        </Stack>
      </Radio.Group>
      {!form.usePrimaryEmail && (
        <TextInput
          name="nonPrimaryEmailAddress"
          type="email"
          label={t('accountSettings.notifications.otherEmail')}
          autoComplete="email"
          maxLength={FIELD_MAX.email}
          value={form.nonPrimaryEmailAddress}
          error={problems.email ? t(PROBLEM_KEYS[problems.email]) : undefined}
          onChange={(e) => set('nonPrimaryEmailAddress', e.currentTarget.value)}
        />
      )}
      <TextInput
        name="smsPhoneNumber"
        type="tel"
        inputMode="numeric"
        label={t('accountSettings.notifications.smsPhone')}
        description={t('accountSettings.notifications.smsPhoneHint')}
        autoComplete="tel-national"
        maxLength={14}
        value={displayPhone(form.smsPhoneNumber)}
        error={problems.phone ? t(PROBLEM_KEYS[problems.phone]) : undefined}
        onChange={(e) => set('smsPhoneNumber', cleanPhone(e.currentTarget.value).slice(0, 10))}
      />
      {timing('appointmentReminderOffset', 'accountSettings.notifications.appointmentTiming')}
      {timing('followUpReminderOffset', 'accountSettings.notifications.followUpTiming')}
      {showDigestHint(form) && (
        <Alert variant="light" color="blue" role="note">
          {t('accountSettings.notifications.digestHint')}
        </Alert>
      )}
      <Button type="submit" w="fit-content" loading={submitting} disabled={blocked}>
        {t('accountSettings.notifications.save')}
      </Button>
    </FormCard>
  );
}
