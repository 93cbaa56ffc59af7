import type { MessageThread, MessageThreadDetail } from '@portal/contracts';
import { visibleTextLength } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, openApiApp, type TestApp } from '../../test/api';
import type { AccessFixture } from '../../test/access-fixture';
import { providerIdOf } from '../../test/secure-message-fixture';
import {
  careProviders,
  messageThreadMembers,
  messageThreads,
  secureMessageReads,
  secureMessages,
} from '../db/schema/index';
import { messageTextOf, sanitizeMessageHtml } from '../platform/content/sanitize';
import { localDate, localHour } from '../platform/time/time';
import { JANE_THREADS, JOHN_THREADS } from './demo-secure-messages';

// What the demo's journeys rely on: Jane's five threads (one unread, one archived, one she cannot reply to, one
// Robert wrote in for her) and John's two, in the store and through the patient API.

const NEW_YORK = 'America/New_York';
const DAY_MS = 24 * 3_600_000;

const JANE_SUBJECTS_NEWEST_FIRST = [
  'Morning joint stiffness',
  'Questions about my blood test results',
  'Getting ready for your follow-up visit and bone density scan',
  'Skin care after radiation',
  'Letrozole prescription',
];

describe('the demo’s secure message texts', () => {
  it('use only the toolbar’s markup, so the store keeps them as written', () => {
    for (const thread of [...JANE_THREADS, ...JOHN_THREADS]) {
      for (const message of thread.messages)
        expect(sanitizeMessageHtml(message.html), thread.subject).toBe(message.html);
    }
  });
});

