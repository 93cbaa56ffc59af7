import { Button, Group, Text, TextInput } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { SIGN_UP_STEPS } from '../lib/steps';

/** Sign-up step 2: the email address of the new account. `error` is a language-pack key. */
export function EmailStep({
  email,
  error,
  inputRef,
  onChange,
  onSubmit,
  onBack,
  onCancel,
}: {
  email: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (email: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormCard
      title={t('signUp.emailHeading')}
      titleId="signup-email-title"
      onSubmit={onSubmit}
      above={
        <Text size="sm" c="dimmed">
          {t('signUp.stepOf', { step: 2, steps: SIGN_UP_STEPS })}
        </Text>
      }
    >
      <Text>{t('signUp.emailIntro')}</Text>
      <TextInput
        ref={inputRef}
        name="email"
        type="email"
        label={t('signUp.email')}
        autoComplete="email"
        required
        maxLength={FIELD_MAX.email}
        value={email}
        error={error && t(error)}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" size="md">
          {t('signUp.next')}
        </Button>
        <Button variant="default" size="md" onClick={onBack}>
          {t('signUp.back')}
        </Button>
        <Button variant="subtle" size="md" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </FormCard>
  );
}
