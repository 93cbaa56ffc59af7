import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema/index';
import { expectError, nextIp, openApiApp, type ApiCaller, type TestApp } from '../api';
import type { AccessFixture } from '../access-fixture';

// Issue 10, finding 4: every route that sends mail is limited per caller, per account or contact and per
// recipient address, across routes (mailRecipient 5, mailAccount 10, mailCaller 20 an hour).

let t: TestApp;
let db: TestApp['database']['db'];
let fx: AccessFixture;
let api: ApiCaller;
let alex: { userId: number };

beforeAll(async () => {
  ({ t, db, fx, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = async (addresses: string[]) =>
  (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses))).length;

describe('mail limits (finding 4)', () => {
  it('stops confirmation mails to 30 new addresses of one account (PUT changeemail)', async () => {
    const token = await api.tokenOf('patientB');
    const addresses = Array.from({ length: 30 }, (_, i) => `many.${i}@example.com`);
    const statuses: number[] = [];
    for (const email of addresses) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${fx.userIds.john}/changeemail`,
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${token}` },
        payload: { isPatient: false, userId: fx.userIds.john, email, currentPassword: 'DemoPass#2026' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expectError(res, 429, 'too_many_attempts');
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
    expect(await mailsTo(addresses)).toBeLessThanOrEqual(10);
  });

  it('stops the sixth confirmation mail to one address (POST sendConfirmEmail)', async () => {
    await db
      .update(users)
      .set({ email: 'one.target@example.com', isEmailConfirmed: false })
      .where(eq(users.id, alex.userId));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await api.post(`/api/users/${alex.userId}/sendConfirmEmail`, 'alex')).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(await mailsTo(['one.target@example.com'])).toBe(5);
  });

  it('stops invitations to one address through fresh contacts (the limit no longer counts per contact only)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const saved = await api.put(`/api/patients/${fx.patientA}/contacts`, 'patientA', {
        contactId: 0,
        contactFirstName: `Click evil.example now ${i}`,
        contactLastName: 'Tester',
        relationshipId: 16,
        communicationLanguageId: 1,
        contactEmail: 'victim@example.com',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { contactId } = saved.json<{ contactId: number }>();
      statuses.push((await api.post(`/api/invitations/contact/${contactId}/invite`, 'patientA')).statusCode);
    }
    expect(statuses, JSON.stringify(statuses)).toContain(200);
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(await mailsTo(['victim@example.com'])).toBe(5);
  });

  it('forgotPassword answers 204 always but mails one account at most 5 times an hour', async () => {
    await db
      .update(users)
      .set({ email: 'robert.reset@example.com', isEmailConfirmed: true })
      .where(eq(users.id, fx.userIds.robert));
    const [robert] = await db.select({ username: users.username }).from(users).where(eq(users.id, fx.userIds.robert));
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users/forgotPassword?userName=${encodeURIComponent(robert!.username)}`,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(204);
    }
    const sent = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.toAddress, 'robert.reset@example.com'));
    expect(sent.length).toBe(5);
  });
});
