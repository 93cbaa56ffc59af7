import { Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { fieldBinder, TextField } from '../../../shared/forms/fields';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { digitsOnly, type BirthDateInput } from '../../../shared/forms/validation';
import type { VerificationField } from '../lib/verification-fields';
import { BirthDateFields } from './BirthDateFields';
import { SubmitAndCancel } from './SubmitAndCancel';
import { SignUpStepCounter } from './SignUpStepCounter';

export type IdentityField = 'firstName' | 'lastName' | 'day' | 'month' | 'year' | VerificationField;

export interface IdentityValues extends BirthDateInput {
  firstName: string;
  lastName: string;
  pin: string;
  mrn: string;
  ssn: string;
}

/**
 * Sign-up step 1: name, date of birth and the facility's verification fields (the PIN only when the
 * address did not bring it). Errors are language-pack keys.
 */
export function IdentityStep({
  values,
  errors,
  asked,
  pinHidden,
  submitting,
  onChange,
  onSubmit,
  onCancel,
}: {
  values: IdentityValues;
  errors: Partial<Record<IdentityField, string>>;
  asked: ReadonlySet<VerificationField>;
  pinHidden: boolean;
  submitting: boolean;
  onChange: (changed: Partial<IdentityValues>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const field = fieldBinder(values, errors, (name, value) => onChange({ [name]: value }));
  /** The PIN and the SSN take digits only, as many as the field holds. */
  const digitsField = (name: 'pin' | 'ssn') => ({
    ...field(name),
    kind: name,
    inputMode: 'numeric' as const,
    onChange: (value: string) => onChange({ [name]: digitsOnly(value, FIELD_MAX[name]) }),
  });
  return (
    <FormCard
      title={t('signUp.heading')}
      titleId="signup-title"
      onSubmit={onSubmit}
      above={<SignUpStepCounter step={1} />}
    >
      <Text>{t('signUp.intro')}</Text>
      <TextField {...field('firstName')} label={t('signUp.firstName')} autoComplete="given-name" kind="name" />
      <TextField {...field('lastName')} label={t('signUp.lastName')} autoComplete="family-name" kind="name" />
      <BirthDateFields value={values} errors={errors} onChange={onChange} />
      {asked.has('pin') && !pinHidden && (
        <TextField
          {...digitsField('pin')}
          label={t('signUp.pin')}
          description={t('signUp.pinDescription')}
          autoComplete="one-time-code"
        />
      )}
      {asked.has('mrn') && <TextField {...field('mrn')} label={t('signUp.mrn')} autoComplete="off" kind="mrn" />}
      {asked.has('ssn') && (
        <TextField
          {...digitsField('ssn')}
          label={t('signUp.ssn')}
          description={t('signUp.ssnDescription')}
          autoComplete="off"
        />
      )}
      <SubmitAndCancel label={t('signUp.next')} submitting={submitting} onCancel={onCancel} />
    </FormCard>
  );
}
