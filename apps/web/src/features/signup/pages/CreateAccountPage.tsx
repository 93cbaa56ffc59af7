import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { AccountInformation } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { logIn } from '../../../shared/api/login';
import { usePageTitle } from '../../../lib/use-page-title';
import { passwordRulesQuery } from '../../../shared/api/password-rules';
import { postAccountInformation } from '../api/signup';
import { useLeaveConfirmation } from '../components/LeaveConfirmation';
import { usePasswordHint } from '../../../components/PasswordHint';
import { SignUpStepCounter } from '../components/SignUpStepCounter';
import { SubmitAndCancel } from '../components/SubmitAndCancel';
import { TermsModal } from '../components/TermsModal';
import { signUpStore, type HeldSignUp } from '../signup-store';
import { focusField } from '../../../lib/focus';
import { confirmPasswordError, emailError, passwordError, usernameError } from '../../../shared/forms/validation';
import { EmailField, fieldBinder, PasswordField, TextField } from '../../../shared/forms/fields';
import { FormCard } from '../../../shared/components/FormCard';
import { SIGN_UP_STEPS } from '../lib/steps';

type Field = 'email' | 'username' | 'password' | 'confirmPassword' | 'terms';
const ORDER: Field[] = ['email', 'username', 'password', 'confirmPassword', 'terms'];
/** The answer of postAccountInformation when the welcome email could not be sent (spec section 7). */
const EMAIL_NOT_SENT = 'Failed to send email';

/** /create-account: without a verified patient or representative invitation there is nothing to create. */
export function Component() {
  usePageTitle('createAccount.title');
  const [held] = useState(() => signUpStore.get());
  if (!held) return <Navigate to="/" replace />;
  return <CreateAccountForm held={held} />;
}

function CreateAccountForm({ held }: { held: HeldSignUp }) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const isRepresentative = held.kind === 'representative';
  const facilityId = held.kind === 'patient' ? held.facilityId : held.facilityHomeId;
  const rules = useQuery(passwordRulesQuery(facilityId));
  const hint = usePasswordHint(rules.data);

  const [values, setValues] = useState({
    email: held.kind === 'patient' ? (held.email ?? '') : held.email,
    username: '',
    password: '',
    confirmPassword: '',
  });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const termsLinkRef = useRef<HTMLButtonElement>(null);

  const { modal, leaveFreely } = useLeaveConfirmation(
    (path) => path === '/' || path === '/dashboard',
    () => signUpStore.clear(),
  );

  const field = fieldBinder(values, errors, (name, value) => setValues((v) => ({ ...v, [name]: value })));

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {
      email: isRepresentative ? undefined : emailError(values.email),
      username: usernameError(values.username),
      password: passwordError(values.password, rules.data),
      confirmPassword: confirmPasswordError(
        values.password,
        values.confirmPassword,
        'createAccount.passwordsDoNotMatch',
      ),
      terms: accepted ? undefined : 'createAccount.termsRequired',
    };
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v));
  };

  const showErrors = (form: HTMLFormElement, found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) focusField(form, first);
    return first !== undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (showErrors(form, validate())) return;
    const username = values.username.trim();
    const account: AccountInformation =
      held.kind === 'patient'
        ? {
            facilityId: held.facilityId,
            patientId: held.patientId,
            emailAddress: values.email.trim(),
            username,
            password: values.password,
            isTermsOfUseAccepted: true,
            firstName: held.firstName,
            lastName: held.lastName,
            birthDate: held.birthDate,
            pin: held.pin,
            mrn: held.mrn,
            ssn: held.ssn,
          }
        : {
            facilityId: held.facilityHomeId,
            patientId: -1,
            username,
            password: values.password,
            isTermsOfUseAccepted: true,
            pin: held.pin,
            encryptedInvitationId: held.encryptedInvitationId,
          };
    setSubmitting(true);
    let created: { message: string };
    try {
      created = await postAccountInformation(account, locale);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code === 'username_exists') {
        showErrors(form, { username: 'createAccount.usernameTaken' });
      } else if (error instanceof ApiError && error.code === 'password_rules') {
        showErrors(form, { password: 'password.rulesNotMet' });
      } else {
        messageBar.show({ type: 'error', key: 'createAccount.signupFailed' });
      }
      return;
    }

    // The account exists: the held identity is no longer needed, and the page may go anywhere.
    signUpStore.clear();
    leaveFreely();
    const successKey =
      created.message === EMAIL_NOT_SENT
        ? 'createAccount.signupSuccessCantSendEmail'
        : isRepresentative
          ? 'createAccount.arSignupSuccess'
          : 'createAccount.signupSuccess';
    try {
      await logIn({ grant_type: 'password', username, password: values.password });
      messageBar.show({ type: 'success', key: successKey, keepDisplay: true });
      await navigate('/dashboard', { replace: true });
    } catch {
      // Created but not logged in (rare): say so, and let the user log in.
      messageBar.show({ type: 'success', key: successKey, keepDisplay: true });
      await navigate('/login', { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {modal}
      <TermsModal
        facilityId={facilityId}
        opened={termsOpen}
        onClose={() => {
          setTermsOpen(false);
          termsLinkRef.current?.focus();
        }}
      />
      <FormCard
        title={t('createAccount.heading')}
        titleId="create-account-title"
        onSubmit={(e) => void submit(e)}
        above={isRepresentative ? undefined : <SignUpStepCounter step={SIGN_UP_STEPS} />}
      >
        <Text>{t(isRepresentative ? 'createAccount.introRepresentative' : 'createAccount.intro')}</Text>
        {isRepresentative ? null : <EmailField {...field('email')} label={t('createAccount.email')} />}
        <TextField
          {...field('username')}
          label={t('createAccount.username')}
          description={t('createAccount.usernameDescription')}
          autoComplete="username"
          kind="username"
        />
        <PasswordField
          {...field('password')}
          label={t('createAccount.password')}
          description={hint || undefined}
          autoComplete="new-password"
        />
        <PasswordField
          {...field('confirmPassword')}
          label={t('createAccount.confirmPassword')}
          autoComplete="new-password"
        />
        <Stack gap={4}>
          <Checkbox
            name="terms"
            label={t('createAccount.acceptTerms')}
            checked={accepted}
            error={errors.terms && t(errors.terms)}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
          />
          <Anchor
            component="button"
            type="button"
            ref={termsLinkRef}
            ml={32}
            ta="left"
            w="fit-content"
            onClick={() => setTermsOpen(true)}
          >
            {t('createAccount.readTerms')}
          </Anchor>
        </Stack>
        <SubmitAndCancel
          label={t('createAccount.submit')}
          submitting={submitting}
          onCancel={() => void navigate('/login')}
        />
      </FormCard>
    </>
  );
}
