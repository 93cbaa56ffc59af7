import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_BEARER_ASSERTION_TYPE, type LoginProfile, type TokenSuccess } from '@portal/contracts';
import { oneTimeSecrets, patients, personalContacts, users } from '../../src/db/schema/index';
import { DEMO_PASSWORD } from '../../src/demo/demo';
import { IntegrationClientsService } from '../../src/modules/integration/integration.service';
import { issueSecret } from '../../src/platform/auth/one-time-secrets';
import { hashPassword } from '../../src/platform/auth/passwords';
import { expectError, nextIp, openApiApp, openSecondApp, type TestApp } from '../api';
import { createTestDatabase } from '../helpers';

// Issue 31: what a facility's host accepts (findings 4 and 7), the email change of a single sign-on session
// (finding 5) and the work of sign-up's identity check with a PIN (finding 15).

const RIVERSIDE = 'localhost';
const LAKESIDE = 'lakeside.localhost';
const NOWHERE = 'evil.example';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

let t: TestApp;
let db: TestApp['database']['db'];
let riverside: number;
let lakeside: number;
let jane: { userId: number; patientId: number; lastName: string; dateOfBirth: string };
let sam: { userId: number; patientId: number };

async function userAndPatient(username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [patient] = await db.select().from(patients).where(eq(patients.userId, user!.id));
  return {
    userId: user!.id,
    patientId: patient!.id,
    facilityId: user!.facilityId,
    lastName: patient!.lastName,
    dateOfBirth: patient!.dateOfBirth,
  };
}

beforeAll(async () => {
  ({ t, db } = await openApiApp());
  const janeRow = await userAndPatient('jane.doe');
  const samRow = await userAndPatient('sam.lee');
  riverside = janeRow.facilityId;
  lakeside = samRow.facilityId;
  expect(lakeside).not.toBe(riverside);
  jane = janeRow;
  sam = samRow;
});
afterAll(async () => {
  await t?.close();
});

/** POST /token to a host, from an address of its own. */
function token(host: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: nextIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}
const EMPTY = { grant_type: 'password', username: '', password: '' };
const sso = (host: string, ticket: string) => token(host, EMPTY, { 'logon-process': 'singleSignOn', 'sso-id': ticket });
const kiosk = (host: string, ticket: string, patientId: number) =>
  token(host, EMPTY, { 'logon-process': 'patientKioskUser', 'sso-id': ticket, 'patient-id': String(patientId) });
const passwordLogin = (host: string, username: string) =>
  token(host, { grant_type: 'password', username, password: DEMO_PASSWORD });

function accessToken(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TokenSuccess>().access_token;
}

const profileAt = (host: string, bearerToken: string) =>
  t.app.inject({
    url: '/api/patientportaluser/loginprofile',
    headers: { host, authorization: `Bearer ${bearerToken}` },
  });

function expectRefused(res: LightMyRequestResponse, description?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ error: string; error_description: string }>();
  expect(body.error).toBe('invalid_grant');
  if (description) expect(body.error_description).toBe(description);
}

