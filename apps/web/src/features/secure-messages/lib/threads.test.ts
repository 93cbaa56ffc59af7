import { describe, expect, it } from 'vitest';
import { careTeamMember } from '../../../test/care-team';
import type { CareTeamMember, MessageThread, SecureMessage, ThreadMember } from '@portal/contracts';
import {
  addressOf,
  archivePatch,
  authorOf,
  canReply,
  isArchivedThread,
  isUnreadThread,
  memberName,
  messageRecipients,
  patientMemberOf,
  providerMemberOf,
  readAddress,
  recipientName,
  resolveView,
  reviewPatch,
  threadsInView,
} from './threads';

const member = (over: Partial<ThreadMember> = {}): ThreadMember => ({
  threadMemberId: 11,
  patientId: 7,
  firstName: 'Jane',
  lastName: 'Doe',
  isArchived: false,
  areMessagesReviewed: true,
  visibleNumberOfMessages: 2,
  statusData: { reviewedOnDate: null },
  ...over,
});

const provider = (over: Partial<ThreadMember> = {}): ThreadMember => {
  const { patientId: _ignored, ...rest } = member({ threadMemberId: 12, firstName: 'Priya', lastName: 'Raman' });
  return { ...rest, careProviderId: 3, ...over };
};

const thread = (over: Partial<MessageThread> = {}, patient: Partial<ThreadMember> = {}): MessageThread => ({
  threadId: 1,
  subjectText: 'Question about my medication',
  lastMessageDate: { datePart: '2026-03-05', timePart: '14:30', dateTime: '2026-03-05T19:30:00.000Z' },
  replyAllowed: true,
  referencedPatientId: 7,
  referencedPatientDateOfBirth: '1968-04-12',
  members: [member(patient), provider()],
  ...over,
});

describe('the members of a thread', () => {
  it("finds the patient's member by its patientId and the provider's as the other", () => {
    const t = thread({ members: [provider(), member()] });
    expect(patientMemberOf(t)?.threadMemberId).toBe(11);
    expect(providerMemberOf(t)?.threadMemberId).toBe(12);
    expect(memberName(providerMemberOf(t))).toBe('Priya Raman');
    expect(memberName(undefined)).toBe('');
  });

  it("reads archived and unread from the patient's member only", () => {
    expect(isArchivedThread(thread({}, { isArchived: true }))).toBe(true);
    expect(isArchivedThread(thread({ members: [member(), provider({ isArchived: true })] }))).toBe(false);
    expect(isUnreadThread(thread({}, { areMessagesReviewed: false }))).toBe(true);
    expect(isUnreadThread(thread({ members: [member(), provider({ areMessagesReviewed: false })] }))).toBe(false);
  });
});

describe('threadsInView', () => {
  const a = thread({ threadId: 1, lastMessageDate: { datePart: '', timePart: '', dateTime: '2026-03-01T10:00:00Z' } });
  const b = thread({ threadId: 2, lastMessageDate: { datePart: '', timePart: '', dateTime: '2026-03-04T10:00:00Z' } });
  const archived = thread({ threadId: 3 }, { isArchived: true });

  it('shows current threads under Current and archived ones under Archive, newest last message first', () => {
    expect(threadsInView([a, archived, b], 'current').map((t) => t.threadId)).toEqual([2, 1]);
    expect(threadsInView([a, archived, b], 'archive').map((t) => t.threadId)).toEqual([3]);
  });

  it('orders threads of the same moment by the newest thread first', () => {
    const c = { ...a, threadId: 9 };
    expect(threadsInView([a, c], 'current').map((t) => t.threadId)).toEqual([9, 1]);
  });
});

describe('canReply', () => {
  it('allows a reply only on Current, when the thread allows replies and is not archived', () => {
    expect(canReply(thread(), 'current')).toBe(true);
    expect(canReply(thread(), 'archive')).toBe(false);
    expect(canReply(thread({ replyAllowed: false }), 'current')).toBe(false);
    expect(canReply(thread({}, { isArchived: true }), 'current')).toBe(false);
  });
});

describe('the JSON patches', () => {
  it("marks the patient's member reviewed, and nothing when it already is", () => {
    expect(reviewPatch(thread({}, { areMessagesReviewed: false, threadMemberId: 41 }))).toEqual([
      { op: 'replace', path: '/members/41/areMessagesReviewed', value: true },
    ]);
    expect(reviewPatch(thread())).toBeNull();
  });

  it('archives and unarchives', () => {
    expect(archivePatch(true)).toEqual([{ op: 'replace', path: '/isArchived', value: true }]);
    expect(archivePatch(false)).toEqual([{ op: 'replace', path: '/isArchived', value: false }]);
  });
});

