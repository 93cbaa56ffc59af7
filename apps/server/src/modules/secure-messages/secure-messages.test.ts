import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT,
  SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
  SECURE_MESSAGE_SEND_AUDIT_EVENT,
  SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT,
  SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT,
  threadReviewedPath,
  type MessageThread,
  type MessageThreadDetail,
  type SentMessage,
} from '@portal/contracts';
import { bearer, type AccessFixture, type CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, injectAs, openApiApp, type Method, type TestApp } from '../../../test/api';
import { providerIdOf, putTestProviderMessage, uniqueId } from '../../../test/secure-message-fixture';
import {
  auditEvents,
  careProviders,
  careTeamMembers,
  messageThreadMembers,
  patients,
  secureMessages,
} from '../../db/schema/index';
import { SECURE_MESSAGE_MESSAGES, SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT } from './secure-messages.service';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
/** Jane's recipients (Priya, Samuel), her nurse navigator who is not one (Megan), John's urologist (Helen). */
let priya: number;
let samuel: number;
let megan: number;
let helen: number;

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  [priya, samuel, megan, helen] = await Promise.all([
    providerIdOf(db, 'demo-cp-priya-raman'),
    providerIdOf(db, 'demo-cp-samuel-okafor'),
    providerIdOf(db, 'demo-cp-megan-li'),
    providerIdOf(db, 'demo-cp-helen-marsh'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const JSON_PATCH = { 'content-type': 'application/json-patch+json' };

const call = (who: CallerKind, method: Method, url: string, payload?: unknown, headers?: Record<string, string>) =>
  injectAs(t, fx, who, method, url, payload, headers);

const base = (patientId = fx.patientA) => `/api/patients/${patientId}/SecureMessages`;
const threadUrl = (threadId: number, patientId = fx.patientA) => `${base(patientId)}/threads/${threadId}`;

const listThreads = async (who: CallerKind = 'patientA', query = '') =>
  expectOk<MessageThread[]>(await call(who, 'GET', `${base()}${query}`));
const openThread = async (threadId: number, who: CallerKind = 'patientA') =>
  expectOk<MessageThreadDetail>(await call(who, 'GET', threadUrl(threadId)));
const countUnread = async (who: CallerKind = 'patientA') =>
  expectOk<number>(await call(who, 'GET', `${base()}/countUnread`));
const patchThread = (threadId: number, operations: unknown, who: CallerKind = 'patientA', patientId = fx.patientA) =>
  call(who, 'PATCH', threadUrl(threadId, patientId), operations, JSON_PATCH);
const archive = (threadId: number, value = true) =>
  patchThread(threadId, [{ op: 'replace', path: '/isArchived', value }]);
const sendNew = (
  careProviderId: number,
  body: Record<string, unknown> = { subject: 'A question', content: '<p>Can I eat before the scan?</p>' },
  who: CallerKind = 'patientA',
  headers: Record<string, string> = {},
) => call(who, 'POST', `${base()}/new/${careProviderId}`, body, headers);
const reply = (
  threadId: number,
  content: unknown = '<p>Thank you</p>',
  who: CallerKind = 'patientA',
  headers: Record<string, string> = {},
) => call(who, 'POST', `${threadUrl(threadId)}/messages`, { content }, headers);

/** A 201 send's ids. */
function expectSent(res: Awaited<ReturnType<typeof call>>): SentMessage {
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<SentMessage>();
  expect(body).toEqual({ threadId: expect.any(Number), messageId: expect.any(Number) });
  return body;
}

/** A thread a care provider began with Jane (unread for her), with what the test needs. */
async function providerThread(options: Parameters<typeof putTestProviderMessage>[3] = {}, careProviderId = priya) {
  return (await putTestProviderMessage(db, fx.patientA, careProviderId, options)).threadId;
}

const patientMemberOf = (thread: MessageThread) => thread.members[0]!;
const reviewedOp = (thread: MessageThread, value = true) => ({
  op: 'replace',
  path: threadReviewedPath(patientMemberOf(thread).threadMemberId),
  value,
});

const messagesIn = (threadId: number) => db.$count(secureMessages, eq(secureMessages.threadId, threadId));
const providerMemberReviewed = (threadId: number) =>
  db
    .select({ reviewed: messageThreadMembers.areMessagesReviewed })
    .from(messageThreadMembers)
    .where(and(eq(messageThreadMembers.threadId, threadId), eq(messageThreadMembers.careProviderId, priya)))
    .then((rows) => rows[0]?.reviewed);

const lastAuditId = () =>
  db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1)
    .then((rows) => rows[0]?.id ?? 0);
/** The audit rows of these events written after `since`, oldest first. */
const auditSince = (since: number, ...events: string[]) =>
  db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, since))
    .orderBy(auditEvents.id)
    .then((rows) => rows.filter((row) => events.includes(row.eventType)));

