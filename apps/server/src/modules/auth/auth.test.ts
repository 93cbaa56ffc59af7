import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capabilities, LoginProfile, TokenSuccess } from '@portal/contracts';
import { bearer, type AccessFixture } from '../../../test/access-fixture';
import { openApiApp, type TestApp } from '../../../test/api';
import { captureLogs } from '../../../test/helpers';
import { auditEvents, externalSystems, facilities, sessions, users } from '../../db/schema/index';
import { DEMO_PASSWORD, DEMO_SECRETS } from '../../demo/demo';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { hashPassword } from '../../platform/auth/passwords';
import { hashSecret } from '../../platform/auth/secrets';

let t: TestApp;
let fx: AccessFixture;
const logs = captureLogs();

beforeAll(async () => {
  ({ t, fx } = await openApiApp({ config: { LOG_LEVEL: 'info' }, logStream: logs.stream }));
});
afterAll(async () => {
  await t.close();
});

function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}
const login = (username: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
  token({ grant_type: 'password', username, password }, headers);

function expectTokenError(res: Awaited<ReturnType<typeof token>>, error: string, description?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json<{ error: string; error_description: string; message: string; requestId: string }>();
  expect(body.error).toBe(error);
  if (description) expect(body.error_description).toBe(description);
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  return body;
}

const profileOf = (accessToken: string) =>
  t.app.inject({ url: '/api/patientportaluser/loginprofile', headers: bearer(accessToken) });

async function resetUser(username: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.username, username));
}

describe('password login', () => {
  it('answers the tokens, login type and terms flag, and opens a session', async () => {
    const res = await login('Jane.Doe');
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenSuccess>();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'bearer',
      expires_in: 900,
      loginType: 'userNamePassword',
      isEulaAccepted: true,
      userName: 'jane.doe',
    });
    // Only hashes are stored.
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.accessTokenHash, hashSecret(body.access_token)));
    expect(row).toMatchObject({ userId: fx.userIds.jane, loginType: 'userNamePassword', revokedAt: null });
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.sessionId, row!.id));
    expect(audit).toMatchObject({ eventType: 'loginauditevent', outcome: 'success', actorUserId: fx.userIds.jane });
    expect(logs.text()).not.toContain(body.access_token);
    expect(logs.text()).not.toContain(DEMO_PASSWORD);
  });

  it('refuses an unknown user and a wrong password with the same answer', async () => {
    const unknown = expectTokenError(await login('nobody.here', 'Whatever#2026'), 'invalid_grant');
    const wrong = expectTokenError(await login('robert.doe', 'Whatever#2026'), 'invalid_grant');
    expect({ ...unknown, requestId: '' }).toEqual({ ...wrong, requestId: '' });
    expect(wrong.message).toBe('Login failed. Please try again.');
    await resetUser('robert.doe', { failedLoginCount: 0 });
  });

  it('answers an over-long username or password like a wrong password (spec 000: Login failed)', async () => {
    const wrong = expectTokenError(await login('robert.doe', 'Whatever#2026'), 'invalid_grant');
    const longName = expectTokenError(await login('a'.repeat(101), 'Whatever#2026'), 'invalid_grant');
    const longPassword = expectTokenError(await login('robert.doe', `A1#${'x'.repeat(254)}`), 'invalid_grant');
    const both = expectTokenError(await login('b'.repeat(5000), 'C'.repeat(5000)), 'invalid_grant');
    for (const body of [longName, longPassword, both]) {
      expect({ ...body, requestId: '' }).toEqual({ ...wrong, requestId: '' });
    }
    await resetUser('robert.doe', { failedLoginCount: 0 });
  });

  it('validates the form and names the field', async () => {
    const res = await token({ grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'grant_type' });
  });

  it('locks the account after the facility limit of failures, with the minutes left, across attempts', async () => {
    for (let i = 0; i < 4; i++) expectTokenError(await login('john.smith', 'Wrong#Password1'), 'invalid_grant');
    const fifth = expectTokenError(await login('john.smith', 'Wrong#Password1'), 'locked_out') as {
      minutesLeft?: number;
    };
    expect(fifth.minutesLeft).toBe(15);
    // Even the right password is refused while locked: the count lives in the database.
    const right = expectTokenError(await login('john.smith'), 'locked_out') as { minutesLeft?: number };
    expect(right.minutesLeft).toBeGreaterThanOrEqual(14);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'john.smith'));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // When the lock has passed, the right password works again and the count restarts.
    await resetUser('john.smith', { lockedUntil: new Date(Date.now() - 1000) });
    expect((await login('john.smith')).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.username, 'john.smith'));
    expect(after).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('refuses logins once the facility subscription has ended', async () => {
    await t.database.db.update(facilities).set({ subscriptionEndsOn: '2020-01-01' }).where(eq(facilities.id, 1));
    const body = expectTokenError(await login('jane.doe'), 'invalid_subscription');
    expect(body.message).toBe('Login failed. Subscription period has ended. Please contact your administrator.');
    await t.database.db.update(facilities).set({ subscriptionEndsOn: null }).where(eq(facilities.id, 1));
  });

  it('answers password_change_required for a temporary password, and refuses it once expired', async () => {
    const temporaryPasswordHash = await hashPassword('Temporary#Pass123');
    await resetUser('robert.doe', {
      temporaryPasswordHash,
      temporaryPasswordExpiresAt: new Date(Date.now() + 3_600_000),
    });
    expectTokenError(await login('robert.doe', 'Temporary#Pass123'), 'password_change_required');
    // The real password still works beside it.
    expect((await login('robert.doe')).statusCode).toBe(200);
    await resetUser('robert.doe', { temporaryPasswordExpiresAt: new Date(Date.now() - 1000) });
    expectTokenError(await login('robert.doe', 'Temporary#Pass123'), 'invalid_grant');
    await resetUser('robert.doe', {
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      failedLoginCount: 0,
    });
  });

  it('answers password_change_required when the facility requires a new password', async () => {
    await resetUser('robert.doe', { isPasswordUpdateRequired: true });
    expectTokenError(await login('robert.doe'), 'password_change_required');
    await resetUser('robert.doe', { isPasswordUpdateRequired: false });
  });

  it('logs kiosk staff in only through the kiosk logon process, and nobody else that way', async () => {
    expectTokenError(await login('kiosk.staff'), 'invalid_grant');
    expectTokenError(
      await login('jane.doe', DEMO_PASSWORD, { 'logon-process': 'patientKioskManagement' }),
      'invalid_grant',
    );
    const res = await login('kiosk.staff', DEMO_PASSWORD, { 'logon-process': 'patientKioskManagement' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenSuccess>().loginType).toBe('patientKioskManagement');
    await resetUser('kiosk.staff', { failedLoginCount: 0 });
    await resetUser('jane.doe', { failedLoginCount: 0 });
  });
});

