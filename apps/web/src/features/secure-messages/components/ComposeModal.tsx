import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SECURE_MESSAGE_LIMITS, subjectLength } from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { CancelConfirmModal } from '../../../components/CancelConfirmModal';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { useBreakpoint } from '../../../lib/layout-size';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { careTeamQuery } from '../../../shared/api/care-team';
import { sendNewMessage } from '../api/new-message';
import {
  contentProblem,
  keyForSend,
  newIdempotencyKey,
  problemMessage,
  recipientProblem,
  shownProblem,
  subjectProblem,
  type FieldProblem,
  type PendingSend,
} from '../lib/sending';
import { messageRecipients, recipientName } from '../lib/threads';
import { EMPTY_MESSAGE, type EditorSnapshot, type MessageEditorHandle } from './editor/editor-types';
import { LazyMessageEditor } from './LazyMessageEditor';
import { LegalText } from './LegalText';

type Field = 'recipient' | 'subject' | 'content';

/**
 * 'New Message' (spec 002, 2.6 and 5): the recipient (care team members the patient may write to), the subject
 * (required, 100 at most) and the message (required, 2000 at most), Send and Cancel. Opened from the page, from
 * /secure-message, or from a care team card with that member chosen. Closing it with something written first
 * asks 'Are you sure?'.
 */