/* ------------------------------------------------------------ the thread list */

describe('GET .../SecureMessages', () => {
  it('lists the patient’s current threads, newest first, the patient’s member first, dates on the facility’s clock', async () => {
    // 17:05 UTC in January is 12:05 in New York (Riverside's zone).
    const sentAt = new Date('2036-01-15T17:05:00Z');
    const threadId = await providerThread({ thread: { subject: 'Far future' }, sentAt });
    const threads = await listThreads();

    const dates = threads.map((thread) => thread.lastMessageDate.dateTime);
    expect(dates).toEqual([...dates].sort().reverse());
    const [jane] = await db.select().from(patients).where(eq(patients.id, fx.patientA));
    const thread = threads.find((candidate) => candidate.threadId === threadId);
    expect(thread).toEqual({
      threadId,
      subjectText: 'Far future',
      lastMessageDate: { datePart: '2036-01-15', timePart: '12:05', dateTime: '2036-01-15T17:05:00.000Z' },
      replyAllowed: true,
      referencedPatientId: fx.patientA,
      referencedPatientDateOfBirth: jane!.dateOfBirth,
      members: [
        {
          threadMemberId: expect.any(Number),
          patientId: fx.patientA,
          firstName: 'Jane',
          lastName: 'Doe',
          isArchived: false,
          areMessagesReviewed: false,
          visibleNumberOfMessages: 1,
          statusData: { reviewedOnDate: null },
        },
        {
          threadMemberId: expect.any(Number),
          careProviderId: priya,
          firstName: 'Priya',
          lastName: 'Raman',
          isArchived: false,
          areMessagesReviewed: true,
          visibleNumberOfMessages: 1,
          statusData: { reviewedOnDate: null },
        },
      ],
    });
    // The newest thread of all: it leads the list.
    expect(threads[0]!.threadId).toBe(threadId);
  });

  it('counts each thread’s messages', async () => {
    const threadId = await providerThread();
    expectSent(await reply(threadId));
    expectSent(await reply(threadId, '<p>And another thing</p>'));
    const thread = (await listThreads()).find((candidate) => candidate.threadId === threadId)!;
    expect(thread.members.map((member) => member.visibleNumberOfMessages)).toEqual([3, 3]);
  });

  it('shows archived threads only with includeArchived=true; archive and unarchive move them', async () => {
    const threadId = await providerThread();
    expectOk(await archive(threadId));
    expect((await listThreads()).map((thread) => thread.threadId)).not.toContain(threadId);
    const all = await listThreads('patientA', '?includeArchived=true');
    expect(all.find((thread) => thread.threadId === threadId)?.members[0]?.isArchived).toBe(true);
    expect((await listThreads('patientA', '?includeArchived=false')).map((thread) => thread.threadId)).not.toContain(
      threadId,
    );

    expectOk(await archive(threadId, false));
    expect((await listThreads()).map((thread) => thread.threadId)).toContain(threadId);
  });

  it('includeArchived other than true or false is a 400 naming it', async () => {
    expectError(
      await call('patientA', 'GET', `${base()}?includeArchived=yes`),
      400,
      'validation_failed',
      'includeArchived',
    );
  });

  it('never shows another patient’s threads', async () => {
    const johns = (await putTestProviderMessage(db, fx.patientB, helen)).threadId;
    expect((await listThreads('patientA', '?includeArchived=true')).map((thread) => thread.threadId)).not.toContain(
      johns,
    );
    const his = expectOk<MessageThread[]>(await call('patientB', 'GET', base(fx.patientB)));
    expect(his.map((thread) => thread.threadId)).toContain(johns);
    expect(his.every((thread) => thread.referencedPatientId === fx.patientB)).toBe(true);
  });
});

/* ------------------------------------------------------------------ one thread */