describe('sessions', () => {
  it('rotates the refresh token; the old access token stops working', async () => {
    const first = (await login('jane.doe')).json<TokenSuccess>();
    const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json<TokenSuccess>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.loginType).toBe('userNamePassword');
    expect((await profileOf(first.access_token)).statusCode).toBe(401);
    expect((await profileOf(second.access_token)).statusCode).toBe(200);
  });

  it('ends the whole session when a used refresh token comes back', async () => {
    const first = (await login('jane.doe')).json<TokenSuccess>();
    const second = (
      await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json<TokenSuccess>();
    expectTokenError(await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }), 'invalid_grant');
    expect((await profileOf(second.access_token)).statusCode).toBe(401);
    expectTokenError(
      await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
      'invalid_grant',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, 'refreshtokenreuseauditevent'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ outcome: 'failure', actorUserId: fx.userIds.jane });
  });

  it('ends a session idle for longer than the limit, and one past its absolute limit', async () => {
    const idle = (await login('jane.doe')).json<TokenSuccess>();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.accessTokenHash, hashSecret(idle.access_token)));
    expect((await profileOf(idle.access_token)).statusCode).toBe(401);
    expectTokenError(await token({ grant_type: 'refresh_token', refresh_token: idle.refresh_token }), 'invalid_grant');

    const old = (await login('jane.doe')).json<TokenSuccess>();
    await t.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.accessTokenHash, hashSecret(old.access_token)));
    expect((await profileOf(old.access_token)).statusCode).toBe(401);
    expectTokenError(await token({ grant_type: 'refresh_token', refresh_token: old.refresh_token }), 'invalid_grant');
  });

  it('refuses a garbled or missing bearer token with 401', async () => {
    expect((await t.app.inject({ url: '/api/patientportaluser/loginprofile' })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/patientportaluser/loginprofile',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('logout', () => {
  it.each([
    ['userNamePassword', 'logoffauditevent'],
    ['singleSignOn', 'ssologoffauditevent'],
    ['patientKioskManagement', 'kiosklogoffauditevent'],
    ['patientKioskUser', 'kiosklogoffauditevent'],
    ['patientLinkUser', 'urllinklogoffauditevent'],
  ] as const)('ends a %s session at once and records %s', async (loginType, eventType) => {
    const kioskOrLink = loginType === 'patientKioskUser' || loginType === 'patientLinkUser';
    const userId = kioskOrLink ? null : loginType === 'patientKioskManagement' ? fx.userIds.kiosk : fx.userIds.jane;
    const issued = await t.app.deps.sessions.create(t.database.db, {
      userId,
      patientId: kioskOrLink ? fx.patientA : null,
      facilityId: 1,
      loginType,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${userId ?? 0}/audit/logoff`,
      headers: bearer(issued.accessToken),
    });
    expect(res.statusCode).toBe(204);
    expect((await profileOf(issued.accessToken)).statusCode).toBe(401);
    expectTokenError(await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken }), 'invalid_grant');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, issued.sessionId), eq(auditEvents.eventType, eventType)));
    expect(audit).toMatchObject({ outcome: 'success', loginType });
  });
});

describe('single sign-on', () => {
  it('logs in with a ticket once; the same ticket is refused after', async () => {
    const ticket = await issueSecret(t.database.db, { kind: 'singleSignOn', facilityId: 1, userId: fx.userIds.jane });
    const headers = { 'logon-process': 'singleSignOn', 'sso-id': ticket.token };
    const res = await token({ grant_type: 'password', username: '', password: '' }, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenSuccess>();
    expect(body.loginType).toBe('singleSignOn');
    const profile = (await profileOf(body.access_token)).json<LoginProfile>();
    expect(profile).toMatchObject({ loginType: 'singleSignOn', canChangePassword: false, firstName: 'Jane' });
    expectTokenError(await token({ grant_type: 'password', username: '', password: '' }, headers), 'invalid_grant');
  });

  it('refuses an expired or unknown ticket', async () => {
    const expired = await issueSecret(t.database.db, {
      kind: 'singleSignOn',
      facilityId: 1,
      userId: fx.userIds.jane,
      lifetimeMs: -1000,
    });
    for (const id of [expired.token, 'no-such-ticket', '']) {
      expectTokenError(
        await token(
          { grant_type: 'password', username: '', password: '' },
          { 'logon-process': 'singleSignOn', 'sso-id': id },
        ),
        'invalid_grant',
      );
    }
  });

  it('refuses an unknown logon process', async () => {
    expectTokenError(await login('jane.doe', DEMO_PASSWORD, { 'logon-process': 'superUser' }), 'invalid_grant');
  });
});

describe('kiosk user login', () => {
  it('logs a patient in with a kiosk ticket bound to them, once', async () => {
    const ticket = await issueSecret(t.database.db, { kind: 'kioskUser', facilityId: 1, patientId: fx.patientA });
    const form = { grant_type: 'password', username: '', password: '' };
    const wrongPatient = {
      'logon-process': 'patientKioskUser',
      'sso-id': ticket.token,
      'patient-id': String(fx.patientB),
    };
    expectTokenError(await token(form, wrongPatient), 'invalid_grant');
    const headers = { ...wrongPatient, 'patient-id': String(fx.patientA) };
    const res = await token(form, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenSuccess>();
    expect(body).toMatchObject({ loginType: 'patientKioskUser', isEulaAccepted: true });
    const profile = (await profileOf(body.access_token)).json<LoginProfile>();
    expect(profile).toMatchObject({ userId: null, ids: [{ idType: 'Patient', value: fx.patientA }] });
    expectTokenError(await token(form, headers), 'invalid_grant');
  });
});

describe('link login', () => {
  const form = { grant_type: 'password', username: '', password: '' };
  const janeBirthDate = async () => {
    const res = await t.app.inject({
      url: `/api/patients/${fx.patientA}`,
      headers: bearer((await fx.token('patientA')).bearer),
    });
    return res.json<{ dateOfBirth: string }>().dateOfBirth;
  };
  const headersFor = (data: string, lastName: string, birthDate: string) => ({
    'logon-process': 'patientLinkUser',
    'link-data': data,
    'patient-id': String(fx.patientA),
    'last-name': lastName,
    'birth-date': birthDate,
  });

  it('logs in with the last name and date of birth, once', async () => {
    const dob = await janeBirthDate();
    const res = await token(form, headersFor(DEMO_SECRETS.linkToken, '  doe ', dob));
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenSuccess>().loginType).toBe('patientLinkUser');
    expectTokenError(
      await token(form, headersFor(DEMO_SECRETS.linkToken, 'Doe', dob)),
      'invalid_grant',
      'link_expired',
    );
  });

  it('says no match for a wrong date of birth, and the link dies after five failures', async () => {
    const link = await issueSecret(t.database.db, { kind: 'link', facilityId: 1, patientId: fx.patientA });
    const dob = await janeBirthDate();
    for (let i = 0; i < 5; i++) {
      const body = expectTokenError(
        await token(form, headersFor(link.token, 'Doe', '1900-01-01')),
        'invalid_grant',
        'username_password_incorrect',
      );
      expect(body.error_description).toBe('username_password_incorrect');
    }
    expectTokenError(await token(form, headersFor(link.token, 'Doe', dob)), 'invalid_grant', 'link_expired');
  });

  it('reads a percent-encoded last name', async () => {
    const { patients } = await import('../../db/schema/index');
    await t.database.db.update(patients).set({ lastName: 'Doe-Łukasz 陈' }).where(eq(patients.id, fx.patientA));
    const link = await issueSecret(t.database.db, { kind: 'link', facilityId: 1, patientId: fx.patientA });
    const res = await token(form, headersFor(link.token, encodeURIComponent('doe-łukasz 陈'), await janeBirthDate()));
    await t.database.db.update(patients).set({ lastName: 'Doe' }).where(eq(patients.id, fx.patientA));
    expect(res.statusCode).toBe(200);
  });

  it('says the link expired for an unknown or expired link', async () => {
    const expired = await issueSecret(t.database.db, {
      kind: 'link',
      facilityId: 1,
      patientId: fx.patientA,
      lifetimeMs: -1,
    });
    const dob = await janeBirthDate();
    for (const data of [expired.token, 'unknown-link']) {
      expectTokenError(await token(form, headersFor(data, 'Doe', dob)), 'invalid_grant', 'link_expired');
    }
  });
});

describe('GET /api/patientportaluser/loginprofile', () => {
  it("describes a patient: own ids, email state, preferences, the facility's terms", async () => {
    const { bearer: jane } = await fx.token('patientA');
    const res = await profileOf(jane!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json<LoginProfile>();
    expect(body).toMatchObject({
      userId: fx.userIds.jane,
      userName: 'jane.doe',
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      loginType: 'userNamePassword',
      isEmailConfirmed: true,
      isEulaAccepted: true,
      isPasswordUpdateRequired: false,
      isAuthorizedRepresentative: false,
      canChangePassword: true,
      ids: [{ idType: 'Patient', value: fx.patientA }],
    });
    expect(body.termsOfUse.length).toBeGreaterThan(50);
  });

  it('marks a representative and lists the patients they represent', async () => {
    const body = (await profileOf((await fx.token('representativeOfA')).bearer!)).json<LoginProfile>();
    expect(body).toMatchObject({
      isAuthorizedRepresentative: true,
      ids: [{ idType: 'PatientContact', value: fx.patientA }],
    });
    const disabled = (await profileOf((await fx.token('disabledRepresentative')).bearer!)).json<LoginProfile>();
    expect(disabled).toMatchObject({ isAuthorizedRepresentative: false, ids: [], accessSwitchedOff: true });
  });

  it('says accessSwitchedOff only to a user with no patient left whose representation was switched off', async () => {
    for (const kind of ['patientA', 'representativeOfA', 'kioskStaff', 'kioskUserOfA', 'linkUserOfA'] as const) {
      const body = (await profileOf((await fx.token(kind)).bearer!)).json<LoginProfile>();
      expect(body.accessSwitchedOff, kind).toBe(false);
    }
  });
});

describe('GET /api/users/{userId}/capabilities/patientPortal', () => {
  const modulesOf = (body: Capabilities) => body.modules.map((m) => m.moduleName);
  it('gives a patient the full tree and a representative theirs', async () => {
    const jane = await fx.token('patientA');
    const res = await t.app.inject({
      url: `/api/users/${jane.userId}/capabilities/patientPortal`,
      headers: bearer(jane.bearer),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Capabilities>();
    expect(modulesOf(body)).toEqual(expect.arrayContaining(['Dashboard', 'TestResults', 'SecureMessages']));
    const dashboard = body.modules.find((m) => m.moduleName === 'Dashboard')!;
    expect(dashboard.details).toContainEqual({
      fieldName: 'PersonalContacts',
      details: [{ fieldName: 'InviteContact' }],
    });
    const robert = await fx.token('representativeOfA');
    const rep = (
      await t.app.inject({
        url: `/api/users/${robert.userId}/capabilities/patientPortal`,
        headers: bearer(robert.bearer),
      })
    ).json<Capabilities>();
    expect(rep.modules.find((m) => m.moduleName === 'Dashboard')!.details.map((d) => d.fieldName)).not.toContain(
      'PersonalContacts',
    );
  });

  it('gives a user with no patient to show (a switched-off representative) no modules', async () => {
    const emily = await fx.token('disabledRepresentative');
    const res = await t.app.inject({
      url: `/api/users/${emily.userId}/capabilities/patientPortal`,
      headers: bearer(emily.bearer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Capabilities>()).toEqual({ modules: [] });
  });
});

describe('GET /api/patients/{patientId} and its facilities and external systems', () => {
  it('answers the patient, their facilities and systems to the patient', async () => {
    const jane = await fx.token('patientA');
    const patient = await t.app.inject({ url: `/api/patients/${fx.patientA}`, headers: bearer(jane.bearer) });
    expect(patient.statusCode).toBe(200);
    expect(patient.json()).toMatchObject({
      patientId: fx.patientA,
      firstName: 'Jane',
      hasLogin: true,
      userId: fx.userIds.jane,
      homeFacilityId: 1,
      address: { address1: '214 Willow Bend Road', city: 'Riverside' },
    });
    const places = await t.app.inject({ url: `/api/patients/${fx.patientA}/facilities`, headers: bearer(jane.bearer) });
    expect(places.json()).toEqual([
      { facilityId: 1, facilityName: 'Riverside Cancer Center', facilityShortName: 'Riverside', isHomeFacility: true },
    ]);
    const systems = await t.app.inject({
      url: `/api/patients/${fx.patientA}/externalSystems`,
      headers: bearer(jane.bearer),
    });
    expect(systems.json()).toEqual([
      {
        externalSystemId: expect.any(Number),
        name: 'Riverside Cancer Center Oncology',
        activeTriggerEventTypes: ['CcdaRequested'],
      },
      {
        externalSystemId: expect.any(Number),
        name: 'Riverside Regional Hospital',
        activeTriggerEventTypes: ['CcdaRequested'],
      },
    ]);
  });

  it('lists external systems by name whatever its case, then in the order they were added', async () => {
    const john = await fx.token('patientB');
    for (const name of ['zeta Imaging', 'Beta Lab', 'alpha clinic', 'beta lab']) {
      await t.database.db
        .insert(externalSystems)
        .values({ patientId: fx.patientB, name, externalId: `SORT-${name.replace(/\s/g, '-')}` });
    }
    const res = await t.app.inject({
      url: `/api/patients/${fx.patientB}/externalSystems`,
      headers: bearer(john.bearer),
    });
    const listed = res.json<{ externalSystemId: number; name: string }[]>();
    expect(listed.map((s) => s.name)).toEqual([
      'alpha clinic',
      'Beta Lab',
      'beta lab',
      'Riverside Cancer Center Oncology',
      'zeta Imaging',
    ]);
    expect(listed[1]!.externalSystemId).toBeLessThan(listed[2]!.externalSystemId);
  });

  it('gives kiosk and link users no external systems', async () => {
    for (const kind of ['kioskUserOfA', 'linkUserOfA'] as const) {
      const caller = await fx.token(kind);
      const res = await t.app.inject({
        url: `/api/patients/${fx.patientA}/externalSystems`,
        headers: bearer(caller.bearer),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the demo secrets', () => {
  it('stores every seeded secret only as a hash', async () => {
    const { oneTimeSecrets } = await import('../../db/schema/index');
    const rows = await t.database.db.select().from(oneTimeSecrets);
    const text = JSON.stringify(rows);
    for (const secret of Object.values(DEMO_SECRETS)) expect(text).not.toContain(secret);
  });
});

describe('GET /api/dev/tickets (development only)', () => {
  it('issues working single sign-on, kiosk and link URLs for a demo patient', async () => {
    const res = await t.app.inject({ url: '/api/dev/tickets?username=jane.doe' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ sso: string[]; kioskUser: string[]; link: string[] }>();
    expect(body.sso[0]).toMatch(/^http:\/\/localhost(:\d+)?\/singleSignOn\?id=[A-Za-z0-9_-]{43}$/);
    expect(body.kioskUser[0]).toContain(`/patientKioskUserLogin?ptId=${fx.patientA}&data=`);
    expect(body.link[0]).toContain(`/linkLogin?patientid=${fx.patientA}&data=`);
    const id = new URL(body.sso[0]!).searchParams.get('id')!;
    const login = await token(
      { grant_type: 'password', username: '', password: '' },
      { 'logon-process': 'singleSignOn', 'sso-id': id },
    );
    expect(login.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dev/tickets?username=nobody' })).statusCode).toBe(404);
    // Only for callers on this machine: a development server reachable from a network hands out nothing.
    const remote = await t.app.inject({ url: '/api/dev/tickets?username=jane.doe', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
  });
});
