import { randomUUID } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IntegrationEvent,
  IntegrationMessagePut,
  IntegrationProviderMessage,
  MessageThread,
  MessageThreadDetail,
  SentMessage,
} from '@portal/contracts';
import { auditEvents, careProviders, notificationSettings, secureMessages, users } from '../../db/schema/index';
import { deliverWaitingNotices } from '../notifications/notices.job';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { withWebhookReceiver } from '../../../test/webhook-receiver';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';
import { providerIdOf, recipientOf } from '../../../test/secure-message-fixture';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;
let events: string;

const JANE_MRN = 'RCC-100234';
const JOHN_MRN = 'RCC-100871';
const PRIYA = 'demo-cp-priya-raman';
const JANE_EMAIL = 'jane.doe@example.com';
const ROBERT_EMAIL = 'robert.doe@example.com';
const EMILY_EMAIL = 'emily.doe@example.com';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await integrationToken(t, 'clinical');
  events = await integrationToken(t, 'events');
  // Jane and John chose email notices of new messages (the settings page's secure messages row).
  await db
    .insert(notificationSettings)
    .values(
      [fx.patientA, fx.patientB].map((patientId) => ({ patientId, type: 'SecureMessages' as const, email: true })),
    )
    .onConflictDoUpdate({
      target: [notificationSettings.patientId, notificationSettings.type],
      set: { email: true },
    });
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const newId = () => `MSG-${randomUUID()}`;
const messageUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/messages/${encodeURIComponent(externalId)}`;

function messageBody(overrides: Partial<IntegrationProviderMessage> = {}): IntegrationProviderMessage {
  return {
    providerExternalId: PRIYA,
    thread: { subject: 'Your next cycle' },
    content: '<p>Your blood counts look good, so your next cycle goes ahead on Monday.</p>',
    contentFormat: 'html',
    ...overrides,
  };
}

function put(externalId: string, body: unknown, token = riverside, mrn = JANE_MRN) {
  return request(t, 'PUT', messageUrl(externalId, mrn), { token, body });
}

async function created(externalId: string, body: unknown = messageBody(), mrn = JANE_MRN) {
  const res = await put(externalId, body, riverside, mrn);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<IntegrationMessagePut>();
}

const threadsUrl = (patientId: number) => `/api/patients/${patientId}/SecureMessages`;

async function janeThreads() {
  return expectOk<MessageThread[]>(await api.get(`${threadsUrl(fx.patientA)}?includeArchived=true`, 'patientA'));
}
async function janeThread(threadId: number) {
  return expectOk<MessageThreadDetail>(await api.get(`${threadsUrl(fx.patientA)}/threads/${threadId}`, 'patientA'));
}
async function janeUnread() {
  return expectOk<number>(await api.get(`${threadsUrl(fx.patientA)}/countUnread`, 'patientA'));
}
function reply(threadId: number, who: 'patientA' | 'representativeOfA', content: string) {
  return api.post(`${threadsUrl(fx.patientA)}/threads/${threadId}/messages`, who, { content });
}
async function patchThread(threadId: number, patch: unknown, who: 'patientA' | 'representativeOfA' = 'patientA') {
  return request(t, 'PATCH', `${threadsUrl(fx.patientA)}/threads/${threadId}`, {
    token: await api.tokenOf(who),
    body: JSON.stringify(patch),
    headers: { 'content-type': 'application/json-patch+json' },
  });
}

const messagesUnder = async (externalId: string) =>
  (await db.select({ n: count() }).from(secureMessages).where(eq(secureMessages.externalId, externalId)))[0]?.n ?? 0;

/** The notices in the outbox for an address that link to this thread. */
async function noticesOf(email: string, threadId: number) {
  // The notices job (module notifications) queues what the intake recorded.
  const senders = { outbox: t.app.deps.outbox, smsOutbox: t.app.deps.smsOutbox, links: t.config };
  await deliverWaitingNotices(
    { db, senders: { ...senders, canSendMail: true, canSendSms: true }, log: { info() {}, warn() {}, error() {} } },
    new Date(),
  );
  const mails = await t.app.deps.outbox.list({ to: email, limit: 500 });
  return mails.filter((m) => m.text.includes(`/secure-messages?isAutoRedirect=true&threadId=${threadId}\n`));
}

const latestAuditId = async () =>
  Number((await db.select({ id: sql<string | null>`max(${auditEvents.id})` }).from(auditEvents))[0]?.id ?? 0);
async function eventsSince(after: number, token = events) {
  const res = await request(t, 'GET', `/integration/v1/events?after=${after}&limit=500`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ events: IntegrationEvent[] }>().events;
}
const messageEvents = (list: IntegrationEvent[]) => list.filter((e) => e.type.startsWith('message.'));

/** The facility's identifier of a provider (the one a message.sent event names). */
async function externalIdOf(careProviderId: number): Promise<string> {
  const [row] = await db
    .select({ externalId: careProviders.externalId })
    .from(careProviders)
    .where(eq(careProviders.id, careProviderId));
  if (!row?.externalId) throw new Error(`provider ${careProviderId} has no externalId`);
  return row.externalId;
}

async function userIdOf(username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/* --------------------------------------------------------------------- PUT */

describe('PUT /integration/v1/patients/:mrn/messages/:externalId', () => {
  it('begins a thread from a provider: jane sees it unread, with the message, the provider and replies allowed', async () => {
    const unread = await janeUnread();
    const externalId = newId();
    const res = await put(externalId, messageBody({ thread: { subject: 'Your next cycle' } }));
    expect(res.statusCode, res.body).toBe(201);
    const outcome = res.json<IntegrationMessagePut>();
    expect(outcome).toEqual({
      id: expect.any(Number) as number,
      threadId: expect.any(Number) as number,
      externalId,
      created: true,
      changed: true,
    });

    const thread = (await janeThreads()).find((th) => th.threadId === outcome.threadId);
    expect(thread).toMatchObject({
      subjectText: 'Your next cycle',
      replyAllowed: true,
      referencedPatientId: fx.patientA,
    });
    expect(thread?.members[0]).toMatchObject({ patientId: fx.patientA, areMessagesReviewed: false, isArchived: false });
    expect(thread?.members[1]).toMatchObject({ careProviderId: await providerIdOf(db, PRIYA) });
    expect(await janeUnread()).toBe(unread + 1);
    const detail = await janeThread(outcome.threadId);
    expect(detail.messages).toHaveLength(1);
    expect(detail.messages[0]).toMatchObject({
      messageId: outcome.id,
      fromPatient: false,
      content: '<p>Your blood counts look good, so your next cycle goes ahead on Monday.</p>',
      authorFirstName: 'Priya',
      authorLastName: 'Raman',
    });

    const [call] = await db
      .select({ route: auditEvents.route, detail: auditEvents.detail, patientId: auditEvents.patientId })
      .from(auditEvents)
      .where(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(call).toMatchObject({
      route: 'PUT /integration/v1/patients/:mrn/messages/:externalId',
      patientId: fx.patientA,
      detail: { mrn: JANE_MRN, externalId, status: 201 },
    });
  });

  it('puts a provider’s answer into a thread jane began, at its end, unread again', async () => {
    const careProviderId = await recipientOf(db, fx.patientA);
    const sent = await api.post(`${threadsUrl(fx.patientA)}/new/${careProviderId}`, 'patientA', {
      subject: 'A question about my medication',
      content: '<p>May I take ibuprofen for the headaches?</p>',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { threadId } = sent.json<SentMessage>();
    const providerExternalId = await externalIdOf(careProviderId);

    const answer = await created(
      newId(),
      messageBody({
        providerExternalId,
        thread: { threadId },
        content: '<p>Yes, up to three times a day with food.</p>',
      }),
    );
    expect(answer.threadId).toBe(threadId);
    const detail = await janeThread(threadId);
    expect(detail.messages.map((m) => [m.fromPatient, m.content])).toEqual([
      [true, '<p>May I take ibuprofen for the headaches?</p>'],
      [false, '<p>Yes, up to three times a day with food.</p>'],
    ]);
    expect(detail.members[0]?.areMessagesReviewed).toBe(false);
    expect(detail.subjectText).toBe('A question about my medication');
  });

  it('stores a message once: a resend is 200 and changes nothing; other content under its identifier is a 409', async () => {
    const externalId = newId();
    const first = await created(externalId);
    const before = await janeThread(first.threadId);

    const again = await put(externalId, messageBody());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...first, created: false, changed: false });
    expect(await messagesUnder(externalId)).toBe(1);
    expect(await janeThread(first.threadId)).toEqual(before);

    const changed = messageBody({ content: '<p>Your next cycle is postponed by a week.</p>' });
    expectError(await put(externalId, changed), 409, 'message_immutable');
    expectError(
      await put(externalId, messageBody({ thread: { subject: 'Another subject' } })),
      409,
      'message_immutable',
    );
    expect(await messagesUnder(externalId)).toBe(1);
    expect((await janeThread(first.threadId)).messages).toEqual(before.messages);
  });

  it('answers 404 naming providerExternalId for a provider unknown, withdrawn or of another facility', async () => {
    const unknown = newId();
    const body = expectError(
      await put(newId(), messageBody({ providerExternalId: unknown })),
      404,
      'not_found',
      'providerExternalId',
    );
    expect(body.message).toContain('providerExternalId');

    const withdrawn = `NPI-${randomUUID()}`;
    const provider = { firstName: 'Ada', lastName: 'Stone' };
    const providerUrl = `/integration/v1/care-providers/${withdrawn}`;
    expect((await request(t, 'PUT', providerUrl, { token: riverside, body: provider })).statusCode).toBe(201);
    expect((await created(newId(), messageBody({ providerExternalId: withdrawn }))).created).toBe(true);
    expect((await request(t, 'DELETE', providerUrl, { token: riverside })).statusCode).toBe(204);
    const externalId = newId();
    expectError(
      await put(externalId, messageBody({ providerExternalId: withdrawn })),
      404,
      'not_found',
      'providerExternalId',
    );

    const lakesideProvider = `LAKE-${randomUUID()}`;
    const lakeside = await integrationToken(t, 'clinical', 'lakeside');
    const lakesidePut = await request(t, 'PUT', `/integration/v1/care-providers/${lakesideProvider}`, {
      token: lakeside,
      body: provider,
    });
    expect(lakesidePut.statusCode, lakesidePut.body).toBe(201);
    expectError(
      await put(externalId, messageBody({ providerExternalId: lakesideProvider })),
      404,
      'not_found',
      'providerExternalId',
    );
    expect(await messagesUnder(externalId)).toBe(0);
  });

  it('answers 404 for an MRN not of the facility, and for a thread of another patient, storing nothing', async () => {
    const externalId = newId();
    expectError(await put(externalId, messageBody(), riverside, 'RCC-000000'), 404, 'not_found');
    expectError(await put(externalId, messageBody(), riverside, 'LCC-2001'), 404, 'not_found');
    const lakeside = await integrationToken(t, 'clinical', 'lakeside');
    expectError(await put(externalId, messageBody(), lakeside), 404, 'not_found');

    const john = await created(
      newId(),
      messageBody({ providerExternalId: 'demo-cp-helen-marsh', thread: { subject: 'Your port flush' } }),
      JOHN_MRN,
    );
    expectError(
      await put(externalId, messageBody({ thread: { threadId: john.threadId } })),
      404,
      'not_found',
      'thread.threadId',
    );
    expect(await messagesUnder(externalId)).toBe(0);
  });

  it('cleans HTML to the editor’s markup, and escapes plain text sent with contentFormat text', async () => {
    const html = await created(
      newId(),
      messageBody({
        content:
          '<p onclick="steal()">Hello <b>Jane</b>, <i>please</i> <a href="https://evil.example">read</a>' +
          '<script>alert(1)</script><img src="x" onerror="alert(2)"></p><ul><li>Rest</li></ul>',
      }),
    );
    const [cleaned] = (await janeThread(html.threadId)).messages;
    expect(cleaned?.content).toBe('<p>Hello <strong>Jane</strong>, <em>please</em> read</p><ul><li>Rest</li></ul>');

    const text = await created(
      newId(),
      messageBody({ content: 'Take <b>two</b> tablets & rest.\nCall us if it hurts.', contentFormat: 'text' }),
    );
    const [escaped] = (await janeThread(text.threadId)).messages;
    expect(escaped?.content).toBe('<p>Take &lt;b&gt;two&lt;/b&gt; tablets &amp; rest.</p><p>Call us if it hurts.</p>');
  });

  it('lets the care team close a thread to replies: jane’s reply is then refused, and allowed again when reopened', async () => {
    const begun = await created(newId(), messageBody({ replyAllowed: false }));
    expect((await janeThreads()).find((th) => th.threadId === begun.threadId)?.replyAllowed).toBe(false);
    expectError(await reply(begun.threadId, 'patientA', '<p>Thank you!</p>'), 409, 'reply_not_allowed');

    await created(newId(), messageBody({ thread: { threadId: begun.threadId }, replyAllowed: true }));
    expect((await reply(begun.threadId, 'patientA', '<p>Thank you!</p>')).statusCode).toBe(201);
    // Absent, replyAllowed keeps what the thread has.
    await created(newId(), messageBody({ thread: { threadId: begun.threadId } }));
    expect((await janeThreads()).find((th) => th.threadId === begun.threadId)?.replyAllowed).toBe(true);
  });

  it('refuses a body that breaks the schema with a 400 naming the field, storing nothing', async () => {
    const externalId = newId();
    const cases: [unknown, string][] = [
      [messageBody({ thread: { subject: 'x'.repeat(101) } }), 'thread.subject'],
      [messageBody({ thread: { subject: '   ' } }), 'thread.subject'],
      [{ ...messageBody(), urgent: true }, 'urgent'],
      [messageBody({ content: '' }), 'content'],
      [messageBody({ content: '<p> </p><script>only a script</script>' }), 'content'],
      [messageBody({ content: `<p>${'x'.repeat(2001)}</p>` }), 'content'],
      [{ ...messageBody(), contentFormat: 'markdown' }, 'contentFormat'],
      [{ ...messageBody(), providerExternalId: undefined }, 'providerExternalId'],
      [messageBody({ providerExternalId: 'has spaces' }), 'providerExternalId'],
      [messageBody({ sentAt: 'yesterday' }), 'sentAt'],
      [messageBody({ sentAt: new Date(Date.now() + 3_600_000).toISOString() }), 'sentAt'],
      [messageBody({ thread: { threadId: 9_999_999_999 } }), 'thread.threadId'],
      [messageBody({ thread: {} as { subject: string } }), 'thread'],
      [{ ...messageBody(), thread: { subject: 'Both', threadId: 1 } }, 'thread'],
    ];
    for (const [body, field] of cases) {
      expectError(await put(externalId, body), 400, 'validation_failed', field);
    }
    expectError(await put('not an id', messageBody()), 400, 'validation_failed', 'externalId');
    expect(await messagesUnder(externalId)).toBe(0);
  });

  it('needs the clinical scope (403)', async () => {
    expectError(await put(newId(), messageBody(), events), 403, 'insufficient_scope');
  });
});

/* ------------------------------------------------------------------ notice */

describe('the email notice of a new message', () => {
  it('goes to jane and robert (her representative) in their languages, not emily (disabled), without the message', async () => {
    const robert = await userIdOf('robert.doe');
    await db.update(users).set({ preferredLanguage: 'fr-CA' }).where(eq(users.id, robert));
    try {
      const subject = 'Biopsy results are in';
      const content = '<p>The biopsy shows no cancer cells.</p>';
      const externalId = newId();
      const { threadId } = await created(externalId, messageBody({ thread: { subject }, content }));

      const [jane, ...moreJane] = await noticesOf(JANE_EMAIL, threadId);
      expect(moreJane).toEqual([]);
      expect(jane?.subject).toBe('New message in Riverside Patient Portal');
      expect(jane?.text).toContain('Hello Jane,');
      expect(jane?.text).toContain('You have a new message in Riverside Patient Portal.');
      expect(jane?.text).toMatch(
        new RegExp(`^https?://[^/\\s]+/secure-messages\\?isAutoRedirect=true&threadId=${threadId}$`, 'm'),
      );

      const [toRobert, ...moreRobert] = await noticesOf(ROBERT_EMAIL, threadId);
      expect(moreRobert).toEqual([]);
      expect(toRobert?.subject).toBe('Nouveau message dans Riverside Patient Portal');
      expect(toRobert?.text).toContain('Bonjour Robert,');
      expect(toRobert?.text).toContain('représentant autorisé');

      expect(await noticesOf(EMILY_EMAIL, threadId)).toEqual([]);
      for (const mail of [jane, toRobert]) {
        const whole = `${mail?.subject}\n${mail?.text}\n${mail?.html}`;
        for (const secret of ['Biopsy', 'biopsy', 'cancer cells', 'Priya', 'Raman', 'Jane Doe']) {
          expect(whole).not.toContain(secret);
        }
      }

      // A resend tells nobody again.
      expect((await put(externalId, messageBody({ thread: { subject }, content }))).statusCode).toBe(200);
      expect(await noticesOf(JANE_EMAIL, threadId)).toHaveLength(1);
      expect(await noticesOf(ROBERT_EMAIL, threadId)).toHaveLength(1);

      // A message into the thread is a new message: told again.
      await created(newId(), messageBody({ thread: { threadId } }));
      expect(await noticesOf(JANE_EMAIL, threadId)).toHaveLength(2);
    } finally {
      await db.update(users).set({ preferredLanguage: null }).where(eq(users.id, robert));
    }
  });

  it('is written in the language of the patient’s record when the account has none (john: Spanish)', async () => {
    const { threadId } = await created(
      newId(),
      messageBody({ providerExternalId: 'demo-cp-helen-marsh', thread: { subject: 'Your port flush' } }),
      JOHN_MRN,
    );
    const [mail] = await noticesOf('john.smith@example.com', threadId);
    expect(mail?.subject).toBe('Nuevo mensaje en Riverside Patient Portal');
    expect(mail?.text).toContain('Tiene un mensaje nuevo');
    expect(await noticesOf(JANE_EMAIL, threadId)).toEqual([]);
  });

  it('is not queued for a message refused, nor for messages jane and robert write', async () => {
    const before = (await t.app.deps.outbox.list({ limit: 1 }))[0]?.id ?? 0;
    expectError(await put(newId(), messageBody({ content: '' })), 400, 'validation_failed');
    const careProviderId = await recipientOf(db, fx.patientA);
    const sent = await api.post(`${threadsUrl(fx.patientA)}/new/${careProviderId}`, 'patientA', {
      subject: 'Parking',
      content: '<p>Where do I park?</p>',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await t.app.deps.outbox.list({ limit: 1 }))[0]?.id ?? 0).toBe(before);
  });
});

