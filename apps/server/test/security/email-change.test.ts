import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/contracts';
import { mailOutbox, users } from '../../src/db/schema/index';
import { DEMO_PASSWORD } from '../../src/demo/demo';
import { hashPassword } from '../../src/platform/auth/passwords';
import { expectError, expectOk, nextIp, openApiApp, type TestApp } from '../api';
import type { AccessFixture } from '../access-fixture';

// Issue 10, hardening: a stolen session alone must not move the account to another mailbox (from where
// forgot-password would take it over). Replacing an address needs the current password, a wrong one counts
// toward the lockout, and the old address is told of the change.

let t: TestApp;
let db: TestApp['database']['db'];
let fx: AccessFixture;
let demoHash: string;
let counter = 0;

beforeAll(async () => {
  ({ t, db, fx } = await openApiApp());
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/** A fresh account (password DEMO_PASSWORD) with a session of its own. */
async function account(email: string | null) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      facilityId: fx.facilityId,
      username: `email.change${counter}`,
      email,
      passwordHash: demoHash,
      firstName: 'Casey',
      lastName: `Change${counter}`,
      isEmailConfirmed: email !== null,
      isEulaAccepted: true,
      isSingleSignOn: false,
    })
    .returning({ id: users.id });
  const session = await t.app.deps.sessions.create(db, {
    userId: user!.id,
    patientId: null,
    facilityId: fx.facilityId,
    loginType: 'userNamePassword',
  });
  return { userId: user!.id, token: session.accessToken };
}

function changeEmail(who: { userId: number; token: string }, email: string, currentPassword?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/${who.userId}/changeemail`,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${who.token}` },
    payload: {
      isPatient: false,
      userId: who.userId,
      email,
      ...(currentPassword === undefined ? {} : { currentPassword }),
    },
  });
}

const userRow = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)))[0]!;
const mailsTo = (address: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));

describe('email change needs the current password (issue 10)', () => {
  it('refuses a change without the password and changes nothing', async () => {
    const u = await account('keep.me@example.com');
    expectError(await changeEmail(u, 'thief@example.net'), 400, 'invalid_old_password', 'currentPassword');
    expectError(await changeEmail(u, 'thief@example.net', ''), 400, 'invalid_old_password', 'currentPassword');
    expect(await userRow(u.userId)).toMatchObject({ email: 'keep.me@example.com', isEmailConfirmed: true });
    expect(await mailsTo('thief@example.net')).toEqual([]);
    expect(await mailsTo('keep.me@example.com')).toEqual([]);

    // The PATCH form as well.
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.userId}`,
      remoteAddress: nextIp(),
      headers: { authorization: `Bearer ${u.token}` },
      payload: [{ op: 'replace', path: '/email', value: 'thief@example.net' }],
    });
    expectError(res, 400, 'invalid_old_password', 'currentPassword');
    expect((await userRow(u.userId)).email).toBe('keep.me@example.com');
  });

  it('counts a wrong password as a failed login: the fifth answers lockedout, then even the right one', async () => {
    const u = await account('locked.soon@example.com');
    for (let i = 1; i <= 4; i++) {
      expectError(
        await changeEmail(u, 'thief@example.net', `Wrong#Pass${i}`),
        400,
        'invalid_old_password',
        'currentPassword',
      );
      expect((await userRow(u.userId)).failedLoginCount).toBe(i);
    }
    const locked = expectError<ErrorBody & { minutesLeft?: number }>(
      await changeEmail(u, 'thief@example.net', 'Wrong#Pass5'),
      400,
      'lockedout',
    );
    expect(locked.minutesLeft).toBeGreaterThan(0);
    expectError(await changeEmail(u, 'thief@example.net', DEMO_PASSWORD), 400, 'lockedout');
    expect(await userRow(u.userId)).toMatchObject({ email: 'locked.soon@example.com' });
    expect((await userRow(u.userId)).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await mailsTo('thief@example.net')).toEqual([]);
  });

  it('changes the address with the right password and tells the old address, the new one masked', async () => {
    const u = await account('old.owner@example.com');
    const body = expectOk<{ userId: number; email: string }>(
      await changeEmail(u, 'jnew.address@example.org', DEMO_PASSWORD),
    );
    expect(body).toEqual({ userId: u.userId, email: 'jnew.address@example.org' });
    expect(await userRow(u.userId)).toMatchObject({ email: 'jnew.address@example.org', isEmailConfirmed: false });

    const [notice, ...others] = await mailsTo('old.owner@example.com');
    expect(others).toEqual([]);
    expect(notice!.toAddress).toBe('old.owner@example.com');
    expect(notice!.subject).toBe('The email address of your Riverside Patient Portal account was changed');
    expect(notice!.textBody).toContain('j***@example.org');
    expect(notice!.textBody).toMatch(/contact your facility/);
    for (const body of [notice!.subject, notice!.textBody, notice!.htmlBody ?? '']) {
      expect(body).not.toContain('jnew.address');
      expect(body).not.toContain('/confirm-email');
    }
    // The confirmation link goes to the new address only.
    const [confirmation] = await mailsTo('jnew.address@example.org');
    expect(confirmation!.textBody).toMatch(/\/confirm-email\?u=/);
  });

  it('answers the same address again (any case) as before, without the password', async () => {
    const u = await account('same.again@example.com');
    expectOk(await changeEmail(u, 'SAME.again@example.com'));
    expect(await userRow(u.userId)).toMatchObject({ email: 'SAME.again@example.com', isEmailConfirmed: true });
    expect(await mailsTo('same.again@example.com')).toEqual([]);
    expect(await mailsTo('SAME.again@example.com')).toEqual([]);
  });

  it('needs no password to provide a first address', async () => {
    const u = await account(null);
    expectOk(await changeEmail(u, 'first.address@example.com'));
    expect(await userRow(u.userId)).toMatchObject({ email: 'first.address@example.com', isEmailConfirmed: false });
    const mails = await mailsTo('first.address@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\/confirm-email\?u=/);
  });
});
