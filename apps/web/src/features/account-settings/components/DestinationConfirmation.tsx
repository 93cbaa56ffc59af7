import { Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { NOTICE_CONFIRMATION, type NoticeChannel } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError, type ApiErrorCode } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { notificationSettingsKey } from '../../../shared/api/notification-settings';
import { FormCard } from '../../../shared/components/FormCard';
import { confirmNoticeDestination, sendNoticeCode } from '../api/account-settings';
import { showServerError } from '../lib/server-errors';

const KEYS = 'accountSettings.notifications.confirm';
/** The server's refusals of a code, said under the field in the reader's language. */
const CODE_ERRORS: Partial<Record<ApiErrorCode, string>> = {
  wrong_code: `${KEYS}.wrongCode`,
  code_expired: `${KEYS}.codeExpired`,
};
const CODE_PATTERN = new RegExp(`^[0-9]{${NOTICE_CONFIRMATION.codeDigits}}$`);

/**
 * A new notification address or SMS number waiting for its code (issue 31, finding 9): where the code went, where
 * notices go meanwhile, the code's field, Confirm and Send a new code. Its own form, beside the settings' one.
 */
export function DestinationConfirmation({
  patientId,
  channel,
  destination,
  noticesTo,
}: {
  patientId: number;
  channel: NoticeChannel;
  /** As the page shows it (a phone number formatted). */
  destination: string;
  noticesTo: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const fieldId = `confirm-${channel}-code`;

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (!CODE_PATTERN.test(typed)) {
      setError(`${KEYS}.codeFormat`);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setBusy('confirm');
    try {
      await confirmNoticeDestination(patientId, { channel, code: typed });
      messageBar.show({ type: 'success', key: `${KEYS}.confirmed`, params: { destination } });
      await queryClient.invalidateQueries({ queryKey: notificationSettingsKey(patientId) });
    } catch (failure) {
      const key = failure instanceof ApiError ? failure.code && CODE_ERRORS[failure.code] : undefined;
      if (key) {
        setError(key);
        document.getElementById(fieldId)?.focus();
      } else showServerError(failure);
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      await sendNoticeCode(patientId, { channel });
      setCode('');
      setError(null);
      messageBar.show({ type: 'success', key: `${KEYS}.resent`, params: { destination } });
    } catch (failure) {
      showServerError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <FormCard
      title={t(`${KEYS}.${channel}Title`)}
      titleId={`confirm-${channel}-title`}
      headingLevel={2}
      width={null}
      onSubmit={(e) => void confirm(e)}
    >
      <Text data-testid={`confirm-${channel}-sent`}>
        {t(`${KEYS}.sent`, { digits: NOTICE_CONFIRMATION.codeDigits, destination })}{' '}
        {noticesTo ? t(`${KEYS}.meanwhile`, { noticesTo }) : t(`${KEYS}.meanwhileNone`)}
      </Text>
      <TextInput
        id={fieldId}
        label={t(`${KEYS}.code`)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={NOTICE_CONFIRMATION.codeDigits + 2}
        w={{ base: '100%', xs: 220 }}
        value={code}
        error={error ? t(error) : undefined}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group gap="sm">
        <Button type="submit" loading={busy === 'confirm'}>
          {t(`${KEYS}.submit`)}
        </Button>
        <Button variant="default" loading={busy === 'resend'} onClick={() => void resend()}>
          {t(`${KEYS}.resend`)}
        </Button>
      </Group>
    </FormCard>
  );
}
