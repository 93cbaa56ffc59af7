import type { CareTeamMember, MessageThread, SecureMessage, ThreadMember } from '@portal/contracts';
import { SECURE_MESSAGES_VIEW_AUDIT_EVENT, THREAD_PATCH_ARCHIVED_PATH, threadReviewedPath } from '@portal/contracts';

// The rules of the Messages screen (spec 002, 2.6 and 4): which threads a filter shows, which are unread, when a
// reply is allowed, who wrote a message, whom a patient may write to, and the JSON patches that change a thread.

export const VIEW_AUDIT_EVENT = SECURE_MESSAGES_VIEW_AUDIT_EVENT;

/** The Current/Archive filter (default Current). */
export type ThreadFilter = 'current' | 'archive';
export const THREAD_FILTERS: readonly ThreadFilter[] = ['current', 'archive'];

/** The patient's member of a thread (the one with a patientId); the provider's has none. */
export function patientMemberOf(thread: Pick<MessageThread, 'members'>): ThreadMember | undefined {
  return thread.members.find((m) => m.patientId !== undefined && m.patientId !== null);
}

/** The other side of the conversation: the care provider's member. */
export function providerMemberOf(thread: Pick<MessageThread, 'members'>): ThreadMember | undefined {
  const patient = patientMemberOf(thread);
  return (
    thread.members.find((m) => m !== patient && m.careProviderId != null) ?? thread.members.find((m) => m !== patient)
  );
}

/** The name of a thread member as the list shows it ('Priya Raman'). */
export function memberName(member: Pick<ThreadMember, 'firstName' | 'lastName'> | undefined): string {
  return member ? `${member.firstName} ${member.lastName}`.trim() : '';
}

/** Archived for the patient: the patient's member is archived (the provider's side has its own state). */
export function isArchivedThread(thread: Pick<MessageThread, 'members'>): boolean {
  return patientMemberOf(thread)?.isArchived ?? false;
}

/** A message from the care team waits to be read: the patient's member has not reviewed the thread. */
export function isUnreadThread(thread: Pick<MessageThread, 'members'>): boolean {
  const member = patientMemberOf(thread);
  return member !== undefined && !member.areMessagesReviewed;
}

/** The threads a filter shows, newest last message first (the server's order, kept whatever it sends). */
export function threadsInView<T extends Pick<MessageThread, 'members' | 'threadId' | 'lastMessageDate'>>(
  threads: readonly T[],
  filter: ThreadFilter,
): T[] {
  return threads
    .filter((t) => isArchivedThread(t) === (filter === 'archive'))
    .sort(
      (a, b) =>
        Date.parse(b.lastMessageDate.dateTime) - Date.parse(a.lastMessageDate.dateTime) || b.threadId - a.threadId,
    );
}

/** The filter a thread is found under. */
export function filterOfThread(thread: Pick<MessageThread, 'members'>): ThreadFilter {
  return isArchivedThread(thread) ? 'archive' : 'current';
}

/** Reply shows only on the Current filter, when the care team allows replies and the patient has not archived it. */
export function canReply(thread: Pick<MessageThread, 'members' | 'replyAllowed'>, filter: ThreadFilter): boolean {
  return filter === 'current' && thread.replyAllowed && !isArchivedThread(thread);
}

/** One operation of a JSON Patch (application/json-patch+json) on a thread. */
export interface ThreadPatchOperation {
  op: 'replace';
  path: string;
  value: boolean;
}

/** Archives or unarchives the thread for the patient. */
export function archivePatch(archived: boolean): ThreadPatchOperation[] {
  return [{ op: 'replace', path: THREAD_PATCH_ARCHIVED_PATH, value: archived }];
}

/** Marks the thread's messages read for the patient's member; null when there is nothing to mark. */
export function reviewPatch(thread: Pick<MessageThread, 'members'>): ThreadPatchOperation[] | null {
  const member = patientMemberOf(thread);
  if (!member || member.areMessagesReviewed) return null;
  return [{ op: 'replace', path: threadReviewedPath(member.threadMemberId), value: true }];
}

/** Who wrote a message: the author, and the representative who wrote it for them ('X on behalf of Y'). */
export type MessageAuthor = { kind: 'author'; name: string } | { kind: 'proxy'; proxy: string; author: string };

