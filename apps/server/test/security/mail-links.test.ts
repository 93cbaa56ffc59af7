import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, personalContacts, users } from '../../src/db/schema/index';
import { bearer, type AccessFixture } from '../access-fixture';
import { nextIp, openApiApp, type TestApp } from '../api';

// Issue 10, finding 5: with PUBLIC_URL unset, links in mails come from the facility's own alias, never from
// the Host header of the request that caused the mail. The test app listens on the default port 3000. Since issue
// 31 (finding 4) a session serves only on its facility's hosts, so the request names another of Riverside's
// aliases and port (127.0.0.1:4444), and a host that is no facility's is refused before any mail is made.

let t: TestApp;
let db: TestApp['database']['db'];
let fx: AccessFixture;

beforeAll(async () => {
  ({ t, db, fx } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const EVIL = 'evil.example';
/** Riverside's other alias, on a port the server does not listen on: what a link must not follow. */
const OTHER_ALIAS = '127.0.0.1:4444';
/** Riverside's canonical alias (localhost before 127.0.0.1) with the configured port. */
const RIVERSIDE = 'http://localhost:3000';

async function send(method: 'POST', url: string, who: 'patientA', payload?: object, host = OTHER_ALIAS) {
  const { bearer: token } = await fx.token(who);
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...bearer(token), host, 'x-forwarded-host': EVIL },
    ...(payload ? { payload } : {}),
  });
}

/** The text of the newest mail to an address. */
async function newestMailTo(address: string): Promise<string> {
  const [row] = await db
    .select({ text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${address}`);
  return `${row.text}\n${row.html ?? ''}`;
}

function expectOwnLinks(mail: string, path: string) {
  expect(mail).not.toContain(EVIL);
  expect(mail).not.toContain(OTHER_ALIAS);
  expect(mail).toContain(`${RIVERSIDE}${path}`);
}

describe('mail links with PUBLIC_URL unset and another Host (finding 5)', () => {
  it('refuses the session on a host that is no facility\u2019s, and sends nothing', async () => {
    await db
      .update(users)
      .set({ email: 'jane.evil@example.com', isEmailConfirmed: false })
      .where(eq(users.id, fx.userIds.jane));
    const res = await send('POST', `/api/users/${fx.userIds.jane}/sendConfirmEmail`, 'patientA', undefined, EVIL);
    expect(res.statusCode, res.body).toBe(401);
    await expect(newestMailTo('jane.evil@example.com')).rejects.toThrow('no mail');
  });

  it('builds the email confirmation link from the facility alias', async () => {
    await db
      .update(users)
      .set({ email: 'jane.links@example.com', isEmailConfirmed: false })
      .where(eq(users.id, fx.userIds.jane));
    const again = await send('POST', `/api/users/${fx.userIds.jane}/sendConfirmEmail`, 'patientA');
    expect(again.statusCode, again.body).toBe(204);
    expectOwnLinks(await newestMailTo('jane.links@example.com'), '/confirm-email?u=');
  });

  it('builds the invitation link from the facility alias', async () => {
    await db
      .update(personalContacts)
      .set({ contactEmail: 'linda.links@example.com' })
      .where(eq(personalContacts.id, fx.contactOfA));
    const res = await send('POST', `/api/invitations/contact/${fx.contactOfA}/invite`, 'patientA');
    expect(res.statusCode, res.body).toBe(200);
    expectOwnLinks(await newestMailTo('linda.links@example.com'), '/auth-rep-sign-up?u=');
  });

  it('builds the login link of a contact password reset from the facility alias', async () => {
    const [robert] = await db
      .select({ contactId: personalContacts.id, email: users.email })
      .from(personalContacts)
      .innerJoin(users, eq(users.id, personalContacts.authorizedRepresentativeUserId))
      .where(and(eq(users.id, fx.userIds.robert), eq(personalContacts.patientId, fx.patientA)));
    await db.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, fx.userIds.robert));
    const res = await send(
      'POST',
      `/api/patients/${fx.patientA}/contacts/${robert!.contactId}/ResetPassword`,
      'patientA',
    );
    expect(res.statusCode, res.body).toBe(204);
    expectOwnLinks(await newestMailTo(robert!.email!), '/login');
  });
});