describe('tickets count only on the hosts of their facility (finding 4)', () => {
  it("refuses a Riverside SSO ticket on Lakeside's host and on no facility's, and keeps it for Riverside's", async () => {
    const ticket = await issueSecret(db, { kind: 'singleSignOn', facilityId: riverside, userId: jane.userId });
    expectRefused(await sso(LAKESIDE, ticket.token));
    expectRefused(await sso(NOWHERE, ticket.token));
    const session = accessToken(await sso(`${RIVERSIDE}:3000`, ticket.token));
    expect((await profileAt(RIVERSIDE, session)).json<LoginProfile>()).toMatchObject({ loginType: 'singleSignOn' });
  });

  it("refuses a Lakeside user's SSO ticket on Riverside's host", async () => {
    const ticket = await issueSecret(db, { kind: 'singleSignOn', facilityId: lakeside, userId: sam.userId });
    expectRefused(await sso(RIVERSIDE, ticket.token));
    accessToken(await sso(LAKESIDE, ticket.token));
  });

  it("hands out development tickets at the user's facility's address, where they work", async () => {
    const res = await t.app.inject({ url: '/api/dev/tickets?username=sam.lee', headers: { host: RIVERSIDE } });
    const urls = res.json<{ sso: string[] }>();
    const ssoUrl = new URL(urls.sso[0]!);
    expect(ssoUrl.hostname).toBe(LAKESIDE);
    accessToken(await sso(ssoUrl.host, ssoUrl.searchParams.get('id')!));
  });

  it("counts a kiosk ticket only on the host of the patient's facility, whoever's staff issued it", async () => {
    // Riverside's kiosk staff may start a Lakeside patient: the device goes to Lakeside's address.
    const ticket = await issueSecret(db, { kind: 'kioskUser', facilityId: riverside, patientId: sam.patientId });
    expectRefused(await kiosk(RIVERSIDE, ticket.token, sam.patientId));
    expectRefused(await kiosk(NOWHERE, ticket.token, sam.patientId));
    const session = accessToken(await kiosk(LAKESIDE, ticket.token, sam.patientId));
    expect((await profileAt(LAKESIDE, session)).statusCode).toBe(200);
  });

  it("counts a link only on the host of the patient's facility, and a try elsewhere is no failure", async () => {
    const link = await issueSecret(db, { kind: 'link', facilityId: riverside, patientId: jane.patientId });
    const linkLogin = (host: string) =>
      token(host, EMPTY, {
        'logon-process': 'patientLinkUser',
        'link-data': link.token,
        'patient-id': String(jane.patientId),
        'last-name': jane.lastName,
        'birth-date': jane.dateOfBirth,
      });
    expectRefused(await linkLogin(LAKESIDE), 'link_expired');
    const [row] = await db.select().from(oneTimeSecrets).where(eq(oneTimeSecrets.id, link.id));
    expect(row).toMatchObject({ failedAttempts: 0, usedAt: null });
    accessToken(await linkLogin(RIVERSIDE));
  });
});

describe("a session's token works only on the hosts of its facility (finding 4)", () => {
  it("answers 401 as for an ended session on another facility's host and on no facility's", async () => {
    const janeToken = accessToken(await passwordLogin(RIVERSIDE, 'jane.doe'));
    expectError(await profileAt(LAKESIDE, janeToken), 401, 'unauthorized', { message: SESSION_ENDED });
    expectError(await profileAt(NOWHERE, janeToken), 401, 'unauthorized', { message: SESSION_ENDED });
    // A patient route too, before its own checks run.
    expectError(
      await t.app.inject({
        url: `/api/patients/${jane.patientId}/labresults/published`,
        headers: { host: LAKESIDE, authorization: `Bearer ${janeToken}` },
      }),
      401,
      'unauthorized',
    );
    expect((await profileAt('LOCALHOST:3000', janeToken)).statusCode).toBe(200);

    const samToken = accessToken(await passwordLogin(LAKESIDE, 'sam.lee'));
    expectError(await profileAt(RIVERSIDE, samToken), 401, 'unauthorized', { message: SESSION_ENDED });
    expect((await profileAt(LAKESIDE, samToken)).statusCode).toBe(200);
  });

  it('refuses a kiosk user’s session off the patient’s facility', async () => {
    const ticket = await issueSecret(db, { kind: 'kioskUser', facilityId: lakeside, patientId: sam.patientId });
    const session = accessToken(await kiosk(LAKESIDE, ticket.token, sam.patientId));
    expectError(await profileAt(RIVERSIDE, session), 401, 'unauthorized');
  });

  it("keeps a representative's session on the host of the represented patient's facility, as their login", async () => {
    const [contact] = await db
      .insert(personalContacts)
      .values({
        patientId: sam.patientId,
        firstName: 'Jane',
        lastName: 'Doe',
        authorizedRepresentativeUserId: jane.userId,
        isAuthorizedRepresentativeActive: true,
      })
      .returning({ id: personalContacts.id });
    try {
      const janeToken = accessToken(await passwordLogin(LAKESIDE, 'jane.doe'));
      expect((await profileAt(LAKESIDE, janeToken)).statusCode).toBe(200);
      expect((await profileAt(RIVERSIDE, janeToken)).statusCode).toBe(200);
      // Once the representation ends, Lakeside's host no longer serves her.
      await db
        .update(personalContacts)
        .set({ isAuthorizedRepresentativeActive: false })
        .where(eq(personalContacts.id, contact!.id));
      expectError(await profileAt(LAKESIDE, janeToken), 401, 'unauthorized');
    } finally {
      await db.delete(personalContacts).where(eq(personalContacts.id, contact!.id));
    }
  });
});