describe('authorOf', () => {
  const message = (over: Partial<SecureMessage> = {}): SecureMessage => ({
    messageId: 1,
    content: '<p>Hello</p>',
    displayDate: { datePart: '2026-03-05', timePart: '14:30' },
    messageDate: '2026-03-05T19:30:00.000Z',
    senderDisplayName: 'Priya Raman, MD',
    fromPatient: false,
    authorFirstName: 'Priya',
    authorLastName: 'Raman',
    proxyAuthorFirstName: null,
    proxyAuthorLastName: null,
    ...over,
  });

  it('names the sender as the server gives it', () => {
    expect(authorOf(message())).toEqual({ kind: 'author', name: 'Priya Raman, MD' });
  });

  it("names a representative's message 'X on behalf of Y': X the representative, Y the patient", () => {
    expect(
      authorOf(
        message({
          senderDisplayName: 'Jane Doe',
          authorFirstName: 'Jane',
          authorLastName: 'Doe',
          proxyAuthorFirstName: 'Robert',
          proxyAuthorLastName: 'Doe',
          fromPatient: true,
        }),
      ),
    ).toEqual({ kind: 'proxy', proxy: 'Robert Doe', author: 'Jane Doe' });
  });
});

describe('messageRecipients', () => {
  const careTeam = (over: Partial<CareTeamMember>): CareTeamMember =>
    careTeamMember({ preferredSecureMessageIfSystemId: 5, ...over });

  it('keeps members who are recipients for the patient and have a preferred system, by last then first name', () => {
    const list = [
      careTeam({ careProviderId: 1, firstName: 'Priya', lastName: 'Raman' }),
      careTeam({ careProviderId: 2, firstName: 'Megan', lastName: 'Li', secureMessageRecipientForPatient: false }),
      careTeam({ careProviderId: 3, firstName: 'Daniel', lastName: 'Brooks', preferredSecureMessageIfSystemId: null }),
      careTeam({ careProviderId: 4, firstName: 'Samuel', lastName: 'Okafor' }),
      careTeam({ careProviderId: 4, careTeamId: 9, firstName: 'Samuel', lastName: 'Okafor' }),
    ];
    expect(messageRecipients(list).map((m) => m.careProviderId)).toEqual([4, 1]);
  });

  it('names a recipient with the suffix', () => {
    expect(recipientName({ firstName: 'Priya', lastName: 'Raman', suffix: 'MD' })).toBe('Priya Raman, MD');
    expect(recipientName({ firstName: 'Megan', lastName: 'Li', suffix: null })).toBe('Megan Li');
  });
});

describe("the page's address", () => {
  it('reads the filter, the thread, the care provider and isAutoRedirect', () => {
    expect(readAddress(new URLSearchParams('isAutoRedirect=true&threadId=12'))).toEqual({
      filter: 'current',
      filterGiven: false,
      threadId: 12,
      careProviderId: null,
      autoRedirect: true,
    });
    expect(readAddress(new URLSearchParams('filter=archive&careProviderId=4'))).toMatchObject({
      filter: 'archive',
      filterGiven: true,
      careProviderId: 4,
    });
  });

  it('takes anything but a whole positive number as no id', () => {
    for (const value of ['0', '-1', '1.5', 'abc', '1e3', '99999999999', ' ']) {
      expect(readAddress(new URLSearchParams({ threadId: value })).threadId, value).toBeNull();
    }
  });

  it('writes the view back without the one-off parameters', () => {
    expect(addressOf({ filter: 'current', threadId: null }).toString()).toBe('');
    expect(addressOf({ filter: 'archive', threadId: 5 }).toString()).toBe('filter=archive&threadId=5');
  });
});

describe('resolveView', () => {
  const current = thread({ threadId: 1 });
  const archived = thread({ threadId: 2 }, { isArchived: true });
  const address = (threadId: number | null, filter: 'current' | 'archive' = 'current', filterGiven = false) => ({
    threadId,
    filter,
    filterGiven,
  });

  it('opens a thread named by a link under its own filter (an archived one under Archive)', () => {
    expect(resolveView(address(2), [current, archived])).toEqual({ filter: 'archive', threadId: 2 });
    expect(resolveView(address(1), [current, archived])).toEqual({ filter: 'current', threadId: 1 });
  });

  it('keeps the selection while the threads are not known, and drops a thread the list does not hold', () => {
    expect(resolveView(address(9), undefined)).toEqual({ filter: 'current', threadId: 9 });
    expect(resolveView(address(9), [current])).toEqual({ filter: 'current', threadId: null });
  });

  it('closes a thread the chosen filter does not show', () => {
    expect(resolveView(address(2, 'current', true), [current, archived])).toEqual({
      filter: 'current',
      threadId: null,
    });
    expect(resolveView(address(2, 'archive', true), [current, archived])).toEqual({ filter: 'archive', threadId: 2 });
  });
});