describe('GET .../SecureMessages/threads/{threadId}', () => {
  it('answers the thread with its messages oldest first, marks nothing, and writes the view audit row', async () => {
    const threadId = await providerThread({
      thread: { subject: 'Results' },
      content: '<p>Your <b>results</b> are in.</p>',
      sentAt: new Date('2026-07-04T03:30:00Z'),
    });
    const { messageId } = expectSent(await reply(threadId, '<p>Thank you!</p>'));
    const since = await lastAuditId();

    const detail = await openThread(threadId);
    expect(detail).toMatchObject({ threadId, subjectText: 'Results', replyAllowed: true });
    // Jane's reply means she has read the thread; the provider has not read her reply yet.
    expect(detail.members[0]!.areMessagesReviewed).toBe(true);
    expect(detail.members[1]!.areMessagesReviewed).toBe(false);
    expect(detail.messages).toHaveLength(2);
    expect(detail.messages[0]).toEqual({
      messageId: expect.any(Number),
      content: '<p>Your <strong>results</strong> are in.</p>',
      // 03:30 UTC on 4 July is 23:30 on 3 July in New York.
      displayDate: { datePart: '2026-07-03', timePart: '23:30' },
      messageDate: '2026-07-04T03:30:00.000Z',
      senderDisplayName: 'Priya Raman, MD',
      fromPatient: false,
      authorFirstName: 'Priya',
      authorLastName: 'Raman',
      proxyAuthorFirstName: null,
      proxyAuthorLastName: null,
    });
    expect(detail.messages[1]).toMatchObject({
      messageId,
      content: '<p>Thank you!</p>',
      senderDisplayName: 'Jane Doe',
      fromPatient: true,
      authorFirstName: 'Jane',
      authorLastName: 'Doe',
      proxyAuthorFirstName: null,
    });

    const [row] = await auditSince(since, SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT);
    expect(row).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
      outcome: 'success',
      detail: { patientId: String(fx.patientA), threadId: String(threadId), status: 200 },
    });
    expect(JSON.stringify(row!.detail)).not.toContain('results');
    // Reading marks nothing: a thread whose message from the care team is unread stays unread once opened.
    const unread = await providerThread({ thread: { subject: 'Unread' }, content: '<p>Hello</p>' });
    await openThread(unread);
    expect((await listThreads()).find((thread) => thread.threadId === unread)?.members[0]?.areMessagesReviewed).toBe(
      false,
    );
  });

  it('another patient’s thread or none is 404; an id that is not a number is 400 naming threadId', async () => {
    const johns = (await putTestProviderMessage(db, fx.patientB, helen)).threadId;
    expectError(await call('patientA', 'GET', threadUrl(johns)), 404, 'not_found', {
      message: SECURE_MESSAGE_MESSAGES.threadNotFound,
    });
    expectError(await call('patientA', 'GET', threadUrl(999_999)), 404, 'not_found');
    expectError(await call('patientA', 'GET', `${base()}/threads/abc`), 400, 'validation_failed', 'threadId');
    expectError(await call('patientA', 'GET', threadUrl(2 ** 31)), 400, 'validation_failed', 'threadId');
    expectError(await reply(2 ** 31), 400, 'validation_failed', 'threadId');
    expectError(await sendNew(2 ** 31), 400, 'validation_failed', 'careProviderId');
  });
});

/* ------------------------------------------------------------- the unread count */

describe('GET .../SecureMessages/countUnread and marking reviewed', () => {
  it('counts current unread threads; marking reviewed, archiving and a provider message move it', async () => {
    const before = await countUnread();
    const threadId = await providerThread();
    expect(await countUnread()).toBe(before + 1);
    // A second message in the same thread is the same thread.
    await providerThread({ thread: { threadId } });
    expect(await countUnread()).toBe(before + 1);

    const thread = await openThread(threadId);
    const since = await lastAuditId();
    const marked = expectOk<MessageThread>(await patchThread(threadId, [reviewedOp(thread)]));
    expect(patientMemberOf(marked)).toMatchObject({ areMessagesReviewed: true });
    expect(Date.parse(patientMemberOf(marked).statusData.reviewedOnDate!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await countUnread()).toBe(before);
    const rows = await auditSince(since, SECURE_MESSAGE_REVIEW_AUDIT_EVENT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: fx.userIds.jane, patientId: fx.patientA, detail: { threadId } });

    // Marking it again changes nothing and writes nothing.
    expectOk(await patchThread(threadId, [reviewedOp(thread)]));
    expect(await auditSince(since, SECURE_MESSAGE_REVIEW_AUDIT_EVENT)).toHaveLength(1);

    // Unread again, then archived: an archived thread does not count.
    expectOk(await patchThread(threadId, [reviewedOp(thread, false)]));
    expect(await auditSince(since, SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT)).toHaveLength(1);
    expect(await countUnread()).toBe(before + 1);
    expectOk(await archive(threadId));
    expect(await countUnread()).toBe(before);

    // A provider message brings the archived thread back, unread.
    await providerThread({ thread: { threadId } });
    expect(await countUnread()).toBe(before + 1);
    expect((await listThreads()).map((candidate) => candidate.threadId)).toContain(threadId);
  });
});

/* ------------------------------------------------------ read state per reader */

