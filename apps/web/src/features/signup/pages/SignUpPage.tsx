import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { loadLanguage } from '../../../shared/api/language-pack';
import { usePageTitle } from '../../../lib/use-page-title';
import { verificationFieldsQuery, verifyIdentity, type IdentityToVerify } from '../api/signup';
import { EmailStep } from '../components/EmailStep';
import { IdentityStep, type IdentityField, type IdentityValues } from '../components/IdentityStep';
import { useLeaveConfirmation } from '../components/LeaveConfirmation';
import { verificationFailureMessage } from '../api/errors';
import { signUpStore, type HeldPatient } from '../signup-store';
import { focusField } from '../../../lib/focus';
import { birthDateErrors, digitsOnly, emailError, requiredError } from '../../../shared/forms/validation';
import { FormCard } from '../../../shared/components/FormCard';
import { parseVerificationFields } from '../lib/verification-fields';
import { FIELD_MAX } from '../../../shared/forms/limits';

const IDENTITY_ORDER: IdentityField[] = ['firstName', 'lastName', 'day', 'month', 'year', 'pin', 'mrn', 'ssn'];

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

  const pinFromAddress = digitsOnly(search.get('pin') ?? '', FIELD_MAX.pin);
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

  const submitEmail = async (event: FormEvent<HTMLFormElement>) => {
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
      <FormCard title={t('signUp.heading')}>
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
      </FormCard>
    );
  }

  return (
    <>
      {modal}
      {step === 1 ? (
        <IdentityStep
          values={values}
          errors={errors}
          asked={asked}
          pinHidden={pinHidden}
          submitting={submitting}
          onChange={(changed) => setValues((v) => ({ ...v, ...changed }))}
          onSubmit={(e) => void submitIdentity(e)}
          onCancel={cancel}
        />
      ) : (
        <EmailStep
          email={email}
          error={emailErrorKey}
          inputRef={emailRef}
          onChange={setEmail}
          onSubmit={(e) => void submitEmail(e)}
          onBack={() => setStep(1)}
          onCancel={cancel}
        />
      )}
    </>
  );
}
