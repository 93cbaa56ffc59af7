import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ItemList, type ListItem } from '../../../components/ItemList';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useAfterPageShown, useRevealWhenReady } from '../../../lib/page-loading';
import { MasterDetail } from '../../../components/MasterDetail';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { refreshBadges } from '../../../lib/badges';
import { formatListDate } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { useViewAudit } from '../../../shared/api/view-audit';
import type { ModulePageProps } from '../../../shared/module-page';
import { countUnreadQuery } from '../api/count-unread';
import { secureMessagesKey } from '../api/keys';
import { threadsQuery } from '../api/threads';
import {
  addressOf,
  isUnreadThread,
  memberName,
  providerMemberOf,
  readAddress,
  resolveView,
  threadsInView,
  VIEW_AUDIT_EVENT,
  type ThreadFilter,
} from '../lib/threads';
import { ComposeModal } from './ComposeModal';
import { EMPTY_MESSAGE, type EditorSnapshot } from './editor/editor-types';
import { ThreadPane } from './ThreadPane';

const MESSAGES_PATH = '/secure-messages';

interface View {
  filter: ThreadFilter;
  threadId: number | null;
}

/**
 * Messages (spec 002, 2.6 and 4): the unread count, the Current/Archive filter, New Message, the thread list and
 * the thread pane; on small windows list and thread are separate views with 'Back to Messages'. The address holds
 * the view (?filter=archive&threadId=12), so a link (isAutoRedirect&threadId from the new-message email) opens a
 * thread, and every change of view passes the leave guard: with a reply or a new message half written, 'Are you
 * sure?' comes first. `compose` opens New Message at once (the /secure-message route, a care team card).
 */