describe('an SSO session changes the account email only with the password (finding 5)', () => {
  let user: { userId: number; email: string };
  let ssoToken: string;

  beforeAll(async () => {
    const email = 'binding.sso@example.com';
    const [row] = await db
      .insert(users)
      .values({
        facilityId: riverside,
        username: 'binding.sso',
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        firstName: 'Binding',
        lastName: 'Sso',
        isEmailConfirmed: true,
        isEulaAccepted: true,
      })
      .returning({ id: users.id });
    user = { userId: row!.id, email };
    const ticket = await issueSecret(db, { kind: 'singleSignOn', facilityId: riverside, userId: user.userId });
    ssoToken = accessToken(await sso(RIVERSIDE, ticket.token));
  });

  const put = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.userId}/changeemail`,
      remoteAddress: nextIp(),
      headers: { authorization: `Bearer ${ssoToken}` },
      payload: { isPatient: false, usePrimaryEmail: true, userId: user.userId, patientId: null, ...body },
    });
  const patch = (operations: object[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.userId}`,
      remoteAddress: nextIp(),
      headers: { authorization: `Bearer ${ssoToken}` },
      payload: operations,
    });
  const emailNow = async () => (await db.select().from(users).where(eq(users.id, user.userId)))[0]!.email;

  it('tells the web app that the account has a password to ask for', async () => {
    expect((await profileAt(RIVERSIDE, ssoToken)).json<LoginProfile>()).toMatchObject({
      loginType: 'singleSignOn',
      canChangePassword: false,
      hasPassword: true,
    });
  });

  it('PUT changeemail: refuses a missing or wrong password as a password session, then changes with it', async () => {
    const email = 'binding.sso.put@example.com';
    expectError(await put({ email }), 400, 'invalid_old_password', 'currentPassword');
    expectError(
      await put({ email, currentPassword: 'Wrong#Password1' }),
      400,
      'invalid_old_password',
      'currentPassword',
    );
    expect(await emailNow()).toBe(user.email);
    const res = await put({ email, currentPassword: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailNow()).toBe(email);
    user.email = email;
  });

  it('PATCH: refuses a replace of /email without the password test, then changes with it', async () => {
    const replace = { op: 'replace', path: '/email', value: 'binding.sso.patch@example.com' };
    expectError(await patch([replace]), 400, 'invalid_old_password', 'currentPassword');
    expectError(
      await patch([replace, { op: 'test', path: '/password', value: 'Wrong#Password2' }]),
      400,
      'invalid_old_password',
      'currentPassword',
    );
    expect(await emailNow()).toBe(user.email);
    const res = await patch([replace, { op: 'test', path: '/password', value: DEMO_PASSWORD }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailNow()).toBe('binding.sso.patch@example.com');
  });
});