export function ComposeModal({
  patientId,
  opened,
  careProviderId,
  onSent,
  onClose,
  onDirtyChange,
}: {
  patientId: number;
  opened: boolean;
  /** The member chosen when it opens (a care team card's Send Secure Message). */
  careProviderId: number | null;
  onSent: (threadId: number) => void;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'xsmall';
  const [confirming, setConfirming] = useState(false);
  const dirty = useRef(false);

  const reportDirty = (value: boolean) => {
    dirty.current = value;
    onDirtyChange(value);
  };
  const requestClose = () => {
    if (!dirty.current) onClose();
    // On the next task: opened within the Escape key's own event, the dialog would take that Escape as its own
    // and close at once (both listen on the window).
    else window.setTimeout(() => setConfirming(true), 0);
  };

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={t('secureMessages.compose.title')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="compose-modal"
    >
      {opened && (
        <ComposeForm
          patientId={patientId}
          careProviderId={careProviderId}
          onSent={(threadId) => {
            reportDirty(false);
            onSent(threadId);
          }}
          onCancel={requestClose}
          onDirtyChange={reportDirty}
        />
      )}
      <CancelConfirmModal
        opened={confirming}
        onConfirm={() => {
          setConfirming(false);
          reportDirty(false);
          onClose();
        }}
        onDismiss={() => setConfirming(false)}
      />
    </Modal>
  );
}

function ComposeForm({
  patientId,
  careProviderId,
  onSent,
  onCancel,
  onDirtyChange,
}: {
  patientId: number;
  careProviderId: number | null;
  onSent: (threadId: number) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const careTeam = useQuery(careTeamQuery(patientId));
  useLoadErrorMessage(careTeam.error);
  const recipients = messageRecipients(careTeam.data ?? []);
  const allowed = recipients.map((m) => m.careProviderId);

  const [chosen, setChosen] = useState<number | null>(careProviderId);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState<EditorSnapshot>(EMPTY_MESSAGE);
  const [requiredShown, setRequiredShown] = useState<ReadonlySet<Field>>(new Set());
  const [sending, setSending] = useState(false);
  const pending = useRef<PendingSend | null>(null);
  const recipientRef = useRef<HTMLSelectElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const editor = useRef<MessageEditorHandle>(null);

  // A member who is not (or no longer) someone the patient may write to is no choice.
  const recipient = chosen !== null && allowed.includes(chosen) ? chosen : null;
  const problems: Record<Field, FieldProblem> = {
    recipient: careTeam.data ? recipientProblem(recipient, allowed) : null,
    subject: subjectProblem(subject),
    content: contentProblem(message.length),
  };
  const errorOf = (field: Field, maxLength = 0) => {
    const shown = problemMessage(shownProblem(problems[field], requiredShown.has(field)), maxLength);
    return shown ? t(shown.key, shown.params) : null;
  };

  const changed = (field: Field, next: { subject?: string; length?: number; chosen?: number | null }) => {
    setRequiredShown((before) => {
      if (!before.has(field)) return before;
      const after = new Set(before);
      after.delete(field);
      return after;
    });
    const dirty =
      (next.subject ?? subject).trim() !== '' ||
      (next.length ?? message.length) > 0 ||
      (next.chosen !== undefined ? next.chosen : chosen) !== careProviderId;
    onDirtyChange(dirty);
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !careTeam.data) return;
    const failing = (['recipient', 'subject', 'content'] as const).filter((field) => problems[field] !== null);
    if (failing.length > 0 || recipient === null) {
      setRequiredShown(new Set(failing.filter((field) => problems[field] === 'required')));
      // The first field with an error takes focus (spec 002 section 5).
      const first = failing[0];
      if (first === 'recipient') recipientRef.current?.focus();
      else if (first === 'subject') subjectRef.current?.focus();
      else editor.current?.focus();
      return;
    }
    const body = { subject: subject.trim(), content: message.html };
    pending.current = keyForSend(pending.current, JSON.stringify([recipient, body]), newIdempotencyKey);
    setSending(true);
    try {
      const sent = await sendNewMessage(patientId, recipient, body, pending.current.key);
      pending.current = null;
      messageBar.show({ type: 'success', key: 'secureMessages.messages.securemessagesent' });
      onSent(sent.threadId);
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.isSessionTimeout) return;
      messageBar.show({ type: 'error', key: 'secureMessages.messages.securemessagesendfailed' });
    }
  };

  if (!careTeam.data) {
    return careTeam.isError ? (
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    ) : (
      <DelayedLoader label={t('app.loading')} />
    );
  }

  return (
    <form noValidate onSubmit={(e) => void send(e)}>
      <Stack gap="md">
        {recipients.length === 0 && (
          <Alert color="blue" variant="light" role="note" data-testid="no-recipients">
            {t('secureMessages.compose.noRecipients')}
          </Alert>
        )}
        <NativeSelect
          ref={recipientRef}
          label={t('secureMessages.compose.recipient')}
          required
          value={recipient === null ? '' : String(recipient)}
          error={errorOf('recipient')}
          data={[
            { value: '', label: t('secureMessages.compose.recipientPlaceholder') },
            ...recipients.map((m) => ({ value: String(m.careProviderId), label: recipientName(m) })),
          ]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            const next = value === '' ? null : Number(value);
            setChosen(next);
            changed('recipient', { chosen: next });
          }}
        />
        <TextInput
          ref={subjectRef}
          label={t('secureMessages.compose.subject')}
          required
          value={subject}
          autoComplete="off"
          // Opened for a chosen member (a care team card): the subject is the first thing to write.
          data-autofocus={careProviderId !== null || undefined}
          description={t('secureMessages.characterCount', {
            count: subjectLength(subject),
            max: SECURE_MESSAGE_LIMITS.subjectMax,
          })}
          error={errorOf('subject', SECURE_MESSAGE_LIMITS.subjectMax)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setSubject(value);
            changed('subject', { subject: value });
          }}
        />
        <LazyMessageEditor
          ref={editor}
          id="compose-message"
          label={t('secureMessages.compose.content')}
          rows={SECURE_MESSAGE_LIMITS.composeRows}
          maxLength={SECURE_MESSAGE_LIMITS.contentMax}
          error={errorOf('content', SECURE_MESSAGE_LIMITS.contentMax)}
          required
          onChange={(snapshot) => {
            const typed = snapshot.html !== message.html;
            setMessage(snapshot);
            if (typed) changed('content', { length: snapshot.length });
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={sending} disabled={recipients.length === 0}>
            {t('secureMessages.compose.send')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('common.cancel')}
          </Button>
        </Group>
        <LegalText />
      </Stack>
    </form>
  );
}
