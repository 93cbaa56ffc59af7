import { Checkbox, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import {
  ADDRESS_FIELDS,
  MAX_LENGTH,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
} from '../../lib/contact-form';

/** The fields whose value is text, and those that are a tick. */
export type TextFieldName = Exclude<
  {
    [K in ContactField]: ContactFormValues[K] extends string ? K : never;
  }[ContactField],
  undefined
>;
export type FlagFieldName = Exclude<ContactField, TextFieldName>;

/** What every section of the contact form reads and changes. */
export interface ContactFields {
  values: ContactFormValues;
  /** Language-pack keys. */
  errors: ContactErrors;
  /** One field changed: its error goes. */
  set: <K extends ContactField>(field: K, value: ContactFormValues[K]) => void;
  /** Several fields changed at once (from the current values); `clear` lists the errors that go. */
  update: (change: (values: ContactFormValues) => Partial<ContactFormValues>, clear?: ContactField[]) => void;
}

/**
 * Locked address fields look disabled (grey field and border, muted text and chevron, a not-allowed pointer) yet
 * stay readable: the muted text keeps over 7:1 on the grey, where the library's own disabled look fades it to
 * about 2:1.
 */
export const LOCKED = {
  input: {
    opacity: 1,
    cursor: 'not-allowed',
    color: 'var(--mantine-color-gray-7)',
    backgroundColor: 'var(--mantine-color-gray-1)',
    borderColor: 'var(--mantine-color-gray-3)',
  },
  section: { color: 'var(--mantine-color-gray-5)' },
};

/** The empty first option of a select. */
export const choose = (label: string) => ({ value: '', label });

/**
 * One section of the form: a bordered region headed by its title. With an anchor, a link can name the section
 * (#anchor) and the form can scroll to it and put the focus on it.
 */
export function FormSection({ title, anchor, children }: { title: string; anchor?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      id={anchor}
      tabIndex={anchor ? -1 : undefined}
      aria-labelledby={id}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
    >
      <Title order={2} id={id} fz={{ base: 19, sm: 21 }} mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** A text field with its limit and error; address fields are locked while the patient's address is used. */
export function ContactTextInput({
  fields,
  field,
  label,
  required,
  type = 'text',
}: {
  fields: ContactFields;
  field: TextFieldName;
  label: string;
  required?: boolean;
  type?: string;
}) {
  const { t } = useTranslation();
  const { values, errors, set } = fields;
  const locked = values.usePatientAddress && (ADDRESS_FIELDS as readonly string[]).includes(field);
  const error = errors[field];
  return (
    <TextInput
      name={field}
      label={label}
      type={type}
      required={required}
      maxLength={MAX_LENGTH[field]}
      value={values[field]}
      error={error && t(error)}
      disabled={locked}
      styles={locked ? LOCKED : undefined}
      onChange={(e) => set(field, e.currentTarget.value)}
    />
  );
}

/** A tick box bound to a yes/no field. */
export function ContactCheckbox({
  fields,
  field,
  label,
  description,
}: {
  fields: ContactFields;
  field: FlagFieldName;
  label: string;
  description?: string;
}) {
  return (
    <Checkbox
      name={field}
      label={label}
      description={description}
      checked={fields.values[field]}
      onChange={(e) => fields.set(field, e.currentTarget.checked)}
    />
  );
}
