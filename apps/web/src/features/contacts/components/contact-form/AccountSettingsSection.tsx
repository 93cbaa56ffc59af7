import { Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PersonalContact } from '@portal/contracts';
import { ApiError } from '../../../../lib/api';
import { messageBar } from '../../../../lib/api-instance';
import { useTranslation } from '../../../../lib/i18n';
import { invalidatePersonalContacts } from '../../../../shared/api/personal-contacts';
import { inviteExistsQuery, resetContactPassword, setContactAccess, unlockContactAccount } from '../../api/contacts';
import { accountState, contactName, type AccountState } from '../../lib/contact-form';
import type { InviteFlowState } from '../../lib/invite-flow';
import { ConfirmModal } from '../ConfirmModal';
import { FormSection } from './fields';

/** The section's anchor: /edit-contact?contactId=...#account-settings opens the form at it (the dashboard's Change). */
export const ACCOUNT_SETTINGS_ANCHOR = 'account-settings';

const MESSAGE_KEYS: Record<AccountState, string> = {
  enabled: 'contactForm.account.enabled',
  locked: 'contactForm.account.locked',
  disabled: 'contactForm.account.disabled',
  notInvited: 'contactForm.account.notInvited',
  invited: 'contactForm.account.invited',
  noAccount: 'contactForm.account.noAccount',
};

/**
 * The contact's portal account on the edit form: its state in words and the actions that state
 * allows (reset password, disable, unlock; enable; invite or resend the invitation). Enabling and
 * disabling are confirmed first; each action says how it went in the message bar.
 */
export function AccountSettingsSection({
  contact,
  patientId,
  canInvite,
  requestAction,
  leaveFreely,
}: {
  contact: PersonalContact;
  patientId: number;
  canInvite: boolean;
  /** Runs the action, after asking about unsaved changes when there are any. */
  requestAction: (action: () => void) => void;
  leaveFreely: () => void;
}) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const name = contactName(contact);
  const hasAccount = contact.authorizedRepresentativeUserId !== null;
  const invitation = useQuery({
    ...inviteExistsQuery(contact.contactId),
    enabled: !hasAccount && canInvite,
    retry: false,
  });
  const state = accountState(contact, {
    canInvite,
    invitationExists: invitation.data?.exists ?? contact.invitationId !== null,
  });
  const [confirmAccess, setConfirmAccess] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (
    id: string,
    call: () => Promise<void>,
    success: string,
    failure: (error: unknown) => string,
  ): Promise<void> => {
    setBusy(id);
    try {
      await call();
      messageBar.show({ type: 'success', key: success, params: { name } });
    } catch (error) {
      if (!(error instanceof ApiError && error.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: failure(error), params: { name } });
      }
    } finally {
      setBusy(null);
      await invalidatePersonalContacts(queryClient);
    }
  };

  const changeAccess = async (authorized: boolean) => {
    await run(
      authorized ? 'enable' : 'disable',
      () => setContactAccess(patientId, contact.contactId, authorized),
      authorized ? 'contactForm.messages.contactAccessEnabled' : 'contactForm.messages.contactAccessDisabled',
      () => 'contactForm.messages.failedChangeContactAccess',
    );
    setConfirmAccess(null);
  };

  const invite = (resend: boolean) => {
    if (!contact.contactEmail) {
      messageBar.show({ type: 'error', key: 'contactForm.messages.contactEmailRequiredForInvite' });
      return;
    }
    leaveFreely();
    const flow: InviteFlowState = { resend };
    // This entry names the section first, so Cancel on the statement (back) returns to it.
    void Promise.resolve(navigate({ search: location.search, hash: ACCOUNT_SETTINGS_ANCHOR }, { replace: true })).then(
      () => navigate(`/invite-auth-statement?contactId=${contact.contactId}`, { state: flow }),
    );
  };

  const resetPassword = () =>
    void run(
      'reset',
      () => resetContactPassword(patientId, contact.contactId, locale),
      'contactForm.messages.contactPasswordReset',
      (error) =>
        error instanceof ApiError && error.code === 'resetContactPasswordEmailNotConfirmed'
          ? 'contactForm.messages.resetContactPasswordEmailNotConfirmed'
          : 'contactForm.messages.contactPasswordResetFailed',
    );

  const unlock = () =>
    void run(
      'unlock',
      () => unlockContactAccount(patientId, contact.contactId),
      'contactForm.messages.contactUnlockAccount',
      () => 'contactForm.messages.failedContactUnlockAccount',
    );

  const button = (id: string, label: string, onClick: () => void, variant: 'filled' | 'default' = 'default') => (
    <Button
      variant={variant}
      onClick={() => requestAction(onClick)}
      loading={busy === id}
      disabled={busy !== null && busy !== id}
    >
      {label}
    </Button>
  );

  return (
    <FormSection title={t('contactForm.sections.accountSettings')} anchor={ACCOUNT_SETTINGS_ANCHOR}>
      <ConfirmModal
        opened={confirmAccess !== null}
        title={t(confirmAccess ? 'contactForm.access.enableTitle' : 'contactForm.access.disableTitle')}
        message={t(confirmAccess ? 'contactForm.access.enableMessage' : 'contactForm.access.disableMessage', { name })}
        confirmLabel={t(confirmAccess ? 'contactForm.access.enable' : 'contactForm.access.disable')}
        danger={confirmAccess === false}
        busy={busy === 'enable' || busy === 'disable'}
        onConfirm={() => void changeAccess(confirmAccess === true)}
        onCancel={() => setConfirmAccess(null)}
      />
      <Text>
        {t(MESSAGE_KEYS[state], {
          name,
          minutes: contact.userInfo?.minutesLeftBeforeLockoutExpires ?? 0,
          // The locked message's minute or minutes.
          count: contact.userInfo?.minutesLeftBeforeLockoutExpires ?? 0,
        })}
      </Text>
      {contact.userInfo && hasAccount && (
        <Text size="sm">{t('contactForm.account.userName', { userName: contact.userInfo.userName })}</Text>
      )}
      <Group gap="sm">
        {state === 'locked' && button('unlock', t('contactForm.access.unlock'), unlock, 'filled')}
        {(state === 'enabled' || state === 'locked') && (
          <>
            {button('reset', t('contactForm.access.resetPassword'), resetPassword)}
            {button('disable', t('contactForm.access.disable'), () => setConfirmAccess(false))}
          </>
        )}
        {state === 'disabled' &&
          button('enable', t('contactForm.access.enable'), () => setConfirmAccess(true), 'filled')}
        {state === 'notInvited' && button('invite', t('contactForm.access.invite'), () => invite(false), 'filled')}
        {state === 'invited' && button('invite', t('contactForm.access.resend'), () => invite(true), 'filled')}
      </Group>
    </FormSection>
  );
}