describe('read state is each reader’s own (issue 32, finding 4)', () => {
  const ROBERT: CallerKind = 'representativeOfA';
  const stateOf = async (threadId: number, who: CallerKind) => {
    const member = patientMemberOf((await listThreads(who)).find((thread) => thread.threadId === threadId)!);
    return { reviewed: member.areMessagesReviewed, reviewedOnDate: member.statusData.reviewedOnDate };
  };
  const markRead = async (threadId: number, who: CallerKind, value = true) =>
    expectOk<MessageThread>(await patchThread(threadId, [reviewedOp(await openThread(threadId, who), value)], who));

  it('robert reading jane’s message leaves it unread for her, badge and mark; his own count drops', async () => {
    const [janeBefore, robertBefore] = [await countUnread(), await countUnread(ROBERT)];
    const threadId = await providerThread({ thread: { subject: 'Your results are in' } });
    expect([await countUnread(), await countUnread(ROBERT)]).toEqual([janeBefore + 1, robertBefore + 1]);

    const since = await lastAuditId();
    const marked = await markRead(threadId, ROBERT);
    expect(patientMemberOf(marked).areMessagesReviewed).toBe(true);
    expect(await countUnread(ROBERT)).toBe(robertBefore);
    expect((await stateOf(threadId, ROBERT)).reviewed).toBe(true);
    expect(Date.parse((await stateOf(threadId, ROBERT)).reviewedOnDate!)).toBeGreaterThan(Date.now() - 60_000);

    // Jane's badge and the list's mark are as they were: she has not read it.
    expect(await countUnread()).toBe(janeBefore + 1);
    expect(await stateOf(threadId, 'patientA')).toEqual({ reviewed: false, reviewedOnDate: null });
    expect(patientMemberOf(await openThread(threadId)).areMessagesReviewed).toBe(false);
    // Audited as Robert's reading (the feed's message.read with relationship representative).
    const rows = await auditSince(since, SECURE_MESSAGE_REVIEW_AUDIT_EVENT);
    expect(rows.map((row) => [row.actorUserId, row.relationship, row.detail])).toEqual([
      [fx.userIds.robert, 'representative', { threadId }],
    ]);

    // Jane reads it: her count drops, her own reading written; Robert's state stays his.
    await markRead(threadId, 'patientA');
    expect(await countUnread()).toBe(janeBefore);
    expect(await countUnread(ROBERT)).toBe(robertBefore);
    const both = await auditSince(since, SECURE_MESSAGE_REVIEW_AUDIT_EVENT);
    expect(both.map((row) => row.relationship)).toEqual(['representative', 'self']);
  });

  it('jane reading leaves robert’s unread; marking unread and replying are each reader’s own too', async () => {
    const [janeBefore, robertBefore] = [await countUnread(), await countUnread(ROBERT)];
    const threadId = await providerThread({ thread: { subject: 'About your next visit' } });
    await markRead(threadId, 'patientA');
    expect(await countUnread()).toBe(janeBefore);
    expect(await countUnread(ROBERT)).toBe(robertBefore + 1);
    expect(await stateOf(threadId, ROBERT)).toEqual({ reviewed: false, reviewedOnDate: null });

    // Robert marks it read, then unread again: Jane's stays read.
    await markRead(threadId, ROBERT);
    await markRead(threadId, ROBERT, false);
    expect(await countUnread(ROBERT)).toBe(robertBefore + 1);
    expect(await countUnread()).toBe(janeBefore);
    expect((await stateOf(threadId, 'patientA')).reviewed).toBe(true);

    // A new message of the care team is unread for both; Robert answers it, which is his reading only.
    await providerThread({ thread: { threadId } });
    expect(await countUnread()).toBe(janeBefore + 1);
    expectSent(await reply(threadId, '<p>She will come on Tuesday.</p>', ROBERT));
    expect(await countUnread(ROBERT)).toBe(robertBefore);
    expect(await countUnread()).toBe(janeBefore + 1);
    expect((await stateOf(threadId, 'patientA')).reviewed).toBe(false);
  });
});

/* ---------------------------------------------------------------------- PATCH */

