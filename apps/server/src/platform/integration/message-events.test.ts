import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationEventMessageSchema } from '@portal/contracts';
import { facilities, patients, users } from '../../db/schema/index';
import { addPatientMessage } from '../../modules/secure-messages/secure-messages.intake';
import { openApiApp, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { putTestProviderMessage, recipientOf } from '../../../test/secure-message-fixture';
import { sentMessagesOf } from './message-events';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let riverside: number;
let lakeside: number;
let jane: number;
let robert: number;

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  const facilityId = async (name: string) =>
    (await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.shortName, name)))[0]!.id;
  riverside = await facilityId('Riverside');
  lakeside = await facilityId('Lakeside');
  const userId = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  jane = await userId('jane.doe');
  robert = await userId('robert.doe');
});
afterAll(async () => {
  await t?.close();
});

/** A thread jane begins, robert's reply, and the care team's answer in it; their ids. */
async function conversation() {
  const careProviderId = await recipientOf(db, fx.patientA);
  const first = await db.transaction((tx) =>
    addPatientMessage(tx, fx.patientA, {
      authorUserId: jane,
      thread: { careProviderId, subject: 'Side effects' },
      content: '<p>Since the last cycle:</p><ul><li>nausea</li><li>tiredness &amp; <strong>aches</strong></li></ul>',
    }),
  );
  const second = await db.transaction((tx) =>
    addPatientMessage(tx, fx.patientA, {
      authorUserId: robert,
      thread: { threadId: first.threadId },
      content: '<p>She also sleeps badly.</p>',
    }),
  );
  const answer = await putTestProviderMessage(db, fx.patientA, careProviderId, {
    thread: { threadId: first.threadId },
  });
  return { careProviderId, threadId: first.threadId, first: first.messageId, second: second.messageId, answer };
}

describe('sentMessagesOf', () => {
  it('gives each message the patient’s side wrote with its thread, provider and the person who typed it', async () => {
    const { careProviderId, threadId, first, second, answer } = await conversation();
    const messages = await sentMessagesOf(db, riverside, [first, second, answer.id]);

    expect([...messages.keys()].sort()).toEqual([first, second].sort());
    const byJane = messages.get(first);
    expect(byJane).toEqual({
      threadId,
      threadExternalId: null,
      messageId: first,
      subject: 'Side effects',
      content: '<p>Since the last cycle:</p><ul><li>nausea</li><li>tiredness &amp; <strong>aches</strong></li></ul>',
      text: 'Since the last cycle:\nnausea\ntiredness & aches',
      contentTypes: { subject: 'text/plain', content: 'text/html', text: 'text/plain' },
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as string,
      newThread: true,
      provider: { careProviderId, externalId: expect.stringMatching(/^demo-cp-/) as string },
      author: { firstName: 'Jane', lastName: 'Doe', relationship: 'self' },
    });
    expect(IntegrationEventMessageSchema.parse(byJane)).toEqual(byJane);
    expect(messages.get(second)).toMatchObject({
      threadId,
      newThread: false,
      text: 'She also sleeps badly.',
      author: { firstName: 'Robert', lastName: 'Doe', relationship: 'representative' },
    });
  });

  it('says the subject and text are plain text: markup a patient typed in them is characters to escape', async () => {
    // Issue 31, finding 15: a receiver that put the subject into HTML as it came ran the patient's markup.
    const careProviderId = await recipientOf(db, fx.patientA);
    const typed = '<img src=x onerror=alert(1)> & <b>pain</b>';
    const sent = await db.transaction((tx) =>
      addPatientMessage(tx, fx.patientA, {
        authorUserId: jane,
        thread: { careProviderId, subject: typed },
        content: '<p>1 &lt; 2</p>',
      }),
    );
    const message = (await sentMessagesOf(db, riverside, [sent.messageId])).get(sent.messageId)!;
    expect(message).toMatchObject({ subject: typed, text: '1 < 2', content: '<p>1 &lt; 2</p>' });
    expect(message.contentTypes).toEqual({ subject: 'text/plain', content: 'text/html', text: 'text/plain' });
  });

  it('knows a message that begins no thread: a reply in a thread the care team began is not new', async () => {
    const careProviderId = await recipientOf(db, fx.patientA);
    const { threadId } = await putTestProviderMessage(db, fx.patientA, careProviderId);
    const reply = await db.transaction((tx) =>
      addPatientMessage(tx, fx.patientA, { authorUserId: jane, thread: { threadId }, content: '<p>Thanks</p>' }),
    );
    expect((await sentMessagesOf(db, riverside, [reply.messageId])).get(reply.messageId)?.newThread).toBe(false);
  });

  it('gives another facility none of them', async () => {
    const { first, second } = await conversation();
    expect((await sentMessagesOf(db, lakeside, [first, second])).size).toBe(0);
    const [janeRow] = await db
      .select({ facilityId: patients.homeFacilityId })
      .from(patients)
      .where(eq(patients.id, fx.patientA));
    expect(janeRow?.facilityId).toBe(riverside);
  });

  it('reads any number of messages with one query, and none for no message', async () => {
    const a = await conversation();
    const b = await conversation();
    let selects = 0;
    const counted = new Proxy(db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === 'select' && typeof value === 'function') {
          return (...args: unknown[]) => {
            selects += 1;
            return (value as (...x: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const messages = await sentMessagesOf(counted, riverside, [a.first, a.second, b.first, b.second]);
    expect(messages.size).toBe(4);
    expect(selects).toBe(1);
    expect((await sentMessagesOf(counted, riverside, [])).size).toBe(0);
    expect(selects).toBe(1);
  });
});
