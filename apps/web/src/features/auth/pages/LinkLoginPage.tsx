import { Button, Fieldset, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { loadLanguage } from '../../../shared/api/language-pack';
import { usePageTitle } from '../../../lib/use-page-title';
import { tokenErrorMessage, type MessageRef } from '../../../lib/login-flow';
import { logIn } from '../../../shared/api/login';
import { fetchPreferredLanguage } from '../api/preferred-language';
import { EMPTY_CREDENTIALS, HEADERS } from '../lib/token-headers';
import { FormCard } from '../../../shared/components/FormCard';

type Field = 'lastName' | 'day' | 'month' | 'year';
const FIELDS: Field[] = ['lastName', 'day', 'month', 'year'];
type Values = Record<Field, string>;

/** The date-of-birth parts: digits only, at most `length` of them, within 1..max (year: exactly 4 digits). */
const PARTS = {
  day: { length: 2, max: 31 },
  month: { length: 2, max: 12 },
  year: { length: 4, max: undefined },
} as const;

export function validateLinkLogin(values: Values): Partial<Record<Field, MessageRef>> {
  const errors: Partial<Record<Field, MessageRef>> = {};
  if (!values.lastName.trim()) errors.lastName = { key: 'common.required' };
  for (const part of ['day', 'month', 'year'] as const) {
    const value = values[part].trim();
    const rule = PARTS[part];
    if (!value) errors[part] = { key: 'common.required' };
    else if (!/^\d+$/.test(value)) errors[part] = { key: 'linkLogin.digitsOnly' };
    else if (part === 'year' && value.length !== rule.length) errors[part] = { key: 'linkLogin.yearLength' };
    else if (value.length > rule.length) errors[part] = { key: 'common.maxLength', params: { maxLength: rule.length } };
    else if (rule.max !== undefined && Number(value) > rule.max) {
      errors[part] = { key: 'common.maxValue', params: { max: rule.max } };
    } else if (Number(value) < 1) errors[part] = { key: 'common.minValue', params: { min: 1 } };
  }
  return errors;
}

/** A link login's failures: no match for last name and date of birth, or a dead link. */
function linkLoginErrorMessage(error: unknown): MessageRef {
  if (error instanceof ApiError && error.code === 'invalid_grant') {
    const description = (error.body as { error_description?: unknown } | undefined)?.error_description;
    if (description === 'username_password_incorrect') return { key: 'linkLogin.noMatch' };
    if (description === 'link_expired') return { key: 'linkLogin.expired' };
  }
  return tokenErrorMessage(error);
}

/** Header values must be Latin-1; other names travel percent-encoded. */
function headerSafe(text: string): string {
  return /^[\x20-\x7e\xa0-\xff]*$/.test(text) ? text : encodeURIComponent(text);
}

/**
 * /linkLogin?patientid&data: a patient who followed an emailed link proves who they are with last name
 * and date of birth, then lands on their questionnaires in their preferred language.
 */
export function Component() {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('linkLogin.title');
  const [values, setValues] = useState<Values>({ lastName: '', day: '', month: '', year: '' });
  // Keys, not text: a language switch re-words errors already shown.
  const [errors, setErrors] = useState<Partial<Record<Field, MessageRef>>>({});
  const [submitting, setSubmitting] = useState(false);
  const patientId = search.get('patientid');
  const linkData = search.get('data');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateLinkLogin(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      // The first field with an error takes focus.
      const input = form.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    messageBar.dismiss();
    if (!patientId || !linkData) {
      messageBar.show({ type: 'error', key: 'linkLogin.expired' });
      return;
    }
    setSubmitting(true);
    try {
      const birthDate = `${values.year.trim()}-${values.month.trim().padStart(2, '0')}-${values.day.trim().padStart(2, '0')}`;
      try {
        await logIn(EMPTY_CREDENTIALS, {
          [HEADERS.logonProcess]: 'patientLinkUser',
          [HEADERS.linkData]: linkData,
          [HEADERS.patientId]: patientId,
          [HEADERS.lastName]: headerSafe(values.lastName.trim()),
          [HEADERS.birthDate]: birthDate,
        });
      } catch (error) {
        messageBar.show({ type: 'error', ...linkLoginErrorMessage(error) });
        return;
      }
      try {
        const language = await fetchPreferredLanguage(patientId);
        if (language) await loadLanguage(language, facility.facilityId);
      } catch (error) {
        // The questionnaires still open in the language on screen.
        if (error instanceof ApiError && error.isSessionTimeout) return;
      }
      await navigate('/patientKioskQuestionnaires', { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: Field) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : undefined;
  };
  const update = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const datePart = (field: 'day' | 'month' | 'year', autoComplete: string) => (
    <TextInput
      label={t(`linkLogin.${field}`)}
      name={field}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={PARTS[field].length}
      required
      style={{
        flex: field === 'year' ? '1.4 1 6rem' : '1 1 4.5rem',
        minWidth: 0,
        maxWidth: field === 'year' ? '10rem' : '8rem',
      }}
      value={values[field]}
      error={fieldError(field)}
      onChange={update(field)}
    />
  );

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('linkLogin.title')}
      </Title>
      <FormCard width={null} onSubmit={(e) => void submit(e)} formLabel={t('linkLogin.title')}>
        <Text>{t('linkLogin.intro')}</Text>
        <TextInput
          label={t('linkLogin.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          error={fieldError('lastName')}
          onChange={update('lastName')}
        />
        <Fieldset
          legend={t('linkLogin.dateOfBirth')}
          variant="unstyled"
          styles={{
            legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)', padding: 0, marginBottom: 4 },
          }}
        >
          <Group gap="sm" align="flex-start" wrap="wrap">
            {datePart('day', 'bday-day')}
            {datePart('month', 'bday-month')}
            {datePart('year', 'bday-year')}
          </Group>
        </Fieldset>
        <Button type="submit" loading={submitting} size="md">
          {t('linkLogin.submit')}
        </Button>
      </FormCard>
    </Stack>
  );
}