describe('the demo seed’s secure messages', () => {
  let t: TestApp;
  let fx: AccessFixture;
  let api: Awaited<ReturnType<typeof openApiApp>>['api'];
  let db: TestApp['database']['db'];

  beforeAll(async () => {
    ({ t, fx, api, db } = await openApiApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * The patient's threads newest first, with the patient's member, the provider, every message and each reader's
   * state ('patient' or 'user:<id>'): reviewed when every care team message has their read, reviewedAt their last.
   */
  async function threadsOf(patientId: number) {
    const threads = await db
      .select({ thread: messageThreads, member: messageThreadMembers, providerKey: careProviders.externalId })
      .from(messageThreads)
      .innerJoin(messageThreadMembers, eq(messageThreadMembers.threadId, messageThreads.id))
      .innerJoin(careProviders, eq(careProviders.id, messageThreads.careProviderId))
      .where(eq(messageThreadMembers.patientId, patientId))
      .orderBy(asc(messageThreads.lastMessageAt));
    const messages = await db
      .select()
      .from(secureMessages)
      .where(eq(secureMessages.patientId, patientId))
      .orderBy(asc(secureMessages.sentAt));
    const reads = await db.select().from(secureMessageReads).where(eq(secureMessageReads.patientId, patientId));
    return threads.reverse().map((row) => {
      const own = messages.filter((m) => m.threadId === row.thread.id);
      const readBy = (reader: string) => {
        const theirs = reads.filter((r) => r.threadId === row.thread.id && r.reader === reader);
        const times = theirs.map((r) => r.readAt.getTime());
        return {
          reviewed: own.filter((m) => !m.fromPatient).every((m) => theirs.some((r) => r.messageId === m.id)),
          reviewedAt: times.length ? new Date(Math.max(...times)) : null,
        };
      };
      return { ...row, messages: own, readBy };
    });
  }

  it('gives jane five threads with her three providers over the last eight weeks', async () => {
    const threads = await threadsOf(fx.patientA);
    expect(threads.map((r) => [r.thread.subject, r.providerKey])).toEqual([
      ['Morning joint stiffness', 'demo-cp-priya-raman'],
      ['Questions about my blood test results', 'demo-cp-priya-raman'],
      ['Getting ready for your follow-up visit and bone density scan', 'demo-cp-megan-li'],
      ['Skin care after radiation', 'demo-cp-samuel-okafor'],
      ['Letrozole prescription', 'demo-cp-priya-raman'],
    ]);
    const now = Date.now();
    for (const { thread, messages } of threads) {
      expect(thread.lastMessageAt.getTime()).toBe(messages.at(-1)!.sentAt.getTime());
      for (const m of messages) {
        expect(now - m.sentAt.getTime(), thread.subject).toBeGreaterThan(0);
        expect(now - m.sentAt.getTime(), thread.subject).toBeLessThan(56 * DAY_MS);
      }
    }
    // The care team writes in clinic hours, on the facility's clock.
    const providerHours = threads
      .flatMap((r) => r.messages.filter((m) => !m.fromPatient))
      .map((m) => localHour(m.sentAt, NEW_YORK));
    expect(providerHours.every((h) => h >= 8 && h < 18)).toBe(true);
  });

  it('leaves exactly one unread (the newest message of the care team), one archived and one without replies', async () => {
    const threads = await threadsOf(fx.patientA);
    const unread = threads.filter((r) => !r.readBy('patient').reviewed);
    expect(unread.map((r) => r.thread.subject)).toEqual(['Morning joint stiffness']);
    // Robert keeps up with Jane's messages: the same one is unread for him.
    const robert = `user:${fx.userIds.robert}`;
    expect(threads.filter((r) => !r.readBy(robert).reviewed).map((r) => r.thread.subject)).toEqual([
      'Morning joint stiffness',
    ]);
    const newestFromProvider = threads
      .flatMap((r) => r.messages)
      .filter((m) => !m.fromPatient)
      .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())[0]!;
    expect(newestFromProvider.threadId).toBe(unread[0]!.thread.id);
    expect(newestFromProvider).toMatchObject({
      senderDisplayName: 'Priya Raman, MD',
      externalId: 'demo-msg-jane-joint-stiffness-1',
    });
    // The others were read when Jane read or answered them.
    for (const r of threads.filter((x) => x.readBy('patient').reviewed)) {
      expect(r.readBy('patient').reviewedAt!.getTime(), r.thread.subject).toBeGreaterThanOrEqual(
        r.messages
          .filter((m) => !m.fromPatient)
          .at(-1)!
          .sentAt.getTime(),
      );
    }

    expect(threads.filter((r) => r.member.isArchived).map((r) => r.thread.subject)).toEqual(['Letrozole prescription']);
    const noReply = threads.filter((r) => !r.thread.replyAllowed);
    expect(noReply.map((r) => [r.thread.subject, r.thread.externalId])).toEqual([
      ['Getting ready for your follow-up visit and bone density scan', 'demo-thread-jane-visit-prep'],
    ]);
    // Megan began it and is its only writer: Jane may not write to her.
    expect(noReply[0]!.messages.map((m) => [m.fromPatient, m.senderDisplayName])).toEqual([
      [false, 'Megan Li, RN, OCN'],
    ]);
  });

  it('has robert’s message on jane’s behalf, and her own answer in the same thread', async () => {
    const [skinCare] = (await threadsOf(fx.patientA)).filter((r) => r.thread.subject === 'Skin care after radiation');
    expect(
      skinCare!.messages.map((m) => [
        m.fromPatient,
        m.authorUserId,
        m.senderDisplayName,
        m.proxyAuthorFirstName,
        m.proxyAuthorLastName,
      ]),
    ).toEqual([
      [true, fx.userIds.robert, 'Jane Doe', 'Robert', 'Doe'],
      [false, null, 'Samuel Okafor, MD', null, null],
      [true, fx.userIds.jane, 'Jane Doe', null, null],
    ]);
    // Robert wrote nothing anywhere else.
    const all = (await threadsOf(fx.patientA)).flatMap((r) => r.messages);
    expect(all.filter((m) => m.proxyAuthorFirstName !== null)).toHaveLength(1);
  });

  it('writes several long messages with paragraphs, a bold phrase and lists, each within 2000 characters', async () => {
    const messages = (await threadsOf(fx.patientA)).flatMap((r) => r.messages);
    const visible = (m: (typeof messages)[number]) => visibleTextLength(messageTextOf(m.content));
    for (const m of messages) expect(visible(m)).toBeLessThanOrEqual(2000);
    const long = messages.filter(
      (m) => visible(m) > 1000 && (m.content.match(/<p>/g) ?? []).length >= 5 && /<(ul|ol)><li>/.test(m.content),
    );
    expect(long.length).toBeGreaterThanOrEqual(4);
    expect(long.filter((m) => m.content.includes('<strong>')).length).toBeGreaterThanOrEqual(3);
  });

  it('gives john two threads with dr marsh, both read: one he asked and she answered, one she began', async () => {
    const threads = await threadsOf(fx.patientB);
    expect(
      threads.map((r) => ({
        subject: r.thread.subject,
        provider: r.providerKey,
        writers: r.messages.map((m) => m.senderDisplayName),
        read: r.readBy('patient').reviewed,
        archived: r.member.isArchived,
      })),
    ).toEqual([
      {
        subject: 'Your PSA result',
        provider: 'demo-cp-helen-marsh',
        writers: ['Helen Marsh, MD'],
        read: true,
        archived: false,
      },
      {
        subject: 'Next steps after my visit',
        provider: 'demo-cp-helen-marsh',
        writers: ['John Smith', 'Helen Marsh, MD'],
        read: true,
        archived: false,
      },
    ]);
    expect(JOHN_THREADS).toHaveLength(2);
  });

  it('shows jane, through the API, four current threads, the archived one, and one unread', async () => {
    const base = `/api/patients/${fx.patientA}/SecureMessages`;
    const current = expectOk<MessageThread[]>(await api.get(base, 'patientA'));
    expect(current.map((th) => th.subjectText)).toEqual(JANE_SUBJECTS_NEWEST_FIRST.slice(0, 4));
    const all = expectOk<MessageThread[]>(await api.get(`${base}?includeArchived=true`, 'patientA'));
    expect(all.map((th) => th.subjectText)).toEqual(JANE_SUBJECTS_NEWEST_FIRST);
    expect(all.map((th) => [th.replyAllowed, th.members[0]!.isArchived, th.members[0]!.areMessagesReviewed])).toEqual([
      [true, false, false],
      [true, false, true],
      [false, false, true],
      [true, false, true],
      [true, true, true],
    ]);
    expect(all.every((th) => th.lastMessageDate.datePart <= localDate(new Date(), NEW_YORK))).toBe(true);
    expect(expectOk<number>(await api.get(`${base}/countUnread`, 'patientA'))).toBe(1);
    // Robert, her representative, sees the same.
    expect(expectOk<number>(await api.get(`${base}/countUnread`, 'representativeOfA'))).toBe(1);

    const skinCare = all.find((th) => th.subjectText === 'Skin care after radiation')!;
    const detail = expectOk<MessageThreadDetail>(await api.get(`${base}/threads/${skinCare.threadId}`, 'patientA'));
    expect(
      detail.messages.map((m) => [m.fromPatient, m.authorFirstName, m.proxyAuthorFirstName, m.proxyAuthorLastName]),
    ).toEqual([
      [true, 'Jane', 'Robert', 'Doe'],
      [false, 'Samuel', null, null],
      [true, 'Jane', null, null],
    ]);
  });

  it('shows john his two threads and nothing unread', async () => {
    const base = `/api/patients/${fx.patientB}/SecureMessages`;
    const threads = expectOk<MessageThread[]>(await api.get(base, 'patientB'));
    expect(threads.map((th) => th.subjectText)).toEqual(['Your PSA result', 'Next steps after my visit']);
    expect(expectOk<number>(await api.get(`${base}/countUnread`, 'patientB'))).toBe(0);
  });

  it('lets jane begin a thread with dr raman and dr okafor, not with megan li', async () => {
    const base = `/api/patients/${fx.patientA}/SecureMessages`;
    const body = { subject: 'A question', content: '<p>Is the clinic open on Saturday?</p>' };
    for (const key of ['demo-cp-priya-raman', 'demo-cp-samuel-okafor']) {
      const res = await api.post(`${base}/new/${await providerIdOf(db, key)}`, 'patientA', body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
    }
    const megan = await providerIdOf(db, 'demo-cp-megan-li');
    expectError(
      await api.post(`${base}/new/${megan}`, 'patientA', body),
      400,
      'recipient_not_allowed',
      'careProviderId',
    );
  });
});