describe('PATCH .../SecureMessages/threads/{threadId}', () => {
  it('archives and unarchives, with an audit row each time the state changes', async () => {
    const threadId = await providerThread();
    const since = await lastAuditId();
    const archived = expectOk<MessageThread>(await archive(threadId));
    expect(archived).toMatchObject({ threadId });
    expect(patientMemberOf(archived).isArchived).toBe(true);
    expect(archived.members[1]!.isArchived).toBe(false);
    expectOk(await archive(threadId)); // no change
    const back = expectOk<MessageThread>(await archive(threadId, false));
    expect(patientMemberOf(back).isArchived).toBe(false);

    const rows = await auditSince(since, SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT, SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT);
    expect(rows.map((row) => [row.eventType, row.detail, row.actorUserId, row.patientId])).toEqual([
      [SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT, { threadId }, fx.userIds.jane, fx.patientA],
      [SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT, { threadId }, fx.userIds.jane, fx.patientA],
    ]);
  });

  it('applies several operations in order; application/json is read the same way', async () => {
    const threadId = await providerThread();
    const thread = await openThread(threadId);
    const res = await call(
      'patientA',
      'PATCH',
      threadUrl(threadId),
      [{ op: 'replace', path: '/isArchived', value: true }, reviewedOp(thread)],
      { 'content-type': 'application/json' },
    );
    expect(patientMemberOf(expectOk<MessageThread>(res))).toMatchObject({
      isArchived: true,
      areMessagesReviewed: true,
    });
  });

  it('refuses any other operation with a 400 naming it by its index, and changes nothing', async () => {
    const threadId = await providerThread();
    const thread = await openThread(threadId);
    const providerPath = threadReviewedPath(thread.members[1]!.threadMemberId);
    const cases: [unknown[], string][] = [
      [[{ op: 'add', path: '/isArchived', value: true }], '0.op'],
      [[{ op: 'remove', path: '/isArchived', value: false }], '0.op'],
      [[{ op: 'replace', path: '/subjectText', value: true }], '0.path'],
      [[{ op: 'replace', path: providerPath, value: true }], '0.path'],
      [[{ op: 'replace', path: '/members/999999/areMessagesReviewed', value: true }], '0.path'],
      [[{ op: 'replace', path: '/isArchived', value: 'true' }], '0.value'],
      [[{ op: 'replace', path: '/isArchived' }], '0.value'],
      [
        [
          { op: 'replace', path: '/isArchived', value: true },
          { op: 'move', path: '/isArchived', value: false },
        ],
        '1.op',
      ],
      [
        [
          { op: 'replace', path: '/isArchived', value: true },
          { op: 'replace', path: providerPath, value: true },
        ],
        '1.path',
      ],
    ];
    for (const [operations, field] of cases) {
      const body = expectError(await patchThread(threadId, operations), 400, 'validation_failed', field);
      expect(body.message.startsWith(`${field}:`)).toBe(true);
    }
    expectError(await patchThread(threadId, []), 400, 'validation_failed');
    expectError(await patchThread(threadId, { op: 'replace' }), 400, 'validation_failed');
    expectError(
      await patchThread(threadId, [{ op: 'replace', path: '/isArchived', value: true, from: '/x' }]),
      400,
      'validation_failed',
      '0.from',
    );
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: threadUrl(threadId),
      headers: { ...bearer((await fx.token('patientA')).bearer), ...JSON_PATCH },
      payload: '[{"op": "replace",',
    });
    expect(malformed.statusCode).toBe(400);
    // Nothing changed, not even the first operation of a refused patch.
    const after = await openThread(threadId);
    expect(patientMemberOf(after)).toMatchObject({ isArchived: false, areMessagesReviewed: false });
  });

  it('another patient’s thread is 404', async () => {
    const johns = (await putTestProviderMessage(db, fx.patientB, helen)).threadId;
    expectError(await archive(johns), 404, 'not_found');
    const his = expectOk<MessageThreadDetail>(await call('patientB', 'GET', threadUrl(johns, fx.patientB)));
    expect(his.members[0]!.isArchived).toBe(false);
  });
});

/* ----------------------------------------------------------- POST new thread */

