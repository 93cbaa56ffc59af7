import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS, type MessageThread, type SecureMessage } from '@portal/contracts';
import { useState, type Ref } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { formatDay, formatTimeOfDay } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { patchThread } from '../api/patch-thread';
import { threadQuery } from '../api/thread';
import {
  archivePatch,
  authorOf,
  canReply,
  isArchivedThread,
  memberName,
  providerMemberOf,
  type ThreadFilter,
} from '../lib/threads';
import type { EditorSnapshot } from './editor/editor-types';
import { MessageContent } from './MessageContent';
import { ReplyBox } from './ReplyBox';
import classes from './ThreadPane.module.css';
import { useMarkReviewed } from './use-mark-reviewed';

/**
 * The thread pane (spec 002, 2.6): the subject, Archive or Unarchive, Reply (Current only, when replies are
 * allowed), the messages oldest first with date and time, author and content, and the reply box.
 */
export function ThreadPane({
  patientId,
  thread,
  filter,
  reply,
  headingRef,
  replyButtonRef,
  onReply,
  onReplyClosed,
  onReplySent,
  onReplyChange,
  onArchiveChanged,
  onError,
}: {
  patientId: number;
  /** The thread as the list has it: its subject and state show at once, the messages follow. */
  thread: MessageThread;
  filter: ThreadFilter;
  /** The reply being written (the box is open), or null. */
  reply: EditorSnapshot | null;
  headingRef: Ref<HTMLHeadingElement>;
  replyButtonRef: Ref<HTMLButtonElement>;
  onReply: () => void;
  onReplyClosed: () => void;
  onReplySent: () => void;
  onReplyChange: (message: EditorSnapshot) => void;
  onArchiveChanged: (archived: boolean) => void;
  /** A failed mark-as-read: the server's message in the message bar. */
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery(threadQuery(patientId, thread.threadId));
  useLoadErrorMessage(detail.error);
  useMarkReviewed(patientId, detail.data, onError);
  const [archiving, setArchiving] = useState(false);
  const archived = isArchivedThread(thread);
  const replyAllowed = canReply(thread, filter);
  const provider = memberName(providerMemberOf(thread));

  const toggleArchive = async () => {
    setArchiving(true);
    try {
      await patchThread(patientId, thread.threadId, archivePatch(!archived));
      messageBar.show({
        type: 'success',
        key: archived
          ? 'secureMessages.messages.securemessagethreadunarchived'
          : 'secureMessages.messages.securemessagethreadarchived',
      });
      onArchiveChanged(!archived);
    } catch (error) {
      setArchiving(false);
      if (error instanceof ApiError && error.isSessionTimeout) return;
      messageBar.show({ type: 'error', key: 'secureMessages.messages.securemessagearchivefailed' });
    }
  };

  return (
    <Stack gap="md" data-testid="thread-pane">
      <Stack gap={4}>
        <Title
          order={2}
          fz={{ base: 20, sm: 24 }}
          ref={headingRef}
          tabIndex={-1}
          className={classes.subject}
          data-thread-id={thread.threadId}
        >
          {thread.subjectText}
        </Title>
        {provider && <Text c="gray.7">{t('secureMessages.with', { name: provider })}</Text>}
      </Stack>
      <Group gap="sm">
        {replyAllowed && reply === null && (
          <Button ref={replyButtonRef} onClick={onReply}>
            {t('secureMessages.reply')}
          </Button>
        )}
        <Button variant="default" onClick={() => void toggleArchive()} loading={archiving}>
          {t(archived ? 'secureMessages.unarchive' : 'secureMessages.archive')}
        </Button>
      </Group>
      {filter === 'current' && !thread.replyAllowed && (
        <Text size="sm" c="gray.7" data-testid="reply-not-allowed">
          {t('secureMessages.replyNotAllowed')}
        </Text>
      )}
      {detail.data ? (
        <Box component="ol" aria-label={t('secureMessages.messagesLabel')} className={classes.messages}>
          {detail.data.messages.map((message) => (
            <MessageItem key={message.messageId} message={message} />
          ))}
        </Box>
      ) : detail.isError ? null : (
        <DelayedLoader label={t('app.loading')} />
      )}
      {reply !== null && replyAllowed && (
        <ReplyBox
          patientId={patientId}
          threadId={thread.threadId}
          message={reply}
          onMessageChange={onReplyChange}
          onSent={onReplySent}
          onClose={onReplyClosed}
        />
      )}
    </Stack>
  );
}

/** One message: who wrote it ('X on behalf of Y' for a representative), when, and what. */
function MessageItem({ message }: { message: SecureMessage }) {
  const { t } = useTranslation();
  const facility = useFacility();
  const author = authorOf(message);
  const when = t('secureMessages.dateTime', {
    date: formatDay(message.displayDate.datePart, DATE_FORMATS.list),
    time: formatTimeOfDay(message.messageDate, facility.timeZone.id),
  });
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.message}
      data-from-patient={message.fromPatient || undefined}
      data-testid="message"
    >
      <Group justify="space-between" align="baseline" gap="xs" mb="xs" wrap="wrap">
        <Text fw={700} data-testid="message-author" className={classes.author}>
          {author.kind === 'proxy'
            ? t('secureMessages.onBehalfOf', { proxy: author.proxy, author: author.author })
            : author.name}
        </Text>
        <Text component="time" dateTime={message.messageDate} size="sm" c="gray.7" data-testid="message-date">
          {when}
        </Text>
      </Group>
      <MessageContent html={message.content} />
    </Paper>
  );
}
