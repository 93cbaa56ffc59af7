import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  HEALTH_SUMMARY_LIMITS,
  type HealthSummaryDownloadFormat,
  type HealthSummaryIdentifier,
  type HealthSummaryTransmitType,
} from '@portal/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { downloadUrl } from '../api/download';
import { recordPrint } from '../api/print';
import { transmitSummary } from '../api/transmit';
import {
  confirmedSender,
  EMPTY_EMAIL_FORM,
  EMPTY_SECURE_FORM,
  secureSendFailure,
  type EmailForm,
  type FieldMessage,
  type SecureForm,
} from '../lib/transmit-form';
import { EmailModal, SecureSendModal } from './TransmitModals';

const MESSAGES = 'healthSummary.messages';

/** A failure the user is told about: nothing for a timed-out session, which says so itself. */
export function reportFailure(error: unknown, key: string) {
  if (error instanceof ApiError && error.isSessionTimeout) return;
  messageBar.show({ type: 'error', key });
}

/** Starts a download in a hidden frame, removed after 5 seconds (spec 002, 4 and 9). */
export function downloadInFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.src = url;
  document.body.append(frame);
  window.setTimeout(() => frame.remove(), HEALTH_SUMMARY_LIMITS.downloadFrameMs);
}

/**
 * What can be done with the summary shown (spec 002, 2.7 and 4): Print (recorded by the server first, then the
 * browser's print of the summary alone), Send Securely (by Direct; refused with noCcdaConfigured where it is
 * disabled), Download (the C-CDA XML or a readable PDF) and Send by Email; with the C-CDA label and the download
 * note under them.
 */
export function SummaryActions({
  patientId,
  identifier,
  systemName,
}: {
  patientId: number;
  identifier: HealthSummaryIdentifier;
  systemName: string | null;
}) {
  const { t, locale } = useTranslation();
  const profile = useQuery(loginProfileQuery());
  const sender = confirmedSender(profile.data);

  const [printing, setPrinting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState<'email' | 'sendSecurely' | null>(null);
  const [sending, setSending] = useState<HealthSummaryTransmitType | null>(null);
  // The forms outlive their modals: a failed send opens again with what was written; a sent one starts afresh.
  const [emailForm, setEmailForm] = useState<EmailForm>(EMPTY_EMAIL_FORM);
  const [secureForm, setSecureForm] = useState<SecureForm>(EMPTY_SECURE_FORM);
  // The last Send Securely refusal: the modal says it again above the fields when it opens for another try.
  const [secureFailure, setSecureFailure] = useState<FieldMessage | null>(null);

  const print = async () => {
    setPrinting(true);
    try {
      await recordPrint(patientId, identifier);
      window.print();
    } catch (error) {
      reportFailure(error, 'healthSummary.printFailed');
    } finally {
      setPrinting(false);
    }
  };

  const download = async (format: HealthSummaryDownloadFormat) => {
    setDownloading(true);
    try {
      downloadInFrame(await downloadUrl(patientId, identifier, format, locale));
    } catch (error) {
      reportFailure(error, 'healthSummary.downloadFailed');
    } finally {
      setDownloading(false);
    }
  };

  const openSecurely = () => {
    if (identifier.sendSecurelyDisabled) {
      messageBar.show({ type: 'error', key: `${MESSAGES}.noCcdaConfigured` });
      return;
    }
    setOpen('sendSecurely');
  };

  const send = async (transmitType: HealthSummaryTransmitType, form: EmailForm | SecureForm) => {
    setOpen(null);
    setSending(transmitType);
    try {
      await transmitSummary({
        patientId,
        identifier,
        transmitType,
        recipientAddress: form.to,
        messageText: form.message,
        language: locale,
      });
      messageBar.show({ type: 'success', key: `${MESSAGES}.healthsummarysent` });
      if (transmitType === 'email') setEmailForm(EMPTY_EMAIL_FORM);
      else {
        setSecureForm(EMPTY_SECURE_FORM);
        setSecureFailure(null);
      }
    } catch (error) {
      if (transmitType === 'email') reportFailure(error, `${MESSAGES}.healthsummarysendfailed`);
      else {
        setSecureFailure(secureSendFailure(error instanceof ApiError ? error : null));
        if (error instanceof ApiError && error.code === 'noCcdaConfigured') {
          messageBar.show({ type: 'error', key: `${MESSAGES}.noCcdaConfigured` });
        } else reportFailure(error, `${MESSAGES}.healthsummarysendsecurelyfailed`);
      }
    } finally {
      setSending(null);
    }
  };

  return (
    <Stack gap="xs" data-testid="summary-actions">
      <Group gap="sm">
        <Button onClick={() => void print()} loading={printing}>
          {t('healthSummary.print')}
        </Button>
        <Button variant="default" onClick={openSecurely} loading={sending === 'sendSecurely'}>
          {t('healthSummary.sendSecurely.button')}
        </Button>
        <Menu position="bottom-start" withinPortal shadow="md">
          <Menu.Target>
            <Button variant="default" loading={downloading}>
              {t('healthSummary.download.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={t('healthSummary.download.formats')}>
            <Menu.Item onClick={() => void download('xml')}>{t('healthSummary.download.xml')}</Menu.Item>
            <Menu.Item onClick={() => void download('pdf')}>{t('healthSummary.download.pdf')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button variant="default" onClick={() => setOpen('email')} loading={sending === 'email'}>
          {t('healthSummary.email.button')}
        </Button>
      </Group>
      <Text fz="sm" data-testid="ccda-label">
        {systemName ? t('healthSummary.ccdaLabelFrom', { system: systemName }) : t('healthSummary.ccdaLabel')}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="download-note">
        {t('healthSummary.download.note')}
      </Text>
      <EmailModal
        opened={open === 'email'}
        sender={sender}
        form={emailForm}
        onChange={setEmailForm}
        onSend={(form) => void send('email', form)}
        onClose={() => setOpen(null)}
      />
      <SecureSendModal
        opened={open === 'sendSecurely'}
        form={secureForm}
        onChange={setSecureForm}
        onSend={(form) => void send('sendSecurely', form)}
        onClose={() => setOpen(null)}
        failure={secureFailure}
      />
    </Stack>
  );
}
