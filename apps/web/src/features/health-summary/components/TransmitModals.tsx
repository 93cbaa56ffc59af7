import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { HEALTH_SUMMARY_LIMITS } from '@portal/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  EMAIL_FIELDS,
  emailFormErrors,
  firstError,
  SECURE_FIELDS,
  secureFormErrors,
  type EmailForm,
  type FieldMessage,
  type SecureForm,
} from '../lib/transmit-form';
import { SummaryModal } from './SummaryModal';

type Errors<F extends string> = Partial<Record<F, FieldMessage>>;

/**
 * Send by Email (spec 002, 2.7 and 5): From (the account's confirmed address, shown and not editable, or a line
 * saying there is none: issue 31, finding 8), To, an optional message; a warning that standard email is not secure,
 * that the summary goes as an attachment and how the message is sent. The checks run on Send, never on blur; the
 * first field with an error takes focus. A valid Send closes it and sends.
 */
export function EmailModal(props: TransmitProps<EmailForm> & { opened: boolean; sender: string | null }) {
  const { t } = useTranslation();
  return (
    <SummaryModal
      opened={props.opened}
      title={t('healthSummary.email.title')}
      testId="email-modal"
      onClose={props.onClose}
    >
      <EmailFields {...props} />
    </SummaryModal>
  );
}

interface TransmitProps<Form> {
  form: Form;
  onChange: (form: Form) => void;
  onSend: (form: Form) => void;
  onClose: () => void;
}

function EmailFields({ sender, ...props }: TransmitProps<EmailForm> & { sender: string | null }) {
  const { t } = useTranslation();
  return (
    <TransmitForm {...props} fields={EMAIL_FIELDS} check={emailFormErrors}>
      {(bind) => (
        <>
          <Alert color="yellow" variant="light" role="note" data-testid="email-warning">
            {t('healthSummary.email.warning')} {t('healthSummary.email.attached')}
          </Alert>
          <Sender address={sender} />
          <TextInput
            {...bind('to')}
            type="email"
            label={t('healthSummary.email.to')}
            required
            autoComplete="off"
            data-autofocus
          />
        </>
      )}
    </TransmitForm>
  );
}

/** Who the mail comes from, as the recipient will see it: a labelled line of text, not a field to change. */
function Sender({ address }: { address: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} data-testid="email-from">
      {/* The weight every field label has. */}
      <Text id={`${id}-label`} fw="var(--mantine-font-weight-medium)" fz="sm">
        {t('healthSummary.email.from')}
      </Text>
      <Text fz="sm">{address ?? t('healthSummary.email.noAddress')}</Text>
      <Text fz="sm" c="dimmed">
        {t(address ? 'healthSummary.email.fromAccount' : 'healthSummary.email.fromNone')}{' '}
        {t('healthSummary.email.messageNote')}
      </Text>
    </div>
  );
}

/**
 * Send Securely (spec 002, 2.7 and 5): the recipient's Direct address and an optional message, with a standing note
 * saying in plain words which address to use and what to do when a summary cannot be sent to it (check it with the
 * office, or send by email: issue 32, finding 8). A valid Send closes it and sends. `failure`, when the page passes
 * one (the key secureSendFailure gives for the last refusal), shows that refusal above the fields when it opens again.
 */
export function SecureSendModal(props: TransmitProps<SecureForm> & { opened: boolean; failure?: FieldMessage | null }) {
  const { t } = useTranslation();
  return (
    <SummaryModal
      opened={props.opened}
      title={t('healthSummary.sendSecurely.title')}
      testId="send-securely-modal"
      onClose={props.onClose}
    >
      <SecureFields {...props} />
    </SummaryModal>
  );
}

function SecureFields({ failure, ...props }: TransmitProps<SecureForm> & { failure?: FieldMessage | null }) {
  const { t } = useTranslation();
  return (
    <TransmitForm {...props} fields={SECURE_FIELDS} check={secureFormErrors}>
      {(bind) => (
        <>
          {failure && (
            <Alert color="red" variant="light" role="alert" data-testid="send-securely-failure">
              {t(failure.key, failure.params)}
            </Alert>
          )}
          <TextInput
            {...bind('to')}
            type="email"
            label={t('healthSummary.sendSecurely.to')}
            description={t('healthSummary.sendSecurely.toHint')}
            required
            autoComplete="off"
            data-autofocus
          />
          <Text fz="sm" c="dimmed" role="note" data-testid="send-securely-help">
            {t('healthSummary.sendSecurely.help')}
          </Text>
        </>
      )}
    </TransmitForm>
  );
}

/** What a field of the form takes: its id (for focus), its value, its error text and its change handler. */
interface FieldBinding {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

/**
 * The form both share: the fields the caller lays out (through `bind`), then the message and the buttons. The checks
 * run on Send; the first field with an error takes focus, and an error goes as soon as its field changes.
 */
function TransmitForm<F extends string, Form extends Record<F | 'message', string>>({
  form,
  onChange,
  onSend,
  onClose,
  fields,
  check,
  children,
}: TransmitProps<Form> & {
  fields: readonly F[];
  check: (form: Form) => Errors<string>;
  children: (bind: (field: F) => FieldBinding) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<Errors<string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(form);
    const first = firstError(fields, found);
    setErrors(found);
    if (first !== null) document.getElementById(`${id}-${first}`)?.focus();
    else onSend(form);
  };
  const bind = (field: F | 'message'): FieldBinding => {
    const found = errors[field];
    return {
      id: `${id}-${field}`,
      value: form[field],
      error: found ? t(found.key, found.params) : undefined,
      onChange: (event) => {
        onChange({ ...form, [field]: event.currentTarget.value });
        if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
      },
    };
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {children(bind)}
        <MessageField {...bind('message')} />
        <Buttons onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** The optional message of both: 3 rows, at most 2000 characters (its count shown as it is typed). */
function MessageField({ id, value, error, onChange }: FieldBinding) {
  const { t } = useTranslation();
  return (
    <Textarea
      id={id}
      label={t('healthSummary.transmit.message')}
      rows={HEALTH_SUMMARY_LIMITS.messageRows}
      value={value}
      error={error}
      description={t('healthSummary.transmit.characterCount', {
        count: value.length,
        max: HEALTH_SUMMARY_LIMITS.messageMaxLength,
      })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      onChange={onChange}
    />
  );
}

function Buttons({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit">{t('healthSummary.transmit.send')}</Button>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}
