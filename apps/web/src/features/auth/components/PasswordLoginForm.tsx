import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/light/controls';
import { PasswordField, TextField } from '../../../components/light/fields';
import { Stack, Text, Title } from '../../../components/light/layout';
import { useTranslation } from '../../../lib/i18n';

type Field = 'username' | 'password';

/**
 * Username and password with the Required checks; the first field with an error takes focus. The page
 * decides what a submit does (which token call, where to go, which message to show).
 */
export function PasswordLoginForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro: string;
  onSubmit: (credentials: { username: string; password: string }) => Promise<void>;
  /** Below the submit button (e.g. the forgot-password link). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  // Keys, not text: a language switch re-words errors already shown.
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) found.username = 'common.required';
    if (!values.password) found.password = 'common.required';
    setErrors(found);
    const first = (['username', 'password'] as const).find((f) => found[f]);
    if (first) {
      (first === 'username' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({ username: values.username.trim(), password: values.password });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} id={titleId}>
          {title}
        </Title>
        <Text>{intro}</Text>
        <TextField
          ref={usernameRef}
          label={t('login.username')}
          name="username"
          autoComplete="username"
          required
          value={values.username}
          error={errors.username && t(errors.username)}
          onChange={(e) => {
            const username = e.currentTarget.value;
            setValues((v) => ({ ...v, username }));
          }}
        />
        <PasswordField
          ref={passwordRef}
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          toggleLabel={t('login.showPassword')}
          required
          value={values.password}
          error={errors.password && t(errors.password)}
          onChange={(e) => {
            const password = e.currentTarget.value;
            setValues((v) => ({ ...v, password }));
          }}
        />
        <Button type="submit" loading={submitting} size="md">
          {t('login.submit')}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