export function authorOf(
  message: Pick<
    SecureMessage,
    'senderDisplayName' | 'authorFirstName' | 'authorLastName' | 'proxyAuthorFirstName' | 'proxyAuthorLastName'
  >,
): MessageAuthor {
  if (message.proxyAuthorFirstName) {
    const author = `${message.authorFirstName} ${message.authorLastName}`.trim() || message.senderDisplayName.trim();
    return {
      kind: 'proxy',
      proxy: `${message.proxyAuthorFirstName} ${message.proxyAuthorLastName ?? ''}`.trim(),
      author,
    };
  }
  return {
    kind: 'author',
    name: message.senderDisplayName.trim() || `${message.authorFirstName} ${message.authorLastName}`.trim(),
  };
}

/**
 * Whom the patient may write to (spec 002 section 5): care team members who are secure-message recipients for
 * the patient and have a preferred secure-message system; by last then first name, each provider once.
 */
export function messageRecipients<
  M extends Pick<
    CareTeamMember,
    | 'careProviderId'
    | 'firstName'
    | 'lastName'
    | 'preferredSecureMessageIfSystemId'
    | 'secureMessageRecipientForPatient'
  >,
>(members: readonly M[]): M[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  const seen = new Set<number>();
  return members
    .filter((m) => m.preferredSecureMessageIfSystemId !== null && m.secureMessageRecipientForPatient)
    .filter((m) => !seen.has(m.careProviderId) && seen.add(m.careProviderId))
    .sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName));
}

/** A recipient as the compose form names it: 'Priya Raman, MD'. */
export function recipientName(member: Pick<CareTeamMember, 'firstName' | 'lastName' | 'suffix'>): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return member.suffix ? `${name}, ${member.suffix}` : name;
}

/* ------------------------------------------------------------------ the page's address */

const THREAD_PARAM = 'threadId';
const FILTER_PARAM = 'filter';
const AUTO_REDIRECT_PARAM = 'isAutoRedirect';
const CARE_PROVIDER_PARAM = 'careProviderId';

/** A whole positive number from the address, else null. */
function idParam(value: string | null): number | null {
  const text = (value ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** What the address asks of the page: /secure-messages?threadId=12&filter=archive, ?isAutoRedirect=true&threadId=. */
export interface MessagesAddress {
  filter: ThreadFilter;
  /** Whether the address names the filter (a thread opened by link without one finds its own filter). */
  filterGiven: boolean;
  threadId: number | null;
  /** A compose form to open with this care provider chosen (/secure-message?careProviderId=). */
  careProviderId: number | null;
  autoRedirect: boolean;
}

export function readAddress(search: URLSearchParams): MessagesAddress {
  const filterText = (search.get(FILTER_PARAM) ?? '').toLowerCase();
  return {
    filter: filterText === 'archive' ? 'archive' : 'current',
    filterGiven: filterText === 'archive' || filterText === 'current',
    threadId: idParam(search.get(THREAD_PARAM)),
    careProviderId: idParam(search.get(CARE_PROVIDER_PARAM)),
    autoRedirect: (search.get(AUTO_REDIRECT_PARAM) ?? '').toLowerCase() === 'true',
  };
}

/**
 * The address of a view: the filter (Current is the default, not written) and the open thread. Anything else the
 * address held (isAutoRedirect, careProviderId) has done its work and goes.
 */
export function addressOf(view: { filter: ThreadFilter; threadId: number | null }): URLSearchParams {
  const next = new URLSearchParams();
  if (view.filter === 'archive') next.set(FILTER_PARAM, 'archive');
  if (view.threadId !== null) next.set(THREAD_PARAM, String(view.threadId));
  return next;
}

/**
 * The view the page shows once the threads are known: a thread the address names opens under its own filter
 * when the address gave none (an archived thread opened from an email shows under Archive); a thread the list
 * does not hold is no selection.
 */
export function resolveView(
  address: Pick<MessagesAddress, 'filter' | 'filterGiven' | 'threadId'>,
  threads: readonly Pick<MessageThread, 'threadId' | 'members'>[] | undefined,
): { filter: ThreadFilter; threadId: number | null } {
  if (address.threadId === null || threads === undefined) return { filter: address.filter, threadId: address.threadId };
  const thread = threads.find((t) => t.threadId === address.threadId);
  if (!thread) return { filter: address.filter, threadId: null };
  const own = filterOfThread(thread);
  if (!address.filterGiven) return { filter: own, threadId: thread.threadId };
  return own === address.filter
    ? { filter: own, threadId: thread.threadId }
    : { filter: address.filter, threadId: null };
}