export function MessagesView({ patientId, userId, compose: composeEntry }: ModulePageProps & { compose: boolean }) {
  const { t } = useTranslation();
  const facility = useFacility();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const threads = useQuery(threadsQuery(patientId));
  // Asked for once the list has shown (it counts the unread threads itself until then), with the header's badge.
  const countAsked = useAfterPageShown();
  const count = useQuery({ ...countUnreadQuery(patientId), enabled: countAsked });
  useViewAudit(VIEW_AUDIT_EVENT, userId, patientId);
  useLoadErrorMessage(threads.error);
  useLoadErrorMessage(count.error);
  // A failed mark-as-read: the server's message in the message bar.
  const [actionError, setActionError] = useState<unknown>(null);
  useLoadErrorMessage(actionError);

  const [search, setSearch] = useSearchParams();
  const address = readAddress(search);
  const view = resolveView(address, threads.data);

  const [compose, setCompose] = useState<{ careProviderId: number | null } | null>(() =>
    composeEntry || address.careProviderId !== null ? { careProviderId: address.careProviderId } : null,
  );
  const [composeDirty, setComposeDirty] = useState(false);
  // The reply being written, and in which thread: kept here, so the box keeps it when it is drawn again.
  const [reply, setReply] = useState<{ threadId: number; message: EditorSnapshot } | null>(null);
  const openReply = reply !== null && reply.threadId === view.threadId ? reply.message : null;
  const { modal: leaveModal } = useLeaveGuard(
    (openReply !== null && openReply.length > 0) || (compose !== null && composeDirty),
  );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where the keyboard goes once the view it belongs to has been drawn (a thread: its heading).
  const focusNext = useRef<{ thread: number } | 'list' | 'reply' | null>(null);

  // A change of view the page makes itself after closing a box (a message sent, a thread archived): made once the
  // closed box is drawn, so the leave guard no longer counts what was written in it.
  const [pendingView, setPendingView] = useState<{ view: View; seq: number } | null>(null);
  const madeView = useRef(0);
  useEffect(() => {
    if (!pendingView || madeView.current === pendingView.seq) return;
    madeView.current = pendingView.seq;
    void navigate({ pathname: MESSAGES_PATH, search: addressOf(pendingView.view).toString() }, { replace: true });
  }, [pendingView, navigate]);
  const goLater = (next: View) => setPendingView((p) => ({ view: next, seq: (p?.seq ?? 0) + 1 }));

  // The address says what the page shows: once the threads are known, a link's one-off parameters go and a
  // thread named by a link opens under its own filter. /secure-message keeps its address while composing.
  const wanted = addressOf(view).toString();
  useEffect(() => {
    if (composeEntry || !threads.data || wanted === search.toString()) return;
    setSearch(new URLSearchParams(wanted), { replace: true, preventScrollReset: true });
  }, [composeEntry, threads.data, wanted, search, setSearch]);

  useEffect(() => {
    const target = focusNext.current;
    const element =
      target === null
        ? null
        : target === 'list'
          ? listHeadingRef.current
          : target === 'reply'
            ? replyButtonRef.current
            : headingRef.current?.dataset.threadId === String(target.thread)
              ? headingRef.current
              : null;
    if (!element) return;
    focusNext.current = null;
    element.focus();
  });

  const show = (next: View) => {
    setSearch(addressOf(next), { replace: true, preventScrollReset: true });
  };

  /** Asks again for the threads, the open thread and the counts; resolves once they have answered. */
  const refresh = () => {
    refreshBadges();
    return queryClient.invalidateQueries({ queryKey: secureMessagesKey(patientId) });
  };

  const closeReply = (focusReply: boolean) => {
    setReply(null);
    if (focusReply) focusNext.current = 'reply';
  };

  const closeCompose = (sentThreadId: number | null) => {
    setCompose(null);
    setComposeDirty(false);
    if (sentThreadId !== null) {
      // The new thread opens once the list holds it (a thread the list does not know is no selection).
      void refresh().then(() => {
        focusNext.current = { thread: sentThreadId };
        goLater({ filter: 'current', threadId: sentThreadId });
      });
    } else if (composeEntry) {
      goLater(view);
    }
  };

  const revealed = useRevealWhenReady(Boolean(threads.data));
  if (threads.isError && !threads.data) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('secureMessages.title')}</Title>
      </Stack>
    );
  }
  if (!threads.data || !revealed) return <PagePlaceholder label={t('app.loading')} />;

  const now = new Date();
  const shown = threadsInView(threads.data, view.filter);
  const selected = view.threadId === null ? undefined : shown.find((th) => th.threadId === view.threadId);
  const unread = count.data ?? threads.data.filter((th) => isUnreadThread(th) && view.filter === 'current').length;

  const items: ListItem[] = shown.map((th) => ({
    itemId: th.threadId,
    heading: th.subjectText,
    subText: memberName(providerMemberOf(th)),
    rightText: formatListDate(th.lastMessageDate.dateTime, { timeZoneId: facility.timeZone.id, now }),
    displayBadge: isUnreadThread(th),
    badgeLabel: t('secureMessages.unread'),
  }));

  const list = (
    <Stack gap="sm">
      <VisuallyHidden>
        <h2 ref={listHeadingRef} tabIndex={-1}>
          {t(view.filter === 'archive' ? 'secureMessages.archiveListLabel' : 'secureMessages.currentListLabel')}
        </h2>
      </VisuallyHidden>
      <ItemList
        label={t(view.filter === 'archive' ? 'secureMessages.archiveListLabel' : 'secureMessages.currentListLabel')}
        items={items}
        selectedId={selected?.threadId ?? null}
        onSelect={(id) => show({ filter: view.filter, threadId: Number(id) })}
        emptyText={t('secureMessages.empty')}
      />
    </Stack>
  );

  const detail = selected ? (
    <ThreadPane
      key={selected.threadId}
      patientId={patientId}
      thread={selected}
      filter={view.filter}
      reply={openReply}
      headingRef={headingRef}
      replyButtonRef={replyButtonRef}
      onReply={() => setReply({ threadId: selected.threadId, message: EMPTY_MESSAGE })}
      onReplyClosed={() => closeReply(true)}
      onReplySent={() => {
        closeReply(true);
        void refresh();
      }}
      onReplyChange={(message) => setReply({ threadId: selected.threadId, message })}
      onArchiveChanged={() => {
        // The reply box closes, the selection clears and the list shows (spec 002 section 4).
        closeReply(false);
        focusNext.current = 'list';
        goLater({ filter: view.filter, threadId: null });
        void refresh();
      }}
      onError={setActionError}
    />
  ) : (
    <Paper withBorder radius="sm" p="xl">
      <Text ta="center" c="gray.7" data-testid="thread-hint">
        {t('secureMessages.hint')}
      </Text>
    </Paper>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center" wrap="nowrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('secureMessages.title')}
          </Title>
          {unread > 0 && (
            <Badge size="lg" circle={unread < 10} color="red.8" data-testid="secure-messages-count">
              <span aria-hidden="true">{unread}</span>
              <VisuallyHidden>{t('secureMessages.badge', { count: unread })}</VisuallyHidden>
            </Badge>
          )}
        </Group>
        <Button onClick={() => setCompose({ careProviderId: null })}>{t('secureMessages.newMessage')}</Button>
      </Group>
      <SegmentedControl
        value={view.filter}
        onChange={(value) => show({ filter: value === 'archive' ? 'archive' : 'current', threadId: null })}
        aria-label={t('secureMessages.filterLabel')}
        data={[
          { value: 'current', label: t('secureMessages.filter.current') },
          { value: 'archive', label: t('secureMessages.filter.archive') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="thread-filter"
      />
      <MasterDetail
        list={list}
        detail={detail}
        showDetail={selected !== undefined}
        onBack={() => show({ filter: view.filter, threadId: null })}
        backLabel={t('secureMessages.back')}
      />
      <ComposeModal
        patientId={patientId}
        opened={compose !== null}
        careProviderId={compose?.careProviderId ?? null}
        onDirtyChange={setComposeDirty}
        onClose={() => closeCompose(null)}
        onSent={(threadId) => closeCompose(threadId)}
      />
      {leaveModal}
    </Stack>
  );
}
