import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FIELD_MAX } from './limits';

// The required fields of the forms that check on submit (sign-up, the account pages, account settings): each takes
// its value, its error and its change from the form, and its longest length from the kind of value it holds.

/** What a field takes from its form. */
export interface BoundField {
  name: string;
  value: string;
  /** A language-pack key, shown in the page's language under the field. */
  error: string | undefined;
  onChange: (value: string) => void;
}

/** Binds a form's values, errors and change to its fields by name: `field('username')`. */
export function fieldBinder<F extends string>(
  values: Record<F, string>,
  errors: Partial<Record<NoInfer<F>, string>>,
  onChange: (field: F, value: string) => void,
): (name: F) => BoundField {
  return (name) => ({ name, value: values[name], error: errors[name], onChange: (value) => onChange(name, value) });
}

type BoundProps = keyof BoundField | 'required' | 'maxLength';

export type TextFieldProps = Omit<TextInputProps, BoundProps> &
  BoundField & { kind: keyof typeof FIELD_MAX; ref?: Ref<HTMLInputElement> };

export function TextField({ kind, error, onChange, ...props }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...props}
      required
      maxLength={FIELD_MAX[kind]}
      error={error && t(error)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** An email address field: the input type, autofill and length of an address. */
export function EmailField(props: Omit<TextFieldProps, 'name' | 'type' | 'autoComplete' | 'kind'>) {
  return <TextField name="email" type="email" autoComplete="email" kind="email" {...props} />;
}

/** A password field, its show-password button named in the page's language. */
export function PasswordField({
  error,
  onChange,
  ...props
}: Omit<PasswordInputProps, BoundProps | 'visibilityToggleButtonProps'> &
  BoundField & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('password.showPassword') }}
      required
      maxLength={FIELD_MAX.password}
      error={error && t(error)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
