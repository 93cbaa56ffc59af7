import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { verifyInvitation } from '../api/signup';
import { useLeaveConfirmation } from '../components/LeaveConfirmation';
import { verificationFailureMessage } from '../api/errors';
import { signUpStore } from '../signup-store';
import { requiredError } from '../validation';

const PIN_MAX = 12;

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
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      {modal}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="auth-rep-title">
        <Stack gap="md">
          <Title order={1} id="auth-rep-title" fz={{ base: 24, sm: 30 }}>
            {t('authRepSignUp.heading')}
          </Title>
          <Text>{t('authRepSignUp.intro')}</Text>
          {token === '' && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              styles={{ message: { color: 'var(--mantine-color-text)' } }}
            >
              {t('authRepSignUp.missingInvitation')}
            </Alert>
          )}
          <TextInput
            ref={pinRef}
            name="pin"
            label={t('authRepSignUp.pin')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={PIN_MAX}
            value={pin}
            error={pinError && t(pinError)}
            onChange={(e) => setPin(e.currentTarget.value)}
          />
          <Group gap="sm">
            <Button type="submit" loading={submitting} size="md" disabled={token === ''}>
              {t('signUp.next')}
            </Button>
            <Button variant="default" size="md" onClick={() => void navigate('/login')}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