describe("the integration assertion's aud is this portal's, never the request's Host (finding 7)", () => {
  let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
  let riversideClient: string;
  let lakesideClient: string;

  beforeAll(async () => {
    keys = await generateKeyPair('ES384');
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k', alg: 'ES384' }] });
    const clients = new IntegrationClientsService(db, (s) => t.app.deps.sealedTokens.sealSecret(s));
    const create = async (facility: string) =>
      (await clients.create({ facility, name: `Engine ${randomUUID()}`, scopes: 'events', jwks })).clientId;
    riversideClient = await create('riverside');
    lakesideClient = await create('lakeside');
  });

  const assertion = (clientId: string, aud: string) =>
    new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES384', kid: 'k', typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(aud)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
      .sign(keys.privateKey);

  const exchange = async (app: TestApp, host: string, clientId: string, aud: string) =>
    app.app.inject({
      method: 'POST',
      url: '/integration/v1/token',
      remoteAddress: nextIp(),
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
        client_assertion: await assertion(clientId, aud),
      }).toString(),
    });

  function expectAudRefused(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({
      error: 'invalid_client',
      error_description: "The assertion's aud claim is not valid.",
    });
  }

  it('refuses an assertion made out to the Host the request names', async () => {
    expectAudRefused(await exchange(t, NOWHERE, riversideClient, `http://${NOWHERE}/integration/v1/token`));
    expectAudRefused(
      await exchange(t, `${NOWHERE}:3000`, riversideClient, `http://${NOWHERE}:3000/integration/v1/token`),
    );
  });

  it("accepts the token URL at the client's facility's canonical alias, whatever the Host", async () => {
    const riversideUrl = 'http://localhost:3000/integration/v1/token';
    expect((await exchange(t, NOWHERE, riversideClient, riversideUrl)).statusCode).toBe(200);
    // Another facility's alias is not this client's.
    expectAudRefused(await exchange(t, RIVERSIDE, lakesideClient, riversideUrl));
    const lakesideUrl = 'http://lakeside.localhost:3000/integration/v1/token';
    expect((await exchange(t, LAKESIDE, lakesideClient, lakesideUrl)).statusCode).toBe(200);
  });

  it('accepts the token URL at PUBLIC_URL when it is set', async () => {
    const second = await openSecondApp(t, { config: { PUBLIC_URL: 'https://portal.example.org/' } });
    try {
      const res = await exchange(second, NOWHERE, lakesideClient, 'https://portal.example.org/integration/v1/token');
      expect(res.statusCode, res.body).toBe(200);
      expectAudRefused(await exchange(second, NOWHERE, lakesideClient, `https://${NOWHERE}/integration/v1/token`));
    } finally {
      await second.close();
    }
  });
});

describe("sign-up's identity check with a PIN does the same work for a real and an invented identity (finding 15)", () => {
  let counted: TestApp;
  let statements: string[] | null = null;
  let facilityId: number;

  beforeAll(async () => {
    const database = await createTestDatabase({ onQuery: (text) => statements?.push(text) });
    const opened = await openApiApp({ database });
    counted = opened.t;
    facilityId = opened.fx.facilityId;
  });
  afterAll(async () => {
    await counted?.close();
  });

  let counter = 0;
  async function realIdentity() {
    counter += 1;
    const identity = {
      facilityId,
      firstName: `Equal${String.fromCharCode(96 + counter)}`,
      lastName: `Work${counter}`,
      birthDate: { year: 1970 + counter, month: 5, day: 20 },
    };
    const [row] = await counted.database.db
      .insert(patients)
      .values({
        homeFacilityId: facilityId,
        mrn: `EQW-${counter}`,
        firstName: identity.firstName,
        lastName: identity.lastName,
        dateOfBirth: `${identity.birthDate.year}-05-20`,
      })
      .returning({ id: patients.id });
    const pin = await issueSecret(counted.database.db, {
      kind: 'signupPin',
      facilityId,
      patientId: row!.id,
      token: String(52000000 + counter * 211),
    });
    return { identity, pinId: pin.id };
  }

  /** The statements one identity check sends, and its answer. */
  async function statementsOf(body: object) {
    statements = [];
    const res = await counted.app.inject({
      method: 'POST',
      url: '/api/patients/signup/invitedPatientValidation',
      remoteAddress: nextIp(),
      payload: body,
    });
    const sent = statements;
    statements = null;
    return { res, sent };
  }

  it('sends the same statements for a wrong PIN of a real identity as for an invented one, and still counts it', async () => {
    const warmUp = await realIdentity();
    await statementsOf({ ...warmUp.identity, pin: '11111111' });
    await statementsOf({ ...warmUp.identity, lastName: 'Nobody', pin: '11111111' });

    const real = await realIdentity();
    const fromReal = await statementsOf({ ...real.identity, pin: '11111111' });
    const fromInvented = await statementsOf({
      ...real.identity,
      lastName: `${real.identity.lastName}x`,
      pin: '11111111',
    });
    expectError(fromReal.res, 400, 'invalid_information');
    expectError(fromInvented.res, 400, 'invalid_information');
    expect(fromReal.sent.length).toBeGreaterThan(0);
    expect(fromInvented.sent).toEqual(fromReal.sent);
    // The real patient's PIN still took the failure.
    const [pin] = await counted.database.db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.id, real.pinId), eq(oneTimeSecrets.kind, 'signupPin')));
    expect(pin!.failedAttempts).toBe(1);
  });
});