describe('POST .../SecureMessages/new/{careProviderId}', () => {
  it('begins a thread (read for the patient, unread for the provider) with its send audit row', async () => {
    const since = await lastAuditId();
    const sent = expectSent(
      await sendNew(priya, {
        subject: '  Question   about\nmy scan ',
        content: '<p onclick="x()">Hello <b>doctor</b><script>alert("x")</script></p><img src=x onerror=alert(1)>',
      }),
    );
    const detail = await openThread(sent.threadId);
    expect(detail).toMatchObject({ subjectText: 'Question about my scan', replyAllowed: true });
    expect(detail.members[1]).toMatchObject({ careProviderId: priya, areMessagesReviewed: false });
    expect(patientMemberOf(detail)).toMatchObject({ areMessagesReviewed: true, isArchived: false });
    expect(detail.messages).toEqual([
      expect.objectContaining({
        messageId: sent.messageId,
        content: '<p>Hello <strong>doctor</strong></p>',
        fromPatient: true,
        senderDisplayName: 'Jane Doe',
      }),
    ]);

    const rows = await auditSince(since, SECURE_MESSAGE_SEND_AUDIT_EVENT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
      detail: { threadId: sent.threadId, messageId: sent.messageId, newThread: true },
    });
    expect(JSON.stringify(rows[0])).not.toMatch(/doctor|scan/);
  });

  it('counts the characters a reader sees: 2000 with markup is fine, 2001 is not', async () => {
    const list = `<ul>${'<li><strong>abcd</strong></li>'.repeat(500)}</ul>`;
    expectSent(await sendNew(priya, { subject: 'Long', content: list }));
    const over = `<p>${'a'.repeat(1000)}</p><p>${'b'.repeat(1001)}</p>`;
    expectError(await sendNew(priya, { subject: 'Long', content: over }), 400, 'validation_failed', 'content');
  });

  it('refuses a subject or content that is missing, empty or too long, naming it; nothing is stored', async () => {
    const before = await db.$count(secureMessages, eq(secureMessages.patientId, fx.patientA));
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '<p>Hi</p>' }, 'subject'],
      [{ subject: '   ', content: '<p>Hi</p>' }, 'subject'],
      [{ subject: 'x'.repeat(101), content: '<p>Hi</p>' }, 'subject'],
      [{ subject: 'x'.repeat(401), content: '<p>Hi</p>' }, 'subject'],
      [{ subject: 'Hi' }, 'content'],
      [{ subject: 'Hi', content: '' }, 'content'],
      [{ subject: 'Hi', content: '<p> </p><p><br></p>' }, 'content'],
      [{ subject: 'Hi', content: '<script>alert(1)</script>' }, 'content'],
      [{ subject: 'Hi', content: 42 }, 'content'],
      [{ subject: 'Hi', content: '<p>Hi</p>', careProviderId: 3 }, 'careProviderId'],
    ];
    for (const [body, field] of cases) {
      expectError(await sendNew(priya, body), 400, 'validation_failed', field);
    }
    expectError(
      await sendNew(priya, { subject: 'x'.repeat(100), content: 'y'.repeat(2001) }),
      400,
      'validation_failed',
      'content',
    );
    expectSent(await sendNew(priya, { subject: '😀'.repeat(100), content: '😀'.repeat(2000) }));
    expectError(
      await call('patientA', 'POST', `${base()}/new/abc`, { subject: 'Hi', content: '<p>Hi</p>' }),
      400,
      'validation_failed',
      'careProviderId',
    );
    expect(await db.$count(secureMessages, eq(secureMessages.patientId, fx.patientA))).toBe(before + 1);
  });

  it('refuses a provider the patient may not write to (recipient_not_allowed): each of the three conditions', async () => {
    // A recipient for Jane without a preferred system, and one with a system who has been withdrawn.
    const [noSystem, withdrawn] = await db
      .insert(careProviders)
      .values([
        { facilityId: fx.facilityId, firstName: 'No', lastName: 'System', externalId: uniqueId('cp') },
        {
          facilityId: fx.facilityId,
          firstName: 'Gone',
          lastName: 'Away',
          preferredSecureMessageSystemId: 1,
          withdrawnAt: new Date(),
          externalId: uniqueId('cp'),
        },
      ])
      .returning({ id: careProviders.id });
    await db.insert(careTeamMembers).values([
      { patientId: fx.patientA, careProviderId: noSystem!.id, isSecureMessageRecipient: true },
      { patientId: fx.patientA, careProviderId: withdrawn!.id, isSecureMessageRecipient: true },
    ]);
    const before = await db.$count(secureMessages, eq(secureMessages.patientId, fx.patientA));
    // Megan: on Jane's team with a system, but not a recipient for her. Helen: John's, not on Jane's team.
    for (const careProviderId of [megan, noSystem!.id, withdrawn!.id, helen, 999_999]) {
      expectError(await sendNew(careProviderId), 400, 'recipient_not_allowed', {
        field: 'careProviderId',
        message: SECURE_MESSAGE_MESSAGES.recipientNotAllowed,
      });
    }
    expect(await db.$count(secureMessages, eq(secureMessages.patientId, fx.patientA))).toBe(before);
    // Samuel is one of Jane's recipients.
    expectSent(await sendNew(samuel));
  });
});

/* ---------------------------------------------------------------- POST reply */

