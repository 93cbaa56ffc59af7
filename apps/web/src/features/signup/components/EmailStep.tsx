import { Button, Group, Text } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import { EmailField } from '../../../shared/forms/fields';
import { SignUpStepCounter } from './SignUpStepCounter';

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
      above={<SignUpStepCounter step={2} />}
    >
      <Text>{t('signUp.emailIntro')}</Text>
      <EmailField ref={inputRef} label={t('signUp.email')} value={email} error={error} onChange={onChange} />
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
