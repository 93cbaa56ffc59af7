import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  careProviders,
  facilities,
  messageThreadMembers,
  messageThreads,
  secureMessageReads,
  secureMessages,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors/app-error';
import { openApiApp, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { providerIdOf, putTestProviderMessage, uniqueId } from '../../../test/secure-message-fixture';
import {
  addPatientMessage,
  putProviderMessage,
  setThreadArchived,
  setThreadReviewed,
  type PatientMessageRecord,
  type ProviderMessageRecord,
} from './secure-messages.intake';
import { seededPatientId } from '../../platform/integration/integration-patients';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let priya: number;
let helen: number;

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  priya = await providerIdOf(db, 'demo-cp-priya-raman');
  helen = await providerIdOf(db, 'demo-cp-helen-marsh');
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const put = (patientId: number, externalId: string | null, record: Partial<ProviderMessageRecord>, now?: Date) =>
  db.transaction((tx) =>
    putProviderMessage(
      tx,
      seededPatientId(patientId),
      externalId,
      {
        careProviderId: priya,
        thread: { subject: 'Your scan results' },
        content: '<p>Your scan looks good.</p>',
        contentFormat: 'html',
        ...record,
      },
      now,
    ),
  );

const add = (patientId: number, record: Partial<PatientMessageRecord>) =>
  db.transaction((tx) =>
    addPatientMessage(tx, patientId, {
      authorUserId: fx.userIds.jane,
      thread: { careProviderId: priya, subject: 'A question' },
      content: '<p>Can I eat before the scan?</p>',
      ...record,
    }),
  );

/** The error a write refused with (it must refuse). */
async function refusal(write: Promise<unknown>): Promise<AppError> {
  const err = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const threadRow = (threadId: number) =>
  db
    .select()
    .from(messageThreads)
    .where(eq(messageThreads.id, threadId))
    .then((rows) => rows[0]!);
/** The thread's members, the patient's first. */
const membersOf = (threadId: number) =>
  db
    .select()
    .from(messageThreadMembers)
    .where(eq(messageThreadMembers.threadId, threadId))
    .orderBy(asc(messageThreadMembers.careProviderId))
    .then((rows) => {
      const patient = rows.find((m) => m.patientId !== null)!;
      const provider = rows.find((m) => m.careProviderId !== null)!;
      expect(rows).toHaveLength(2);
      return { patient, provider };
    });
const messageRow = (id: number) =>
  db
    .select()
    .from(secureMessages)
    .where(eq(secureMessages.id, id))
    .then((rows) => rows[0]!);
const messageCount = (threadId: number) => db.$count(secureMessages, eq(secureMessages.threadId, threadId));
/** Each reader's reads of the thread: reader -> [messageId, readAt] by message. */
const readsOf = (threadId: number) =>
  db
    .select()
    .from(secureMessageReads)
    .where(eq(secureMessageReads.threadId, threadId))
    .orderBy(asc(secureMessageReads.reader), asc(secureMessageReads.messageId))
    .then((rows) => {
      const byReader: Record<string, [number, Date][]> = {};
      for (const row of rows) {
        expect(row.patientId).toBeGreaterThan(0);
        (byReader[row.reader] ??= []).push([row.messageId, row.readAt]);
      }
      return byReader;
    });
const ROBERT = () => `user:${fx.userIds.robert}`;

/* ------------------------------------------------------- putProviderMessage */

describe('putProviderMessage', () => {
  it('begins a thread with both members (read by nobody on the patient’s side) and the provider’s names as they are now', async () => {
    const externalId = uniqueId();
    const sentAt = new Date('2026-03-02T15:04:00Z');
    const outcome = await put(fx.patientA, externalId, {
      thread: { subject: '  Your   scan\nresults ' },
      replyAllowed: false,
      sentAt,
    });
    expect(outcome).toEqual({
      id: expect.any(Number),
      threadId: expect.any(Number),
      created: true,
      changed: true,
      newThread: true,
    });

    const thread = await threadRow(outcome.threadId);
    expect(thread).toMatchObject({
      patientId: fx.patientA,
      careProviderId: priya,
      subject: 'Your scan results',
      replyAllowed: false,
      externalId: null,
      lastMessageAt: sentAt,
    });
    const { patient, provider } = await membersOf(outcome.threadId);
    // The patient's member keeps no read state: every reader's is in secure_message_reads, none yet.
    expect(patient).toMatchObject({ patientId: fx.patientA, isArchived: false, areMessagesReviewed: true });
    expect(patient.reviewedAt).toBeNull();
    expect(provider).toMatchObject({ careProviderId: priya, isArchived: false, areMessagesReviewed: true });
    expect(await readsOf(outcome.threadId)).toEqual({});

    expect(await messageRow(outcome.id)).toMatchObject({
      threadId: outcome.threadId,
      patientId: fx.patientA,
      fromPatient: false,
      careProviderId: priya,
      authorUserId: null,
      authorFirstName: 'Priya',
      authorLastName: 'Raman',
      proxyAuthorFirstName: null,
      proxyAuthorLastName: null,
      senderDisplayName: 'Priya Raman, MD',
      content: '<p>Your scan looks good.</p>',
      sentAt,
      externalId,
    });
  });

  it('a resend (same identifier, thread and content) stores nothing; anything else is message_immutable', async () => {
    const externalId = uniqueId();
    const first = await put(fx.patientA, externalId, {});
    const again = await put(fx.patientA, externalId, { sentAt: new Date('2020-01-01T00:00:00Z') });
    expect(again).toEqual({ id: first.id, threadId: first.threadId, created: false, changed: false, newThread: false });
    expect(await messageCount(first.threadId)).toBe(1);
    expect(await db.$count(messageThreads, eq(messageThreads.subject, 'Your scan results'))).toBeGreaterThan(0);

    const intoThread = await put(fx.patientA, externalId, { thread: { threadId: first.threadId } });
    expect(intoThread).toMatchObject({ id: first.id, created: false, changed: false });

    for (const record of [
      { content: '<p>Something else.</p>' },
      { thread: { subject: 'Another subject' } },
      { careProviderId: await providerIdOf(db, 'demo-cp-samuel-okafor') },
    ]) {
      const err = await refusal(put(fx.patientA, externalId, record));
      expect(err).toMatchObject({ statusCode: 409, code: 'message_immutable' });
    }
    expect(await messageCount(first.threadId)).toBe(1);
  });

  it('the same identifier for another patient is another message', async () => {
    const externalId = uniqueId();
    const forJane = await put(fx.patientA, externalId, {});
    const forJohn = await put(fx.patientB, externalId, { careProviderId: helen });
    expect(forJohn.created).toBe(true);
    expect(forJohn.id).not.toBe(forJane.id);
  });

  it('into an existing thread: unread and current again, later time, replyAllowed only when given', async () => {
    const start = new Date('2026-02-01T10:00:00Z');
    const first = await put(fx.patientA, uniqueId(), { sentAt: start, replyAllowed: true });
    const readAt = new Date('2026-02-02T10:00:00Z');
    await db.transaction(async (tx) => {
      await setThreadArchived(tx, fx.patientA, first.threadId, true);
      await setThreadReviewed(tx, fx.patientA, first.threadId, 'patient', true, readAt);
    });

    const later = new Date('2026-02-03T10:00:00Z');
    const second = await put(fx.patientA, uniqueId(), { thread: { threadId: first.threadId }, sentAt: later });
    expect(second).toMatchObject({ threadId: first.threadId, created: true, newThread: false });
    expect(await threadRow(first.threadId)).toMatchObject({ lastMessageAt: later, replyAllowed: true });
    const { patient, provider } = await membersOf(first.threadId);
    expect(patient).toMatchObject({ isArchived: false });
    // The patient read the first message only: the second is unread for her.
    expect(await readsOf(first.threadId)).toEqual({ patient: [[first.id, readAt]] });
    // The provider who wrote has read the thread.
    expect(provider).toMatchObject({ areMessagesReviewed: true, reviewedAt: later });

    // An older message (sent late by the facility) does not move the thread back; replyAllowed false applies.
    await put(fx.patientA, uniqueId(), { thread: { threadId: first.threadId }, sentAt: start, replyAllowed: false });
    expect(await threadRow(first.threadId)).toMatchObject({ lastMessageAt: later, replyAllowed: false });
    expect(await messageCount(first.threadId)).toBe(3);
  });

  it('a thread the facility names gets the next message with that name', async () => {
    const threadExternalId = uniqueId('thread');
    const first = await put(fx.patientA, uniqueId(), { thread: { subject: 'Named', externalId: threadExternalId } });
    const second = await put(fx.patientA, uniqueId(), { thread: { subject: 'Named', externalId: threadExternalId } });
    expect(first.newThread).toBe(true);
    expect(second).toMatchObject({ threadId: first.threadId, newThread: false, created: true });
    expect((await threadRow(first.threadId)).externalId).toBe(threadExternalId);
  });

  it('without an identifier each put is a new message', async () => {
    const first = await put(fx.patientA, null, {});
    const second = await put(fx.patientA, null, { thread: { threadId: first.threadId } });
    expect(second.id).not.toBe(first.id);
    expect(await messageCount(first.threadId)).toBe(2);
  });

  it('a thread of another patient, or none, is not_found and nothing is written', async () => {
    const johns = await put(fx.patientB, uniqueId(), { careProviderId: helen });
    const externalId = uniqueId();
    for (const threadId of [johns.threadId, 999_999]) {
      const err = await refusal(put(fx.patientA, externalId, { thread: { threadId } }));
      expect(err).toMatchObject({ statusCode: 404, code: 'not_found', field: 'thread.threadId' });
    }
    expect(await messageCount(johns.threadId)).toBe(1);
    expect(await db.$count(secureMessages, eq(secureMessages.externalId, externalId))).toBe(0);
  });

  it('a provider of another facility, a withdrawn one or none is not_found naming careProviderId', async () => {
    const [other] = await db.select({ id: facilities.id }).from(facilities).where(ne(facilities.id, fx.facilityId));
    const [elsewhere, withdrawn] = await db
      .insert(careProviders)
      .values([
        { facilityId: other!.id, firstName: 'Other', lastName: 'Facility' },
        { facilityId: fx.facilityId, firstName: 'Gone', lastName: 'Away', withdrawnAt: new Date() },
      ])
      .returning({ id: careProviders.id });
    for (const careProviderId of [elsewhere!.id, withdrawn!.id, 999_999]) {
      const err = await refusal(put(fx.patientA, uniqueId(), { careProviderId }));
      expect(err).toMatchObject({ statusCode: 404, code: 'not_found', field: 'careProviderId' });
    }
  });

  it('cleans the content to the toolbar’s allowlist and counts only what a reader sees', async () => {
    const hostile =
      '<p onclick="steal()">Hello <b>there</b> <i>you</i><script>alert(1)</script>' +
      '<a href="https://evil.example">link</a><img src=x onerror=alert(2)></p><div>Next</div>';
    const { id } = await put(fx.patientA, uniqueId(), { content: hostile });
    expect((await messageRow(id)).content).toBe('<p>Hello <strong>there</strong> <em>you</em>link</p><p>Next</p>');

    const fullOfMarkup = `<ul>${'<li><strong>abcd</strong></li>'.repeat(500)}</ul>`; // 2000 visible characters
    expect((await put(fx.patientA, uniqueId(), { content: fullOfMarkup })).created).toBe(true);

    for (const content of ['<p>x</p>'.replace('x', 'x'.repeat(2001)), '<p>  </p>', '<script>only script</script>']) {
      const err = await refusal(put(fx.patientA, uniqueId(), { content }));
      expect(err).toMatchObject({ statusCode: 400, code: 'validation_failed', field: 'content' });
    }
  });

  it('plain text becomes paragraphs, every character shown as typed', async () => {
    const { id } = await put(fx.patientA, uniqueId(), {
      content: 'Line one <b>not bold</b>\nLine two & more',
      contentFormat: 'text',
    });
    expect((await messageRow(id)).content).toBe(
      '<p>Line one &lt;b&gt;not bold&lt;/b&gt;</p><p>Line two &amp; more</p>',
    );
  });

  it('a subject that is empty or over 100 characters is refused naming thread.subject', async () => {
    for (const subject of ['   ', 'x'.repeat(101)]) {
      const err = await refusal(put(fx.patientA, uniqueId(), { thread: { subject } }));
      expect(err).toMatchObject({ statusCode: 400, code: 'validation_failed', field: 'thread.subject' });
    }
  });
});

/* ------------------------------------------------------- addPatientMessage */

describe('addPatientMessage', () => {
  it('begins a thread: read by its writer, the provider’s member unread, the patient’s names', async () => {
    const sentAt = new Date('2026-04-05T06:07:00Z');
    const { threadId, messageId } = await add(fx.patientA, {
      sentAt,
      idempotencyKey: 'key-12345678',
      requestHash: 'hash',
    });
    expect(await threadRow(threadId)).toMatchObject({
      patientId: fx.patientA,
      careProviderId: priya,
      subject: 'A question',
      replyAllowed: true,
      lastMessageAt: sentAt,
    });
    const { patient, provider } = await membersOf(threadId);
    expect(patient).toMatchObject({ isArchived: false });
    expect(provider).toMatchObject({ areMessagesReviewed: false, careProviderId: priya });
    expect(await readsOf(threadId)).toEqual({ patient: [[messageId, sentAt]] });
    expect(await messageRow(messageId)).toMatchObject({
      fromPatient: true,
      authorUserId: fx.userIds.jane,
      careProviderId: null,
      authorFirstName: 'Jane',
      authorLastName: 'Doe',
      proxyAuthorFirstName: null,
      proxyAuthorLastName: null,
      senderDisplayName: 'Jane Doe',
      content: '<p>Can I eat before the scan?</p>',
      idempotencyKey: 'key-12345678',
      requestHash: 'hash',
      externalId: null,
    });
  });

  it('a representative writes on the patient’s behalf: the proxy author is the representative, the read his', async () => {
    const { threadId, messageId } = await add(fx.patientA, { authorUserId: fx.userIds.robert });
    expect(Object.keys(await readsOf(threadId))).toEqual([ROBERT()]);
    expect(await messageRow(messageId)).toMatchObject({
      authorUserId: fx.userIds.robert,
      authorFirstName: 'Jane',
      authorLastName: 'Doe',
      proxyAuthorFirstName: 'Robert',
      proxyAuthorLastName: 'Doe',
      senderDisplayName: 'Jane Doe',
    });
  });

  it('a reply moves the thread’s time, makes the provider’s member unread and the thread read for its writer only', async () => {
    const started = await put(fx.patientA, uniqueId(), { sentAt: new Date('2026-01-01T00:00:00Z') });
    const later = new Date('2026-01-02T00:00:00Z');
    const { threadId, messageId } = await add(fx.patientA, {
      authorUserId: fx.userIds.robert,
      thread: { threadId: started.threadId },
      sentAt: later,
    });
    expect(threadId).toBe(started.threadId);
    expect(await threadRow(threadId)).toMatchObject({ lastMessageAt: later });
    const { provider } = await membersOf(threadId);
    expect(provider.areMessagesReviewed).toBe(false);
    // Robert answered, so he has read the care team's message; Jane has not.
    expect(await readsOf(threadId)).toEqual({
      [ROBERT()]: [
        [started.id, later],
        [messageId, later],
      ],
    });
  });

  it('refuses another patient’s thread (not_found), an empty content and a long subject; writes nothing', async () => {
    const johns = await put(fx.patientB, uniqueId(), { careProviderId: helen });
    expect(await refusal(add(fx.patientA, { thread: { threadId: johns.threadId } }))).toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
    expect(await refusal(add(fx.patientA, { content: '<p><br></p>' }))).toMatchObject({
      statusCode: 400,
      field: 'content',
    });
    expect(
      await refusal(add(fx.patientA, { thread: { careProviderId: priya, subject: 'y'.repeat(101) } })),
    ).toMatchObject({ statusCode: 400, field: 'subject' });
    expect(await messageCount(johns.threadId)).toBe(1);
  });
});

/* ------------------------------------------- setThreadArchived / setThreadReviewed */

describe('setThreadArchived and setThreadReviewed', () => {
  it('archive the patient’s member and mark read or unread for one reader, saying whether anything changed', async () => {
    const { id: first, threadId } = await putTestProviderMessage(db, fx.patientA, priya);
    const at = new Date('2026-05-06T07:08:09Z');
    const run = <T>(work: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<T>) =>
      db.transaction(work);

    expect(await run((tx) => setThreadArchived(tx, fx.patientA, threadId, true))).toBe(true);
    expect(await run((tx) => setThreadArchived(tx, fx.patientA, threadId, true))).toBe(false);
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, ROBERT(), true, at))).toBe(true);
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, ROBERT(), true))).toBe(false);
    // Robert's reading is his: the thread is still unread for Jane, whose reading changes her state.
    expect(await readsOf(threadId)).toEqual({ [ROBERT()]: [[first, at]] });
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, 'patient', true, at))).toBe(true);
    const members = await membersOf(threadId);
    expect(members.patient).toMatchObject({ isArchived: true, areMessagesReviewed: true, reviewedAt: null });
    expect(members.provider).toMatchObject({ isArchived: false, areMessagesReviewed: true });

    // Unread again for Jane: her read of the care team's newest message goes, Robert's stays.
    const { id: second } = await putTestProviderMessage(db, fx.patientA, priya, { thread: { threadId } });
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, 'patient', true, at))).toBe(true);
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, 'patient', false))).toBe(true);
    expect(await run((tx) => setThreadReviewed(tx, fx.patientA, threadId, 'patient', false))).toBe(false);
    expect(await readsOf(threadId)).toEqual({ patient: [[first, at]], [ROBERT()]: [[first, at]] });
    expect(second).toBeGreaterThan(first);
    expect(await run((tx) => setThreadArchived(tx, fx.patientA, threadId, false))).toBe(false);

    // Another patient's thread changes nothing.
    expect(await run((tx) => setThreadArchived(tx, fx.patientB, threadId, true))).toBe(false);
    expect(await run((tx) => setThreadReviewed(tx, fx.patientB, threadId, 'patient', true))).toBe(false);
    expect(await readsOf(threadId)).toEqual({ patient: [[first, at]], [ROBERT()]: [[first, at]] });
    expect(
      await db
        .select({ archived: messageThreadMembers.isArchived })
        .from(messageThreadMembers)
        .where(and(eq(messageThreadMembers.threadId, threadId), eq(messageThreadMembers.patientId, fx.patientA))),
    ).toEqual([{ archived: false }]);
  });
});
