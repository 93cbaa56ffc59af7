import { Button, Group, Paper, Stack } from '@mantine/core';
import { SECURE_MESSAGE_LIMITS } from '@portal/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { CancelConfirmModal } from '../../../components/CancelConfirmModal';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { sendReply } from '../api/reply';
import {
  contentProblem,
  keyForSend,
  newIdempotencyKey,
  problemMessage,
  shownProblem,
  type PendingSend,
} from '../lib/sending';
import type { EditorSnapshot, MessageEditorHandle } from './editor/editor-types';
import { LazyMessageEditor } from './LazyMessageEditor';
import { LegalText } from './LegalText';

/**
 * The reply box (spec 002, 2.6 and 4): the editor of 5 rows with 'Write a reply...', Send Message and Cancel, the
 * legal message under it. Sending it empty says 'Required' until the patient types; a successful send or Cancel
 * closes it (Cancel first asks 'Are you sure?' when something is written).
 */
export function ReplyBox({
  patientId,
  threadId,
  message,
  onMessageChange,
  onSent,
  onClose,
}: {
  patientId: number;
  threadId: number;
  /** What is written so far: kept by the page, so a box drawn again (the window resized) keeps it. */
  message: EditorSnapshot;
  onMessageChange: (message: EditorSnapshot) => void;
  onSent: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editor = useRef<MessageEditorHandle>(null);
  const [requiredShown, setRequiredShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The key of the message being sent: a retry of the same message reuses it, so it is stored once.
  const pending = useRef<PendingSend | null>(null);

  const problem = contentProblem(message.length);
  const shown = problemMessage(shownProblem(problem, requiredShown), SECURE_MESSAGE_LIMITS.contentMax);

  const change = (snapshot: EditorSnapshot) => {
    // Typing clears the invalid state (a mode switch that changes nothing does not).
    if (snapshot.html !== message.html) setRequiredShown(false);
    onMessageChange(snapshot);
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (problem !== null) {
      setRequiredShown(true);
      editor.current?.focus();
      return;
    }
    pending.current = keyForSend(pending.current, `${threadId}\n${message.html}`, newIdempotencyKey);
    setSending(true);
    try {
      await sendReply(patientId, threadId, { content: message.html }, pending.current.key);
      pending.current = null;
      messageBar.show({ type: 'success', key: 'secureMessages.messages.securemessagesent' });
      onSent();
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.isSessionTimeout) return;
      messageBar.show({ type: 'error', key: 'secureMessages.messages.securemessagesendfailed' });
    }
  };

  const cancel = () => {
    if (message.length > 0) setConfirming(true);
    else onClose();
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      noValidate
      onSubmit={(e) => void send(e)}
      data-testid="reply-box"
    >
      <Stack gap="sm">
        <LazyMessageEditor
          ref={editor}
          id={`reply-${threadId}`}
          label={t('secureMessages.replyLabel')}
          placeholder={t('secureMessages.replyPlaceholder')}
          rows={SECURE_MESSAGE_LIMITS.replyRows}
          maxLength={SECURE_MESSAGE_LIMITS.contentMax}
          error={shown ? t(shown.key, shown.params) : null}
          required
          autoFocus
          initial={message}
          onChange={change}
        />
        <Group gap="sm">
          <Button type="submit" loading={sending}>
            {t('secureMessages.sendMessage')}
          </Button>
          <Button variant="default" onClick={cancel} disabled={sending}>
            {t('common.cancel')}
          </Button>
        </Group>
        <LegalText />
      </Stack>
      <CancelConfirmModal
        opened={confirming}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onDismiss={() => setConfirming(false)}
      />
    </Paper>
  );
}