describe('POST .../SecureMessages/threads/{threadId}/messages', () => {
  it('adds the reply: the provider’s member becomes unread, the thread moves to the top', async () => {
    const threadId = await providerThread({ sentAt: new Date('2020-01-01T00:00:00Z') });
    const since = await lastAuditId();
    const sent = expectSent(await reply(threadId, 'Plain words & <b>bold</b>'));
    expect(sent.threadId).toBe(threadId);
    expect(await providerMemberReviewed(threadId)).toBe(false);
    const detail = await openThread(threadId);
    expect(detail.messages.at(-1)).toMatchObject({
      messageId: sent.messageId,
      content: 'Plain words &amp; <strong>bold</strong>',
    });
    expect(Date.parse(detail.lastMessageDate.dateTime)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await auditSince(since, SECURE_MESSAGE_SEND_AUDIT_EVENT);
    expect(rows.map((row) => row.detail)).toEqual([{ threadId, messageId: sent.messageId, newThread: false }]);
  });

  it('a thread that takes no replies is 409 reply_not_allowed; an archived one 409 thread_archived', async () => {
    const closed = await providerThread({ replyAllowed: false });
    expectError(await reply(closed), 409, 'reply_not_allowed', { message: SECURE_MESSAGE_MESSAGES.replyNotAllowed });
    // Megan's kind of thread: she began it, Jane cannot write to her, and it takes no reply.
    const megans = await providerThread({ replyAllowed: false }, megan);
    expectError(await reply(megans), 409, 'reply_not_allowed');

    const archived = await providerThread();
    expectOk(await archive(archived));
    expectError(await reply(archived), 409, 'thread_archived', { message: SECURE_MESSAGE_MESSAGES.threadArchived });
    expectOk(await archive(archived, false));
    expectSent(await reply(archived));
    expect(await messagesIn(closed)).toBe(1);
  });

  it('another patient’s thread is 404; an empty or too long reply is 400 naming content', async () => {
    const johns = (await putTestProviderMessage(db, fx.patientB, helen)).threadId;
    expectError(await reply(johns), 404, 'not_found');
    expect(await messagesIn(johns)).toBe(1);
    const threadId = await providerThread();
    expectError(await reply(threadId, '<p></p>'), 400, 'validation_failed', 'content');
    expectError(await reply(threadId, 'z'.repeat(2001)), 400, 'validation_failed', 'content');
    expectError(
      await call('patientA', 'POST', `${threadUrl(threadId)}/messages`, {}),
      400,
      'validation_failed',
      'content',
    );
  });
});

/* ------------------------------------------------------------- idempotent send */

describe('Idempotency-Key', () => {
  it('the same key and request twice stores one message and answers the same ids', async () => {
    const key = uniqueId('key');
    const since = await lastAuditId();
    const body = { subject: 'Twice', content: '<p>Sent twice</p>' };
    const first = expectSent(await sendNew(priya, body, 'patientA', { 'idempotency-key': key }));
    const second = expectSent(await sendNew(priya, body, 'patientA', { 'idempotency-key': key }));
    expect(second).toEqual(first);
    expect(await messagesIn(first.threadId)).toBe(1);
    expect(await auditSince(since, SECURE_MESSAGE_SEND_AUDIT_EVENT)).toHaveLength(1);

    // At the same time: one waits for the other and answers its message.
    const replyKey = uniqueId('key');
    const [a, b] = await Promise.all([
      reply(first.threadId, '<p>Again</p>', 'patientA', { 'idempotency-key': replyKey }),
      reply(first.threadId, '<p>Again</p>', 'patientA', { 'idempotency-key': replyKey }),
    ]);
    expect(expectSent(a)).toEqual(expectSent(b));
    expect(await messagesIn(first.threadId)).toBe(2);
  });

  it('the same key with another request is 409 idempotency_key_reused; a malformed key is 400', async () => {
    const key = uniqueId('key');
    const first = expectSent(await sendNew(priya, undefined, 'patientA', { 'idempotency-key': key }));
    for (const res of [
      await sendNew(priya, { subject: 'A question', content: '<p>Other words</p>' }, 'patientA', {
        'idempotency-key': key,
      }),
      await sendNew(samuel, undefined, 'patientA', { 'idempotency-key': key }),
      await reply(first.threadId, '<p>Can I eat before the scan?</p>', 'patientA', { 'idempotency-key': key }),
    ]) {
      expectError(res, 409, 'idempotency_key_reused', { message: SECURE_MESSAGE_MESSAGES.idempotencyKeyReused });
    }
    expect(await messagesIn(first.threadId)).toBe(1);
    expectError(
      await sendNew(priya, undefined, 'patientA', { 'idempotency-key': 'short' }),
      400,
      'validation_failed',
      'idempotency-key',
    );
    expectError(
      await sendNew(priya, undefined, 'patientA', { 'idempotency-key': 'has spaces in it' }),
      400,
      'validation_failed',
      'idempotency-key',
    );
  });

  it('a key is the sender’s own: another user with the same key sends their own message', async () => {
    const key = uniqueId('key');
    const mine = expectSent(await sendNew(priya, undefined, 'patientA', { 'idempotency-key': key }));
    const roberts = expectSent(await sendNew(priya, undefined, 'representativeOfA', { 'idempotency-key': key }));
    expect(roberts.messageId).not.toBe(mine.messageId);
  });
});

/* ------------------------------------------------------------ who may call */

describe('who may use secure messages', () => {
  it('a representative reads and writes on the patient’s behalf (proxy author), audited as themself', async () => {
    const threadId = await providerThread();
    expect((await listThreads('representativeOfA')).map((thread) => thread.threadId)).toContain(threadId);
    const since = await lastAuditId();
    const sent = expectSent(await reply(threadId, '<p>Written by Robert</p>', 'representativeOfA'));
    const created = expectSent(await sendNew(priya, undefined, 'representativeOfA'));

    const detail = await openThread(threadId, 'representativeOfA');
    expect(detail.messages.at(-1)).toMatchObject({
      messageId: sent.messageId,
      fromPatient: true,
      senderDisplayName: 'Jane Doe',
      authorFirstName: 'Jane',
      authorLastName: 'Doe',
      proxyAuthorFirstName: 'Robert',
      proxyAuthorLastName: 'Doe',
    });
    expect((await openThread(created.threadId)).messages[0]).toMatchObject({ proxyAuthorFirstName: 'Robert' });
    const rows = await auditSince(since, SECURE_MESSAGE_SEND_AUDIT_EVENT, SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT);
    expect(rows.map((row) => [row.eventType, row.actorUserId, row.patientId, row.relationship])).toEqual([
      [SECURE_MESSAGE_SEND_AUDIT_EVENT, fx.userIds.robert, fx.patientA, 'representative'],
      [SECURE_MESSAGE_SEND_AUDIT_EVENT, fx.userIds.robert, fx.patientA, 'representative'],
      [SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT, fx.userIds.robert, fx.patientA, 'representative'],
      [SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT, fx.userIds.jane, fx.patientA, 'self'],
    ]);
  });

  it('a disabled representative, another patient and strangers get 404; kiosk and link sessions 403; no session 401', async () => {
    const threadId = await providerThread();
    const before = await messagesIn(threadId);
    const requests: [Method, string, unknown?, Record<string, string>?][] = [
      ['GET', base()],
      ['GET', `${base()}/countUnread`],
      ['GET', threadUrl(threadId)],
      ['PATCH', threadUrl(threadId), [{ op: 'replace', path: '/isArchived', value: true }], JSON_PATCH],
      ['POST', `${base()}/new/${priya}`, { subject: 'Hi', content: '<p>Hi</p>' }],
      ['POST', `${threadUrl(threadId)}/messages`, { content: '<p>Hi</p>' }],
    ];
    const expected: [CallerKind, number][] = [
      ['disabledRepresentative', 404],
      ['patientB', 404],
      ['kioskStaff', 404],
      ['kioskUserOfA', 403],
      ['linkUserOfA', 403],
      ['anonymous', 401],
    ];
    for (const [who, status] of expected) {
      for (const [method, url, payload, headers] of requests) {
        const res = await call(who, method, url, payload, headers);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    expect(await messagesIn(threadId)).toBe(before);
    expect(patientMemberOf(await openThread(threadId)).isArchived).toBe(false);
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document', () => {
  it('describes every secure message route, with its parameters and the PATCH’s content type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Op = {
      summary?: string;
      description?: string;
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, unknown> };
    };
    const doc = expectOk<{ paths: Record<string, Record<string, Op>> }>(res);
    const root = '/api/patients/{patientId}/SecureMessages';
    const ops: [string, string, string[]][] = [
      [root, 'get', ['path:patientId', 'query:includeArchived']],
      [`${root}/countUnread`, 'get', ['path:patientId']],
      [`${root}/threads/{threadId}`, 'get', ['path:patientId', 'path:threadId']],
      [`${root}/threads/{threadId}`, 'patch', ['path:patientId', 'path:threadId']],
      [`${root}/new/{careProviderId}`, 'post', ['path:patientId', 'path:careProviderId', 'header:idempotency-key']],
      [`${root}/threads/{threadId}/messages`, 'post', ['path:patientId', 'path:threadId', 'header:idempotency-key']],
    ];
    for (const [path, method, parameters] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op?.description?.length, `${method} ${path}`).toBeGreaterThan(150);
      expect(op?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(parameters));
    }
    expect(Object.keys(doc.paths[`${root}/threads/{threadId}`]!.patch!.requestBody!.content)).toContain(
      'application/json-patch+json',
    );
  });
});