/* ------------------------------------------------------------------ events */

describe('the event feed: message.sent and message.read', () => {
  it('carries what jane and robert write, with thread, provider and author; jane reading is message.read', async () => {
    const careProviderId = await recipientOf(db, fx.patientA);
    const providerExternalId = await externalIdOf(careProviderId);
    const cursor = await latestAuditId();

    const sent = await api.post(`${threadsUrl(fx.patientA)}/new/${careProviderId}`, 'patientA', {
      subject: 'Nausea after the infusion',
      content: '<p>I feel sick <strong>every evening</strong>:</p><ul><li>since Monday</li><li>after dinner</li></ul>',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { threadId, messageId } = sent.json<SentMessage>();
    const byRobert = await reply(threadId, 'representativeOfA', '<p>She also could not sleep.</p>');
    expect(byRobert.statusCode, byRobert.body).toBe(201);
    const robertMessageId = byRobert.json<SentMessage>().messageId;

    // The care team answers; jane reads the thread.
    await created(newId(), messageBody({ providerExternalId, thread: { threadId } }));
    const detail = await janeThread(threadId);
    const member = detail.members.find((m) => m.patientId === fx.patientA);
    const read = await patchThread(threadId, [
      { op: 'replace', path: `/members/${member!.threadMemberId}/areMessagesReviewed`, value: true },
    ]);
    expect(read.statusCode, read.body).toBe(200);

    const feed = messageEvents(await eventsSince(cursor));
    expect(feed.map((e) => [e.type, e.actor.relationship])).toEqual([
      ['message.sent', 'self'],
      ['message.sent', 'representative'],
      ['message.read', 'self'],
    ]);
    const [first, second, third] = feed as [IntegrationEvent, IntegrationEvent, IntegrationEvent];
    expect(first).toMatchObject({
      patient: { mrn: JANE_MRN },
      record: { auditEvent: 'securemessagesendauditevent', threadId, messageId, newThread: true },
      message: {
        threadId,
        messageId,
        subject: 'Nausea after the infusion',
        content:
          '<p>I feel sick <strong>every evening</strong>:</p><ul><li>since Monday</li><li>after dinner</li></ul>',
        text: 'I feel sick every evening:\nsince Monday\nafter dinner',
        sentAt: expect.stringMatching(/Z$/) as string,
        newThread: true,
        provider: { careProviderId, externalId: providerExternalId },
        author: { firstName: 'Jane', lastName: 'Doe', relationship: 'self' },
      },
    });
    expect(second.message).toMatchObject({
      threadId,
      messageId: robertMessageId,
      newThread: false,
      text: 'She also could not sleep.',
      author: { firstName: 'Robert', lastName: 'Doe', relationship: 'representative' },
    });
    expect(third).toMatchObject({ record: { auditEvent: 'securemessagereviewauditevent', threadId } });
    expect(third).not.toHaveProperty('message');

    // Another facility's client sees none of it.
    const lakeside = await integrationToken(t, 'events', 'lakeside');
    expect(messageEvents(await eventsSince(cursor, lakeside))).toEqual([]);
  });

  it('message.read names who read: robert’s reading is a representative’s, jane’s comes when she reads', async () => {
    const { threadId } = await created(newId(), messageBody({ thread: { subject: 'Your scan is booked' } }));
    const memberId = (await janeThread(threadId)).members[0]!.threadMemberId;
    const read = [{ op: 'replace', path: `/members/${memberId}/areMessagesReviewed`, value: true }];
    const cursor = await latestAuditId();

    expect((await patchThread(threadId, read, 'representativeOfA')).statusCode).toBe(200);
    const byRobert = messageEvents(await eventsSince(cursor));
    expect(byRobert.map((e) => [e.type, e.actor.relationship, e.record.threadId])).toEqual([
      ['message.read', 'representative', threadId],
    ]);
    // Robert's reading is not the patient's: nothing says jane read it until she does.
    expect((await janeThread(threadId)).members[0]?.areMessagesReviewed).toBe(false);

    expect((await patchThread(threadId, read)).statusCode).toBe(200);
    expect((await patchThread(threadId, read)).statusCode).toBe(200);
    const both = messageEvents(await eventsSince(cursor));
    expect(both.map((e) => [e.type, e.actor.relationship, e.record.threadId])).toEqual([
      ['message.read', 'representative', threadId],
      ['message.read', 'self', threadId],
    ]);
  });

  it('webhooks deliver the same message.sent event, message included', async () => {
    await withWebhookReceiver(t, async (deliver) => {
      const careProviderId = await recipientOf(db, fx.patientA);
      const sent = await api.post(`${threadsUrl(fx.patientA)}/new/${careProviderId}`, 'patientA', {
        subject: 'Hook test',
        content: '<p>Delivered by webhook</p>',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { messageId } = sent.json<SentMessage>();
      const delivered = (await deliver()).find((e) => e.type === 'message.sent' && e.message?.messageId === messageId);
      expect(delivered?.message).toMatchObject({ subject: 'Hook test', text: 'Delivered by webhook' });
    });
  });

  it('does not echo the care team’s own messages on the feed', async () => {
    const cursor = await latestAuditId();
    await created(newId());
    expect(messageEvents(await eventsSince(cursor))).toEqual([]);
  });
});

/* ----------------------------------------------------------------- OpenAPI */

describe('the integration API’s description', () => {
  it('describes the PUT with its tag, summary, description, body and every answer; the portal API’s does not', async () => {
    type Operation = {
      tags?: string[];
      summary?: string;
      description?: string;
      requestBody?: unknown;
      responses?: Record<string, unknown>;
    };
    const doc = (await t.app.inject({ url: '/integration/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const operation = doc.paths['/integration/v1/patients/{mrn}/messages/{externalId}']?.put;
    expect(operation?.tags).toEqual(['Secure messages']);
    expect(operation?.summary?.length).toBeGreaterThan(10);
    expect(operation?.description).toContain('message_immutable');
    expect(operation?.description).toContain('providerExternalId');
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(
      ['200', '201', '400', '401', '403', '404', '409', '429'].sort(),
    );
    const portal = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(portal.paths).some((p) => p.includes('/messages/{externalId}'))).toBe(false);
  });
});
