import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { loadLanguage, useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { verificationFieldsQuery, verifyIdentity, type IdentityToVerify } from '../api/signup';
import { BirthDateFields } from '../components/BirthDateFields';
import { useLeaveConfirmation } from '../components/LeaveConfirmation';
import { verificationFailureMessage } from '../api/errors';
import { signUpStore, type HeldPatient } from '../signup-store';
import { focusField } from '../../../lib/focus';
import {
  birthDateErrors,
  digitsOnly,
  emailError,
  parseVerificationFields,
  requiredError,
  type BirthDateInput,
} from '../validation';

type IdentityField = 'firstName' | 'lastName' | 'day' | 'month' | 'year' | 'pin' | 'mrn' | 'ssn';
const IDENTITY_ORDER: IdentityField[] = ['firstName', 'lastName', 'day', 'month', 'year', 'pin', 'mrn', 'ssn'];
const PIN_MAX = 12;
const SSN_MAX = 9;
const MRN_MAX = 40;

interface IdentityValues extends BirthDateInput {
  firstName: string;
  lastName: string;
  pin: string;
  mrn: string;
  ssn: string;
}

/**
 * /sign-up: step 1 verifies the patient's identity (name, date of birth and the facility's verification
 * fields), step 2 asks for the email address; then /create-account. A `pin` in the address fills the PIN
 * and hides it; a `language` switches the page's language.
 */
export function Component() {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('signUp.title');

  const pinFromAddress = digitsOnly(search.get('pin') ?? '', PIN_MAX);
  const languageFromAddress = search.get('language');
  useEffect(() => {
    if (languageFromAddress) loadLanguage(languageFromAddress, facility.facilityId).catch(() => undefined);
  }, [languageFromAddress, facility.facilityId]);

  const fieldsQuery = useQuery(verificationFieldsQuery(facility.facilityId));
  const asked = parseVerificationFields(fieldsQuery.data?.verificationFields);

  const [verified, setVerified] = useState<HeldPatient | null>(() => {
    const held = signUpStore.get();
    return held?.kind === 'patient' && held.facilityId === facility.facilityId ? held : null;
  });
  const [step, setStep] = useState<1 | 2>(verified ? 2 : 1);
  const [values, setValues] = useState<IdentityValues>(() => ({
    firstName: verified?.firstName ?? '',
    lastName: verified?.lastName ?? '',
    day: verified ? String(verified.birthDate.day) : '',
    month: verified ? String(verified.birthDate.month) : '',
    year: verified ? String(verified.birthDate.year) : '',
    pin: '',
    mrn: verified?.mrn ?? '',
    ssn: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<IdentityField, string>>>({});
  const [email, setEmail] = useState(verified?.email ?? '');
  const [emailErrorKey, setEmailErrorKey] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const { modal, leaveFreely } = useLeaveConfirmation(
    (path) => path === '/create-account',
    () => signUpStore.clear(),
  );

  useEffect(() => {
    // Step 2 puts the keyboard on its one field.
    if (step === 2) emailRef.current?.focus();
  }, [step]);

  const pinHidden = pinFromAddress !== '';
  const set = (field: keyof IdentityValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const validateIdentity = (): Partial<Record<IdentityField, string>> => {
    const found: Partial<Record<IdentityField, string>> = {
      firstName: requiredError(values.firstName),
      lastName: requiredError(values.lastName),
      ...birthDateErrors(values),
    };
    if (asked.has('pin') && !pinHidden) found.pin = requiredError(values.pin);
    if (asked.has('mrn')) found.mrn = requiredError(values.mrn);
    if (asked.has('ssn')) found.ssn = requiredError(values.ssn);
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v));
  };

  const submitIdentity = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateIdentity();
    setErrors(found);
    const first = IDENTITY_ORDER.find((f) => found[f]);
    if (first) {
      focusField(form, first);
      return;
    }
    const identity: IdentityToVerify = {
      facilityId: facility.facilityId,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      birthDate: { year: Number(values.year), month: Number(values.month), day: Number(values.day) },
    };
    if (asked.has('pin')) identity.pin = pinHidden ? pinFromAddress : values.pin;
    if (asked.has('mrn')) identity.mrn = values.mrn.trim();
    if (asked.has('ssn')) identity.ssn = values.ssn;
    setSubmitting(true);
    try {
      const { patientId } = await verifyIdentity(identity);
      const held: HeldPatient = { kind: 'patient', ...identity, patientId };
      if (verified?.patientId === patientId && verified.email) held.email = verified.email;
      signUpStore.set(held);
      setVerified(held);
      messageBar.dismiss();
      setStep(2);
    } catch (error) {
      messageBar.show({ type: 'error', ...verificationFailureMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email);
    setEmailErrorKey(found);
    if (found || !verified) {
      emailRef.current?.focus();
      return;
    }
    const held: HeldPatient = { ...verified, email: email.trim() };
    signUpStore.set(held);
    messageBar.dismiss();
    await navigate('/create-account');
  };

  const cancel = () => void navigate('/login');

  if (fieldsQuery.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (fieldsQuery.isError) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('signUp.heading')}
          </Title>
          <Text role="alert">{t('messages.unexpectedError')}</Text>
          <Button
            variant="default"
            w="fit-content"
            onClick={() => {
              leaveFreely();
              void navigate('/login');
            }}
          >
            {t('common.cancel')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto">
      {modal}
      {step === 1 ? (
        <form onSubmit={(e) => void submitIdentity(e)} noValidate aria-labelledby="signup-title">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('signUp.stepOf', { step: 1, steps: 2 })}
            </Text>
            <Title order={1} id="signup-title" fz={{ base: 24, sm: 30 }}>
              {t('signUp.heading')}
            </Title>
            <Text>{t('signUp.intro')}</Text>
            <TextInput
              name="firstName"
              label={t('signUp.firstName')}
              autoComplete="given-name"
              required
              maxLength={100}
              value={values.firstName}
              error={errors.firstName && t(errors.firstName)}
              onChange={(e) => set('firstName', e.currentTarget.value)}
            />
            <TextInput
              name="lastName"
              label={t('signUp.lastName')}
              autoComplete="family-name"
              required
              maxLength={100}
              value={values.lastName}
              error={errors.lastName && t(errors.lastName)}
              onChange={(e) => set('lastName', e.currentTarget.value)}
            />
            <BirthDateFields
              value={values}
              errors={errors}
              onChange={(date) => setValues((v) => ({ ...v, ...date }))}
            />
            {asked.has('pin') && !pinHidden && (
              <TextInput
                name="pin"
                label={t('signUp.pin')}
                description={t('signUp.pinDescription')}
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                maxLength={PIN_MAX}
                value={values.pin}
                error={errors.pin && t(errors.pin)}
                onChange={(e) => set('pin', digitsOnly(e.currentTarget.value, PIN_MAX))}
              />
            )}
            {asked.has('mrn') && (
              <TextInput
                name="mrn"
                label={t('signUp.mrn')}
                autoComplete="off"
                required
                maxLength={MRN_MAX}
                value={values.mrn}
                error={errors.mrn && t(errors.mrn)}
                onChange={(e) => set('mrn', e.currentTarget.value)}
              />
            )}
            {asked.has('ssn') && (
              <TextInput
                name="ssn"
                label={t('signUp.ssn')}
                description={t('signUp.ssnDescription')}
                autoComplete="off"
                inputMode="numeric"
                required
                maxLength={SSN_MAX}
                value={values.ssn}
                error={errors.ssn && t(errors.ssn)}
                onChange={(e) => set('ssn', digitsOnly(e.currentTarget.value, SSN_MAX))}
              />
            )}
            <Group gap="sm">
              <Button type="submit" loading={submitting} size="md">
                {t('signUp.next')}
              </Button>
              <Button variant="default" size="md" onClick={cancel}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(e) => void submitEmail(e)} noValidate aria-labelledby="signup-email-title">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('signUp.stepOf', { step: 2, steps: 2 })}
            </Text>
            <Title order={1} id="signup-email-title" fz={{ base: 24, sm: 30 }}>
              {t('signUp.emailHeading')}
            </Title>
            <Text>{t('signUp.emailIntro')}</Text>
            <TextInput
              ref={emailRef}
              name="email"
              type="email"
              label={t('signUp.email')}
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              error={emailErrorKey && t(emailErrorKey)}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group gap="sm">
              <Button type="submit" size="md">
                {t('signUp.next')}
              </Button>
              <Button variant="default" size="md" onClick={() => setStep(1)}>
                {t('signUp.back')}
              </Button>
              <Button variant="subtle" size="md" onClick={cancel}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
