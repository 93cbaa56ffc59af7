import { Alert, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { verifyInvitation } from '../api/signup';
import { useLeaveConfirmation } from '../components/LeaveConfirmation';
import { SubmitAndCancel } from '../components/SubmitAndCancel';
import { verificationFailureMessage } from '../api/errors';
import { signUpStore } from '../signup-store';
import { requiredError } from '../../../shared/forms/validation';
import { TextField } from '../../../shared/forms/fields';
import { FormCard } from '../../../shared/components/FormCard';

/**
 * /auth-rep-sign-up?u={invitation token}: an invited authorised representative confirms the invitation
 * with the PIN the patient gave them, then creates the account on /create-account.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('authRepSignUp.title');
  const token = search.get('u') ?? '';
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);

  const { modal } = useLeaveConfirmation(
    (path) => path === '/create-account',
    () => signUpStore.clear(),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requiredError(pin);
    setPinError(found);
    if (found) {
      pinRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const invitation = await verifyInvitation(pin.trim(), token);
      signUpStore.set({
        kind: 'representative',
        patientId: -1,
        encryptedInvitationId: invitation.encryptedInvitationId,
        pin: pin.trim(),
        email: invitation.arEmail,
        facilityHomeId: invitation.facilityHomeId,
      });
      messageBar.dismiss();
      await navigate('/create-account');
    } catch (error) {
      messageBar.show({ type: 'error', ...verificationFailureMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {modal}
      <FormCard title={t('authRepSignUp.heading')} titleId="auth-rep-title" onSubmit={(e) => void submit(e)}>
        <Text>{t('authRepSignUp.intro')}</Text>
        {token === '' && (
          <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
            {t('authRepSignUp.missingInvitation')}
          </Alert>
        )}
        <TextField
          ref={pinRef}
          name="pin"
          label={t('authRepSignUp.pin')}
          autoComplete="one-time-code"
          inputMode="numeric"
          kind="pin"
          value={pin}
          error={pinError}
          onChange={setPin}
        />
        <SubmitAndCancel
          label={t('signUp.next')}
          submitting={submitting}
          disabled={token === ''}
          onCancel={() => void navigate('/login')}
        />
      </FormCard>
    </>
  );
}
