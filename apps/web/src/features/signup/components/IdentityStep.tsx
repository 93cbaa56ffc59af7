import { Button, Group, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { digitsOnly, type BirthDateInput } from '../../../shared/forms/validation';
import type { VerificationField } from '../lib/verification-fields';
import { BirthDateFields } from './BirthDateFields';
import { SIGN_UP_STEPS } from '../lib/steps';

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
  return (
    <FormCard
      title={t('signUp.heading')}
      titleId="signup-title"
      onSubmit={onSubmit}
      above={
        <Text size="sm" c="dimmed">
          {t('signUp.stepOf', { step: 1, steps: SIGN_UP_STEPS })}
        </Text>
      }
    >
      <Text>{t('signUp.intro')}</Text>
      <TextInput
        name="firstName"
        label={t('signUp.firstName')}
        autoComplete="given-name"
        required
        maxLength={FIELD_MAX.name}
        value={values.firstName}
        error={errors.firstName && t(errors.firstName)}
        onChange={(e) => onChange({ firstName: e.currentTarget.value })}
      />
      <TextInput
        name="lastName"
        label={t('signUp.lastName')}
        autoComplete="family-name"
        required
        maxLength={FIELD_MAX.name}
        value={values.lastName}
        error={errors.lastName && t(errors.lastName)}
        onChange={(e) => onChange({ lastName: e.currentTarget.value })}
      />
      <BirthDateFields value={values} errors={errors} onChange={onChange} />
      {asked.has('pin') && !pinHidden && (
        <TextInput
          name="pin"
          label={t('signUp.pin')}
          description={t('signUp.pinDescription')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={FIELD_MAX.pin}
          value={values.pin}
          error={errors.pin && t(errors.pin)}
          onChange={(e) => onChange({ pin: digitsOnly(e.currentTarget.value, FIELD_MAX.pin) })}
        />
      )}
      {asked.has('mrn') && (
        <TextInput
          name="mrn"
          label={t('signUp.mrn')}
          autoComplete="off"
          required
          maxLength={FIELD_MAX.mrn}
          value={values.mrn}
          error={errors.mrn && t(errors.mrn)}
          onChange={(e) => onChange({ mrn: e.currentTarget.value })}
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
          maxLength={FIELD_MAX.ssn}
          value={values.ssn}
          error={errors.ssn && t(errors.ssn)}
          onChange={(e) => onChange({ ssn: digitsOnly(e.currentTarget.value, FIELD_MAX.ssn) })}
        />
      )}
      <Group gap="sm">
        <Button type="submit" loading={submitting} size="md">
          {t('signUp.next')}
        </Button>
        <Button variant="default" size="md" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </FormCard>
  );
}
