import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, EMAIL_FORMAT_MESSAGE, type ErrorBody } from '@portal/contracts';
import {
  expectError,
  expectNoContent,
  nextIp,
  openApiApp,
  openSecondApp,
  request,
  type Method,
  type RequestOptions,
  type TestApp,
} from '../../../test/api';
import { captureLogs } from '../../../test/helpers';
import { auditEvents, facilities, mailOutbox, oneTimeSecrets, patients, sessions, users } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../demo/demo';
import type { LoginType } from '../../platform/auth/sessions';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { generateTemporaryPassword } from '../../platform/auth/passwords';
import { supportedLocaleOf } from './accounts.service';
import { minutesUntil } from './passwords.service';

/** The error answer of a locked account. */
type LockedOut = ErrorBody & { minutesLeft?: number };

let t: TestApp;
let db: TestApp['database']['db'];
let riverside: number;
let demoHash: string;
const ids = { jane: 0, john: 0, robert: 0, emily: 0, janePatient: 0, johnPatient: 0 };

const NEW_PASSWORD = 'Brand#NewPass2026';

beforeAll(async () => {
  const opened = await openApiApp();
  ({ t, db } = opened);
  const [r] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.shortName, 'Riverside'));
  riverside = r!.id;
  const { jane, john, robert, emily } = opened.fx.userIds;
  Object.assign(ids, { jane, john, robert, emily, janePatient: opened.fx.patientA, johnPatient: opened.fx.patientB });
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

async function tokenFor(
  userId: number | null,
  loginType: LoginType = 'userNamePassword',
  patientId: number | null = null,
): Promise<string> {
  const issued = await t.app.deps.sessions.create(db, { userId, patientId, facilityId: riverside, loginType });
  return issued.accessToken;
}

/** A request from a client address of its own (unless `ip` is given). */
const call = (method: Method, url: string, options: RequestOptions = {}) => request(t, method, url, options);

let userCounter = 0;

/** A fresh portal user (own patient record unless `patient: false`), password DEMO_PASSWORD. */
async function makeUser(
  options: {
    email?: string | null;
    confirmed?: boolean;
    sso?: boolean;
    language?: string | null;
    patient?: boolean;
    passwordHash?: string | null;
  } = {},
) {
  userCounter += 1;
  const username = `acct.user${userCounter}`;
  const email = options.email === undefined ? `${username}@example.com` : options.email;
  const [user] = await db
    .insert(users)
    .values({
      facilityId: riverside,
      username,
      email,
      passwordHash: options.passwordHash === undefined ? demoHash : options.passwordHash,
      firstName: 'Acct',
      lastName: `User${userCounter}`,
      isEmailConfirmed: options.confirmed ?? true,
      isEulaAccepted: false,
      isSingleSignOn: options.sso ?? false,
      preferredLanguage: options.language ?? null,
    })
    .returning({ id: users.id });
  let patientId: number | null = null;
  if (options.patient !== false) {
    const [p] = await db
      .insert(patients)
      .values({
        homeFacilityId: riverside,
        userId: user!.id,
        mrn: `ACC-${userCounter}`,
        firstName: 'Acct',
        lastName: `User${userCounter}`,
        dateOfBirth: '1980-01-01',
        emailAddress: email,
        preferredLanguage: 'en-US',
      })
      .returning({ id: patients.id });
    patientId = p!.id;
  }
  const token = await tokenFor(user!.id);
  return { userId: user!.id, username, email, patientId, token };
}

async function userRow(userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function mailsTo(address: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
}

async function audits(eventType: string, actorUserId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, eventType), eq(auditEvents.actorUserId, actorUserId)));
}

/** The confirmation token of the newest mail to `address`. */
async function confirmationToken(address: string): Promise<string> {
  const [mail] = await mailsTo(address);
  const match = /\/confirm-email\?u=([\w-]+)$/m.exec(mail?.textBody ?? '');
  if (!match) throw new Error(`no confirmation link mailed to ${address}`);
  return match[1]!;
}

async function sessionRevoked(token: string): Promise<boolean> {
  return (await t.app.deps.sessions.authenticate(token)) === null;
}

/* ------------------------------------------------------------------- units */

describe('account helpers', () => {
  it('generates temporary passwords that meet the rules', () => {
    const rules = [
      { minimumLength: 12, numOfCapitalLetters: 1, numOfNumbers: 1, numOfSpecialCharacters: 1 },
      { minimumLength: 20, numOfCapitalLetters: 3, numOfNumbers: 4, numOfSpecialCharacters: 2 },
      { minimumLength: 0, numOfCapitalLetters: 0, numOfNumbers: 0, numOfSpecialCharacters: 0 },
    ];
    const seen = new Set<string>();
    for (const rule of rules) {
      for (let i = 0; i < 50; i++) {
        const password = generateTemporaryPassword(rule);
        expect(checkPassword(password, rule).ok, password).toBe(true);
        expect(password.length).toBeGreaterThanOrEqual(Math.max(14, rule.minimumLength));
        expect(password).not.toMatch(/[Il0O1]/);
        seen.add(password);
      }
    }
    expect(seen.size).toBe(150);
  });

  it('accepts only supported locales, in canonical spelling', () => {
    expect(supportedLocaleOf('es-mx')).toBe('es-MX');
    expect(supportedLocaleOf(' EN-gb ')).toBe('en-GB');
    expect(supportedLocaleOf('zh-TW')).toBe('zh');
    expect(supportedLocaleOf('de-DE')).toBeNull();
    expect(supportedLocaleOf('es')).toBeNull();
  });

  it('rounds lockout minutes up', () => {
    const now = new Date(0);
    expect(minutesUntil(new Date(15 * 60_000), now)).toBe(15);
    expect(minutesUntil(new Date(61_000), now)).toBe(2);
    expect(minutesUntil(new Date(1), now)).toBe(1);
  });
});

/* ------------------------------------------------------------------- access */

describe('user routes', () => {
  it('answer 401 without a session and 404 for another user’s id', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const patch = [{ op: 'replace', path: '/isEulaAccepted', value: true }];
    expectError(await call('PATCH', `/api/users/${u.userId}/replace`, { body: patch }), 401, 'unauthorized');
    expectError(
      await call('PATCH', `/api/users/${other.userId}/replace`, { token: u.token, body: patch }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', `/api/users/${other.userId}/sendConfirmEmail`, { token: u.token }),
      404,
      'not_found',
    );
    expect((await userRow(other.userId)).isEulaAccepted).toBe(false);
  });
});

/* -------------------------------------------------------------------- terms */

describe('PATCH /api/users/:userId/replace', () => {
  it('accepts the terms of use and audits it', async () => {
    const u = await makeUser();
    const res = await call('PATCH', `/api/users/${u.userId}/replace`, {
      token: u.token,
      body: [{ op: 'replace', path: '/isEulaAccepted', value: true }],
    });
    expectNoContent(res);
    expect((await userRow(u.userId)).isEulaAccepted).toBe(true);
    const [audit] = await audits('eulaacceptedauditevent', u.userId);
    expect(audit).toMatchObject({
      loginType: 'userNamePassword',
      facilityId: riverside,
      sessionId: expect.any(Number),
    });
  });

  it('answers 400 naming the field for any other operation', async () => {
    const u = await makeUser();
    const url = `/api/users/${u.userId}/replace`;
    const patch = (op: Record<string, unknown>) => call('PATCH', url, { token: u.token, body: [op] });
    expectError(await patch({ op: 'replace', path: '/email', value: true }), 400, 'validation_failed', '0.path');
    expectError(
      await patch({ op: 'replace', path: '/isEulaAccepted', value: false }),
      400,
      'validation_failed',
      '0.value',
    );
    expectError(await patch({ op: 'add', path: '/isEulaAccepted', value: true }), 400, 'validation_failed', '0.op');
    const two = [
      { op: 'replace', path: '/isEulaAccepted', value: true },
      { op: 'replace', path: '/isEulaAccepted', value: true },
    ];
    expectError(await call('PATCH', url, { token: u.token, body: two }), 400, 'validation_failed');
    expect((await userRow(u.userId)).isEulaAccepted).toBe(false);
  });
});

/* -------------------------------------------------------------------- email */

describe('PATCH /api/users/:userId (email)', () => {
  it('changes the email, unconfirms it and mails a confirmation link in the user’s language', async () => {
    const u = await makeUser({ language: 'es-MX' });
    const res = await call('PATCH', `/api/users/${u.userId}`, {
      token: u.token,
      body: [
        { op: 'replace', path: '/email', value: ' new.address1@example.com ' },
        { op: 'test', path: '/password', value: DEMO_PASSWORD },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: u.userId, email: 'new.address1@example.com' });
    const row = await userRow(u.userId);
    expect(row).toMatchObject({ email: 'new.address1@example.com', isEmailConfirmed: false });
    // The patient record keeps its address: this call changes the account only.
    const [p] = await db.select().from(patients).where(eq(patients.id, u.patientId!));
    expect(p!.emailAddress).toBe(u.email);
    const [mail] = await mailsTo('new.address1@example.com');
    expect(mail!.subject).toBe('Confirme su dirección de correo electrónico para Riverside Patient Portal');
    const token = await confirmationToken('new.address1@example.com');
    const [secret] = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.userId, u.userId), eq(oneTimeSecrets.kind, 'emailConfirmation')));
    expect(secret).toMatchObject({ email: 'new.address1@example.com', usedAt: null });
    expect(token.length).toBeGreaterThan(20);
    // The old address is told, in the same language, without the new address in full.
    const [notice] = await mailsTo(u.email!);
    expect(notice!.subject).toBe(
      'Se cambió la dirección de correo electrónico de su cuenta de Riverside Patient Portal',
    );
    expect(notice!.textBody).toContain('n***@example.com');
    expect(notice!.textBody).not.toContain('new.address1');
  });

  it('needs the current password to replace an address: missing or wrong is invalid_old_password', async () => {
    const u = await makeUser();
    const url = `/api/users/${u.userId}`;
    const replace = { op: 'replace', path: '/email', value: 'patch.moved@example.com' };
    expectError(await call('PATCH', url, { token: u.token, body: [replace] }), 400, 'invalid_old_password', {
      field: 'currentPassword',
      message: 'The current password was not entered correctly.',
    });
    expectError(
      await call('PATCH', url, {
        token: u.token,
        body: [{ op: 'test', path: '/password', value: 'Wrong#Pass2026' }, replace],
      }),
      400,
      'invalid_old_password',
      'currentPassword',
    );
    expect(await userRow(u.userId)).toMatchObject({ email: u.email, isEmailConfirmed: true, failedLoginCount: 1 });
    expect(await mailsTo('patch.moved@example.com')).toEqual([]);
    expect(await mailsTo(u.email!)).toEqual([]);
    // The test operation tests /password only, once, with a string.
    expectError(
      await call('PATCH', url, {
        token: u.token,
        body: [replace, { op: 'test', path: '/username', value: DEMO_PASSWORD }],
      }),
      400,
      'validation_failed',
      '1.path',
    );
    expectError(
      await call('PATCH', url, { token: u.token, body: [replace, { op: 'test', path: '/password', value: 7 }] }),
      400,
      'validation_failed',
      '1.value',
    );
    expectError(
      await call('PATCH', url, {
        token: u.token,
        body: [
          { op: 'test', path: '/password', value: DEMO_PASSWORD },
          { op: 'test', path: '/password', value: DEMO_PASSWORD },
        ],
      }),
      400,
      'validation_failed',
      '1.path',
    );
    expect((await userRow(u.userId)).email).toBe(u.email);
  });

  it('answers 400 for an invalid address or another path', async () => {
    const u = await makeUser();
    const url = `/api/users/${u.userId}`;
    expectError(
      await call('PATCH', url, { token: u.token, body: [{ op: 'replace', path: '/email', value: 'nope@' }] }),
      400,
      'validation_failed',
      { message: EMAIL_FORMAT_MESSAGE, field: '0.value' },
    );
    expectError(
      await call('PATCH', url, { token: u.token, body: [{ op: 'replace', path: '/email', value: 42 }] }),
      400,
      'validation_failed',
      '0.value',
    );
    expectError(
      await call('PATCH', url, { token: u.token, body: [{ op: 'replace', path: '/username', value: 'x@y.com' }] }),
      400,
      'validation_failed',
      '0.path',
    );
    expect((await userRow(u.userId)).email).toBe(u.email);
  });

  it('keeps the confirmation and sends nothing for the same address in another case', async () => {
    const u = await makeUser();
    const res = await call('PATCH', `/api/users/${u.userId}`, {
      token: u.token,
      body: [{ op: 'replace', path: '/email', value: u.email!.toUpperCase() }],
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(u.userId)).toMatchObject({ email: u.email!.toUpperCase(), isEmailConfirmed: true });
    expect(await mailsTo(u.email!.toUpperCase())).toEqual([]);
  });
});

describe('PUT /api/users/:userId/changeemail', () => {
  it('changes the account and, for a patient, their own patient record', async () => {
    const u = await makeUser();
    const res = await call('PUT', `/api/users/${u.userId}/changeemail?language=fr-CA`, {
      token: u.token,
      body: {
        isPatient: true,
        usePrimaryEmail: false,
        userId: u.userId,
        patientId: u.patientId,
        email: 'changed2@example.com',
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: u.userId, email: 'changed2@example.com' });
    expect(await userRow(u.userId)).toMatchObject({ email: 'changed2@example.com', isEmailConfirmed: false });
    const [p] = await db.select().from(patients).where(eq(patients.id, u.patientId!));
    expect(p!.emailAddress).toBe('changed2@example.com');
    const [mail] = await mailsTo('changed2@example.com');
    expect(mail!.subject).toBe('Confirmez votre adresse courriel pour Riverside Patient Portal');
    // Riverside's canonical alias with the configured port, never the request's Host.
    expect(mail!.textBody).toMatch(/^http:\/\/localhost:3000\/confirm-email\?u=[\w-]+$/m);
  });

  it('leaves the patient record alone for a representative, whatever patientId says', async () => {
    const token = await tokenFor(ids.robert);
    const res = await call('PUT', `/api/users/${ids.robert}/changeemail`, {
      token,
      body: {
        isPatient: false,
        userId: ids.robert,
        patientId: ids.janePatient,
        email: 'robert.new@example.com',
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [jane] = await db.select().from(patients).where(eq(patients.id, ids.janePatient));
    expect(jane!.emailAddress).toBe('jane.doe@example.com');
    expect((await userRow(ids.robert)).email).toBe('robert.new@example.com');
  });

  it('asks a single sign-on session for the password when the account has one (issue 31, finding 5)', async () => {
    const u = await makeUser();
    const token = await tokenFor(u.userId, 'singleSignOn');
    const url = `/api/users/${u.userId}/changeemail`;
    const body = { isPatient: true, userId: u.userId, email: 'sso.moved@example.com' };
    expectError(await call('PUT', url, { token, body }), 400, 'invalid_old_password', 'currentPassword');
    expectError(
      await call('PUT', url, { token, body: { ...body, currentPassword: 'Wrong#Password1' } }),
      400,
      'invalid_old_password',
      'currentPassword',
    );
    expect((await userRow(u.userId)).email).toBe(u.email);
    const res = await call('PUT', url, { token, body: { ...body, currentPassword: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(u.userId)).toMatchObject({ email: 'sso.moved@example.com', isEmailConfirmed: false });
  });

  it('needs no password for an account without one (single sign-on only), and still tells the old address', async () => {
    const u = await makeUser({ sso: true, passwordHash: null });
    const token = await tokenFor(u.userId, 'singleSignOn');
    const res = await call('PUT', `/api/users/${u.userId}/changeemail`, {
      token,
      body: { isPatient: true, userId: u.userId, email: 'sso.only.moved@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(u.userId)).toMatchObject({ email: 'sso.only.moved@example.com', isEmailConfirmed: false });
    expect(await mailsTo(u.email!)).toHaveLength(1);
  });

  it('answers 400 naming userId when the body names another user, and email for a bad address', async () => {
    const u = await makeUser();
    const url = `/api/users/${u.userId}/changeemail`;
    expectError(
      await call('PUT', url, { token: u.token, body: { isPatient: true, userId: ids.jane, email: 'x1@example.com' } }),
      400,
      'validation_failed',
      'userId',
    );
    expectError(
      await call('PUT', url, { token: u.token, body: { isPatient: true, userId: u.userId, email: 'bad' } }),
      400,
      'validation_failed',
      'email',
    );
    expect((await userRow(u.userId)).email).toBe(u.email);
  });
});

describe('POST /api/users/:userId/sendConfirmEmail', () => {
  it('mails a new confirmation link', async () => {
    const u = await makeUser({ confirmed: false });
    expectNoContent(await call('POST', `/api/users/${u.userId}/sendConfirmEmail?language=pt-BR`, { token: u.token }));
    const [mail] = await mailsTo(u.email!);
    expect(mail!.subject).toBe('Confirme seu endereço de e-mail no Riverside Patient Portal');
    await confirmationToken(u.email!);
  });

  it('answers no_email and already_confirmed', async () => {
    const none = await makeUser({ email: null, confirmed: false });
    expectError(
      await call('POST', `/api/users/${none.userId}/sendConfirmEmail`, { token: none.token }),
      400,
      'no_email',
      { message: 'There is no email address on your account.' },
    );
    const confirmed = await makeUser();
    expectError(
      await call('POST', `/api/users/${confirmed.userId}/sendConfirmEmail`, { token: confirmed.token }),
      400,
      'already_confirmed',
      { message: 'Your email address is already confirmed.' },
    );
  });

  it('answers cannot_send when the server cannot send mail', async () => {
    const production = await openSecondApp(t, { config: { NODE_ENV: 'production' } });
    try {
      const u = await makeUser({ confirmed: false });
      const res = await request(production, 'POST', `/api/users/${u.userId}/sendConfirmEmail`, { token: u.token });
      expectError(res, 400, 'cannot_send');
      expect(await mailsTo(u.email!)).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('email confirmation: validateuser and confirmEmail', () => {
  it('validates the link for its user and username, then confirms the address once', async () => {
    const u = await makeUser({ confirmed: false });
    await call('POST', `/api/users/${u.userId}/sendConfirmEmail`, { token: u.token });
    const link = await confirmationToken(u.email!);

    const validate = (username: string, token = link, as = u) =>
      call('GET', `/api/users/${as.userId}/validateuser/${token}/${encodeURIComponent(username)}`, { token: as.token });
    let res = await validate(u.username.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userValidation: true });
    expect((await validate('someone.else')).json()).toEqual({ userValidation: false });
    expect((await validate(u.username, 'unknown-confirmation-token')).json()).toEqual({ userValidation: false });
    const stranger = await makeUser();
    expect((await validate(stranger.username, link, stranger)).json()).toEqual({ userValidation: false });

    // Another user cannot use the link either.
    expectError(
      await call('PUT', `/api/users/${stranger.userId}/confirmEmail`, {
        token: stranger.token,
        body: { encryptedUserId: link },
      }),
      400,
      'cannot_confirm',
      { message: 'We cannot confirm your email address.' },
    );

    res = await call('PUT', `/api/users/${u.userId}/confirmEmail`, { token: u.token, body: { encryptedUserId: link } });
    expectNoContent(res);
    expect((await userRow(u.userId)).isEmailConfirmed).toBe(true);
    const [secret] = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.userId, u.userId), eq(oneTimeSecrets.kind, 'emailConfirmation')));
    expect(secret!.usedAt).toBeInstanceOf(Date);

    // Used up.
    expect((await validate(u.username)).json()).toEqual({ userValidation: false });
    expectError(
      await call('PUT', `/api/users/${u.userId}/confirmEmail`, { token: u.token, body: { encryptedUserId: link } }),
      400,
      'cannot_confirm',
      { message: 'We cannot confirm your email address.' },
    );
  });

  it('refuses a link issued for an address the account no longer has', async () => {
    const u = await makeUser({ confirmed: false });
    await call('POST', `/api/users/${u.userId}/sendConfirmEmail`, { token: u.token });
    const oldLink = await confirmationToken(u.email!);
    await call('PATCH', `/api/users/${u.userId}`, {
      token: u.token,
      body: [
        { op: 'replace', path: '/email', value: `moved.${u.email}` },
        { op: 'test', path: '/password', value: DEMO_PASSWORD },
      ],
    });
    const res = await call('GET', `/api/users/${u.userId}/validateuser/${oldLink}/${u.username}`, { token: u.token });
    expect(res.json()).toEqual({ userValidation: false });
    expectError(
      await call('PUT', `/api/users/${u.userId}/confirmEmail`, { token: u.token, body: { encryptedUserId: oldLink } }),
      400,
      'cannot_confirm',
    );
    // The link mailed to the new address works.
    const newLink = await confirmationToken(`moved.${u.email}`);
    expectNoContent(
      await call('PUT', `/api/users/${u.userId}/confirmEmail`, { token: u.token, body: { encryptedUserId: newLink } }),
    );
  });

  it('answers 400 naming encryptedUserId when it is missing, and 401 without a session', async () => {
    const u = await makeUser({ confirmed: false });
    expectError(
      await call('PUT', `/api/users/${u.userId}/confirmEmail`, { token: u.token, body: {} }),
      400,
      'validation_failed',
      'encryptedUserId',
    );
    expectError(await call('GET', `/api/users/${u.userId}/validateuser/abc/${u.username}`), 401, 'unauthorized');
  });
});

/* ---------------------------------------------------------------- passwords */

describe('POST /api/users/forgotPassword', () => {
  const forgot = (query: string, ip?: string, headers?: Record<string, string>) =>
    call('POST', `/api/users/forgotPassword?${query}`, { ip, headers });

  it('mails a temporary password that then changes the password on the forced-change route', async () => {
    const u = await makeUser();
    const before = Date.now();
    expectNoContent(await forgot(`userName=${u.username.toUpperCase()}&language=en-US`));
    const row = await userRow(u.userId);
    expect(row.temporaryPasswordHash).toMatch(/^\$argon2id\$/);
    const expires = row.temporaryPasswordExpiresAt!.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
    // The current password still works beside it.
    expect(await verifyPassword(row.passwordHash!, DEMO_PASSWORD)).toBe(true);

    const [mail] = await mailsTo(u.email!);
    expect(mail!.subject).toBe('Your temporary password for Riverside Patient Portal');
    // Riverside's canonical alias with the configured port, never the request's Host.
    expect(mail!.textBody).toMatch(/^http:\/\/localhost:3000\/login$/m);
    const temporary = /Your temporary password is:\n\n(\S+)\n/.exec(mail!.textBody)![1]!;
    expect(
      checkPassword(temporary, {
        minimumLength: 12,
        numOfCapitalLetters: 1,
        numOfNumbers: 1,
        numOfSpecialCharacters: 1,
      }).ok,
    ).toBe(true);
    expect(await verifyPassword(row.temporaryPasswordHash!, temporary)).toBe(true);
    const [audit] = await audits('passwordresetauditevent', u.userId);
    expect(audit).toMatchObject({ facilityId: riverside });

    const res = await call('PUT', '/api/users/changePassword', {
      body: { userName: u.username, oldPassword: temporary, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expectNoContent(res);
    const after = await userRow(u.userId);
    expect(after.temporaryPasswordHash).toBeNull();
    expect(after.temporaryPasswordExpiresAt).toBeNull();
    expect(await verifyPassword(after.passwordHash!, NEW_PASSWORD)).toBe(true);
  });

  it('mails in ?language, else the user’s language', async () => {
    const u = await makeUser({ language: 'fr-CA' });
    expectNoContent(await forgot(`userName=${u.username}`));
    expect((await mailsTo(u.email!))[0]!.subject).toBe('Votre mot de passe temporaire pour Riverside Patient Portal');
    expectNoContent(await forgot(`userName=${u.username}&language=zh`));
    expect((await mailsTo(u.email!))[0]!.subject).toBe('您的 Riverside Patient Portal 临时密码');
  });

  it('answers 204 and does nothing for unknown, email-less, unconfirmed and single sign-on accounts', async () => {
    const none = await makeUser({ email: null, confirmed: false });
    const unconfirmed = await makeUser({ confirmed: false });
    const sso = await makeUser({ sso: true, passwordHash: null });
    for (const name of ['no.such.user', none.username, unconfirmed.username, sso.username]) {
      expectNoContent(await forgot(`userName=${name}`));
    }
    for (const u of [none, unconfirmed, sso]) expect((await userRow(u.userId)).temporaryPasswordHash).toBeNull();
    expect(await mailsTo(unconfirmed.email!)).toEqual([]);
    expect(await mailsTo(sso.email!)).toEqual([]);
  });

  it('sends nothing when the request came to a host name that serves no facility', async () => {
    const u = await makeUser();
    expectNoContent(await forgot(`userName=${u.username}`, undefined, { host: 'attacker.example.net' }));
    expect(await mailsTo(u.email!)).toEqual([]);
    expect((await userRow(u.userId)).temporaryPasswordHash).toBeNull();
  });

  it('answers 400 naming userName when it is missing', async () => {
    expectError(await call('POST', '/api/users/forgotPassword'), 400, 'validation_failed', 'userName');
  });

  it('is rate-limited per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expectNoContent(await forgot(`userName=nobody${i}`, ip));
    expectError(await forgot('userName=nobody', ip), 429, 'too_many_attempts');
  });
});

describe('PUT /api/users/changePassword (forced change, no session)', () => {
  const change = (body: Record<string, unknown>, ip?: string) => call('PUT', '/api/users/changePassword', { body, ip });
  const body = (userName: string, extra: Record<string, unknown> = {}) => ({
    userName,
    oldPassword: DEMO_PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...extra,
  });

  it('changes the password, clears the forced-change state and ends every session', async () => {
    const u = await makeUser();
    const second = await tokenFor(u.userId);
    await db.update(users).set({ isPasswordUpdateRequired: true, failedLoginCount: 3 }).where(eq(users.id, u.userId));
    expectNoContent(await change(body(u.username)));
    const row = await userRow(u.userId);
    expect(row).toMatchObject({ isPasswordUpdateRequired: false, failedLoginCount: 0, lockedUntil: null });
    expect(await verifyPassword(row.passwordHash!, NEW_PASSWORD)).toBe(true);
    expect(await sessionRevoked(u.token)).toBe(true);
    expect(await sessionRevoked(second)).toBe(true);
    const [s] = await db.select().from(sessions).where(eq(sessions.userId, u.userId)).limit(1);
    expect(s!.revokedReason).toBe('password_changed');
    expect(await audits('passwordchangeauditevent', u.userId)).toHaveLength(1);
  });

  it('answers invalid_grant for an unknown user and for a wrong old password, counting the latter', async () => {
    expectError(await change(body('no.such.user')), 400, 'invalid_grant');
    const u = await makeUser();
    expectError(await change(body(u.username, { oldPassword: 'Wrong#Pass2026' })), 400, 'invalid_grant');
    expect((await userRow(u.userId)).failedLoginCount).toBe(1);
    expect(await verifyPassword((await userRow(u.userId)).passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('locks the account at the fifth wrong password and answers lockedout with the minutes left', async () => {
    const u = await makeUser();
    for (let i = 0; i < 4; i++) {
      expectError(await change(body(u.username, { oldPassword: `Wrong#Pass${i}` })), 400, 'invalid_grant');
    }
    const locked = expectError<LockedOut>(
      await change(body(u.username, { oldPassword: 'Wrong#Pass9' })),
      400,
      'lockedout',
    );
    expect(locked.minutesLeft).toBe(15);
    expect(locked.message).toBe(
      'Your account is locked after too many unsuccessful attempts. Please wait 15 minutes and try again.',
    );
    const row = await userRow(u.userId);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Even the right password is refused while locked, and the password is unchanged.
    const again = expectError<LockedOut>(await change(body(u.username)), 400, 'lockedout');
    expect(again.minutesLeft).toBe(15);
    expect(await verifyPassword((await userRow(u.userId)).passwordHash!, DEMO_PASSWORD)).toBe(true);
    // Once the lock has passed, the right password works.
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.userId));
    expectNoContent(await change(body(u.username)));
  });

  it('answers password_must_be_different, confirm_mismatch and password_rules', async () => {
    const u = await makeUser();
    expectError(
      await change(body(u.username, { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD })),
      400,
      'password_must_be_different',
    );
    expectError(await change(body(u.username, { confirmPassword: 'Other#Pass2026' })), 400, 'confirm_mismatch', {
      message: 'Passwords do not match',
    });
    expectError(
      await change(body(u.username, { newPassword: 'short1!A', confirmPassword: 'short1!A' })),
      400,
      'password_rules',
      { message: 'Password does not meet security requirements' },
    );
    expect(await verifyPassword((await userRow(u.userId)).passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect((await userRow(u.userId)).failedLoginCount).toBe(0);
  });

  it('refuses an expired temporary password', async () => {
    const u = await makeUser();
    const temporary = 'Temp#Pass20260';
    await db
      .update(users)
      .set({
        temporaryPasswordHash: await hashPassword(temporary),
        temporaryPasswordExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(users.id, u.userId));
    expectError(await change(body(u.username, { oldPassword: temporary })), 400, 'invalid_grant');
  });

  it('answers 400 naming the field for a missing one', async () => {
    const { userName: _u, ...noUser } = body('x');
    expectError(await change(noUser), 400, 'validation_failed', 'userName');
    expectError(await change(body('x', { confirmPassword: '' })), 400, 'validation_failed', 'confirmPassword');
  });

  it('is rate-limited per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expectError(await change(body(`nobody${i}`), ip), 400, 'invalid_grant');
    expectError(await change(body('nobody'), ip), 429, 'too_many_attempts');
  });
});

describe('PUT /api/users/:userId/changePassword (account settings)', () => {
  const change = (u: { userId: number; token: string }, extra: Record<string, unknown> = {}) =>
    call('PUT', `/api/users/${u.userId}/changePassword`, {
      token: u.token,
      body: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...extra },
    });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const u = await makeUser();
    const other = await tokenFor(u.userId);
    expectNoContent(await change(u));
    expect(await verifyPassword((await userRow(u.userId)).passwordHash!, NEW_PASSWORD)).toBe(true);
    expect(await sessionRevoked(other)).toBe(true);
    expect(await sessionRevoked(u.token)).toBe(false);
    expectNoContent(
      await call('PUT', `/api/users/${u.userId}/Preferences`, {
        token: u.token,
        body: { userId: u.userId, name: 'after', value: 'change' },
      }),
    );
    const [audit] = await audits('passwordchangeauditevent', u.userId);
    expect(audit).toMatchObject({ loginType: 'userNamePassword', sessionId: expect.any(Number) });
  });

  it('answers 403 sso_password_change for a single sign-on user', async () => {
    const u = await makeUser({ sso: true });
    expectError(await change(u), 403, 'sso_password_change');
  });

  it('answers 403 sso_password_change to anyone signed in through single sign-on', async () => {
    const u = await makeUser();
    const token = await tokenFor(u.userId, 'singleSignOn');
    expectError(await change({ userId: u.userId, token }), 403, 'sso_password_change');
  });

  it('answers invalid_old_password for a wrong old password, and lockedout at the fifth', async () => {
    const u = await makeUser();
    for (let i = 0; i < 4; i++) {
      expectError(await change(u, { oldPassword: 'Wrong#Pass2026' }), 400, 'invalid_old_password', {
        message: 'The current password was not entered correctly.',
      });
    }
    const locked = expectError<LockedOut>(await change(u, { oldPassword: 'Wrong#Pass2026' }), 400, 'lockedout');
    expect(locked.minutesLeft).toBe(15);
    expectError(await change(u), 400, 'lockedout');
  });

  it('answers password_must_be_different, confirm_mismatch and password_rules', async () => {
    const u = await makeUser();
    expectError(
      await change(u, { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }),
      400,
      'password_must_be_different',
    );
    expectError(await change(u, { confirmPassword: 'x' }), 400, 'confirm_mismatch', {
      message: 'Passwords do not match',
    });
    expectError(
      await change(u, { newPassword: 'alllowercase#2026', confirmPassword: 'alllowercase#2026' }),
      400,
      'password_rules',
      { message: 'Password does not meet security requirements' },
    );
    expectError(await change(u, { extra: true }), 400, 'validation_failed');
  });
});

/* ------------------------------------------------------ language, preferences */

describe('PUT /api/users/:userId/preferredLanguage', () => {
  it('stores a supported locale in its canonical spelling', async () => {
    const u = await makeUser();
    expectNoContent(await call('PUT', `/api/users/${u.userId}/preferredLanguage?ietfCode=es-mx`, { token: u.token }));
    expect((await userRow(u.userId)).preferredLanguage).toBe('es-MX');
    expectNoContent(await call('PUT', `/api/users/${u.userId}/preferredLanguage?ietfCode=zh-TW`, { token: u.token }));
    expect((await userRow(u.userId)).preferredLanguage).toBe('zh');
  });

  it('answers 400 naming ietfCode for an unsupported or missing one', async () => {
    const u = await makeUser();
    expectError(
      await call('PUT', `/api/users/${u.userId}/preferredLanguage?ietfCode=de-DE`, { token: u.token }),
      400,
      'validation_failed',
      'ietfCode',
    );
    expectError(
      await call('PUT', `/api/users/${u.userId}/preferredLanguage`, { token: u.token }),
      400,
      'validation_failed',
      'ietfCode',
    );
  });
});

describe('GET and PUT /api/patients/:patientId/preferredLanguage', () => {
  const get = (patientId: number, token: string) =>
    call('GET', `/api/patients/${patientId}/preferredLanguage`, { token });

  it('answers the patient’s language to the patient, a representative, and kiosk and link users', async () => {
    const expected = { language: 'en-US' };
    for (const token of [
      await tokenFor(ids.jane),
      await tokenFor(ids.robert),
      await tokenFor(null, 'patientKioskUser', ids.janePatient),
      await tokenFor(null, 'patientLinkUser', ids.janePatient),
    ]) {
      const res = await get(ids.janePatient, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('answers 404 to anyone else', async () => {
    for (const token of [
      await tokenFor(ids.john),
      await tokenFor(ids.emily),
      await tokenFor(null, 'patientLinkUser', ids.johnPatient),
    ]) {
      expectError(await get(ids.janePatient, token), 404, 'not_found');
    }
    expectError(await call('GET', `/api/patients/${ids.janePatient}/preferredLanguage`), 401, 'unauthorized');
  });

  it('answers null for a patient without a language', async () => {
    const u = await makeUser();
    await db.update(patients).set({ preferredLanguage: null }).where(eq(patients.id, u.patientId!));
    expect((await get(u.patientId!, u.token)).json()).toEqual({ language: null });
  });

  it('lets the patient save theirs, on the patient and their account', async () => {
    const u = await makeUser();
    expectNoContent(
      await call('PUT', `/api/patients/${u.patientId}/preferredLanguage?language=pt-br`, { token: u.token }),
    );
    const [p] = await db.select().from(patients).where(eq(patients.id, u.patientId!));
    expect(p!.preferredLanguage).toBe('pt-BR');
    expect((await userRow(u.userId)).preferredLanguage).toBe('pt-BR');
    expect((await get(u.patientId!, u.token)).json()).toEqual({ language: 'pt-BR' });
  });

  it('refuses a representative (403), a stranger (404) and an unsupported language (400)', async () => {
    const url = `/api/patients/${ids.janePatient}/preferredLanguage?language=es-MX`;
    expectError(await call('PUT', url, { token: await tokenFor(ids.robert) }), 403, 'forbidden');
    expectError(await call('PUT', url, { token: await tokenFor(ids.john) }), 404, 'not_found');
    expectError(
      await call('PUT', `/api/patients/${ids.janePatient}/preferredLanguage?language=klingon`, {
        token: await tokenFor(ids.jane),
      }),
      400,
      'validation_failed',
      'language',
    );
    const [jane] = await db.select().from(patients).where(eq(patients.id, ids.janePatient));
    expect(jane!.preferredLanguage).toBe('en-US');
  });
});

describe('PUT /api/users/:userId/Preferences', () => {
  it('adds and replaces preferences by name', async () => {
    const u = await makeUser();
    const put = (name: string, value: string, path = 'Preferences') =>
      call('PUT', `/api/users/${u.userId}/${path}`, { token: u.token, body: { userId: u.userId, name, value } });
    expectNoContent(await put('dashboardLayout', 'compact'));
    expectNoContent(await put('theme', 'dark', 'preferences'));
    expectNoContent(await put('dashboardLayout', 'wide'));
    expect((await userRow(u.userId)).preferences).toEqual([
      { name: 'dashboardLayout', value: 'wide' },
      { name: 'theme', value: 'dark' },
    ]);
  });

  it('answers 400 naming userId for another user in the body, and name for an empty one', async () => {
    const u = await makeUser();
    const url = `/api/users/${u.userId}/Preferences`;
    expectError(
      await call('PUT', url, { token: u.token, body: { userId: ids.jane, name: 'a', value: 'b' } }),
      400,
      'validation_failed',
      'userId',
    );
    expectError(
      await call('PUT', url, { token: u.token, body: { userId: u.userId, name: '', value: 'b' } }),
      400,
      'validation_failed',
      'name',
    );
    expect((await userRow(u.userId)).preferences).toEqual([]);
  });

  it('keeps at most 50 preferences', async () => {
    const u = await makeUser();
    const many = Array.from({ length: 50 }, (_, i) => ({ name: `p${i}`, value: 'v' }));
    await db.update(users).set({ preferences: many }).where(eq(users.id, u.userId));
    const url = `/api/users/${u.userId}/Preferences`;
    expectError(
      await call('PUT', url, { token: u.token, body: { userId: u.userId, name: 'one.more', value: 'v' } }),
      400,
      'too_many_preferences',
    );
    expectNoContent(await call('PUT', url, { token: u.token, body: { userId: u.userId, name: 'p1', value: 'w' } }));
  });
});

describe('GET /api/users/:userId/Preferences', () => {
  const saved = [
    { name: 'PatientPortal_AppointmentsFilter_Date', value: 'Upcoming' },
    { name: 'theme', value: 'dark' },
    { name: 'dashboardLayout', value: 'wide' },
  ];
  async function userWithPreferences() {
    const u = await makeUser();
    await db.update(users).set({ preferences: saved }).where(eq(users.id, u.userId));
    const get = (query = '', path = 'Preferences') =>
      call('GET', `/api/users/${u.userId}/${path}${query}`, { token: u.token });
    return { u, get };
  }

  it('answers one preference by ?name', async () => {
    const { get } = await userWithPreferences();
    const res = await get('?name=PatientPortal_AppointmentsFilter_Date');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual([{ name: 'PatientPortal_AppointmentsFilter_Date', value: 'Upcoming' }]);
  });

  it('answers several by ?names in the order asked, leaving out names never saved', async () => {
    const { get } = await userWithPreferences();
    expect((await get('?names=dashboardLayout,%20nothing.here%20,theme')).json()).toEqual([
      { name: 'dashboardLayout', value: 'wide' },
      { name: 'theme', value: 'dark' },
    ]);
    expect((await get('?name=theme&names=theme,dashboardLayout')).json()).toEqual([
      { name: 'theme', value: 'dark' },
      { name: 'dashboardLayout', value: 'wide' },
    ]);
  });

  it('answers an empty list for a name never saved (names match exactly, case included)', async () => {
    const { get } = await userWithPreferences();
    const res = await get('?name=Theme');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await get('?names=a,b')).json()).toEqual([]);
  });

  it('answers every preference when no name is given, and what a PUT saved', async () => {
    const { u, get } = await userWithPreferences();
    expect((await get('', 'preferences')).json()).toEqual(saved);
    expectNoContent(
      await call('PUT', `/api/users/${u.userId}/Preferences`, {
        token: u.token,
        body: { userId: u.userId, name: 'theme', value: 'light' },
      }),
    );
    expect((await get('?name=theme')).json()).toEqual([{ name: 'theme', value: 'light' }]);
    const fresh = await makeUser();
    expect((await call('GET', `/api/users/${fresh.userId}/Preferences`, { token: fresh.token })).json()).toEqual([]);
  });

  it('answers 404 for another user’s preferences, 401 without a token, 400 for an oversized name', async () => {
    const { u } = await userWithPreferences();
    const other = await makeUser();
    expectError(await call('GET', `/api/users/${u.userId}/Preferences`, { token: other.token }), 404, 'not_found');
    expectError(await call('GET', `/api/users/${u.userId}/Preferences`), 401, 'unauthorized');
    expectError(
      await call('GET', `/api/users/${u.userId}/Preferences?name=${'x'.repeat(101)}`, { token: u.token }),
      400,
      'validation_failed',
      'name',
    );
  });
});

/* -------------------------------------------------------------------- audit */

describe('POST /api/users/:userId/audit', () => {
  it('records a view by the patient and by their representative', async () => {
    const janeToken = await tokenFor(ids.jane);
    expectNoContent(
      await call('POST', `/api/users/${ids.jane}/audit`, {
        token: janeToken,
        body: { auditEventType: 'educationviewauditevent', patientId: ids.janePatient },
      }),
    );
    const [own] = await audits('educationviewauditevent', ids.jane);
    expect(own).toMatchObject({
      patientId: ids.janePatient,
      loginType: 'userNamePassword',
      facilityId: riverside,
      sessionId: expect.any(Number),
      detail: { relationship: 'self' },
    });
    const robertToken = await tokenFor(ids.robert);
    expectNoContent(
      await call('POST', `/api/users/${ids.robert}/audit`, {
        token: robertToken,
        body: { auditEventType: 'testresultsviewauditevent', patientId: ids.janePatient },
      }),
    );
    const [rep] = await audits('testresultsviewauditevent', ids.robert);
    expect(rep).toMatchObject({ patientId: ids.janePatient, detail: { relationship: 'representative' } });
  });

  it('answers 404 for a patient the caller may not act for', async () => {
    for (const [userId, patientId] of [
      [ids.john, ids.janePatient],
      [ids.emily, ids.janePatient],
      [ids.jane, 999_999],
    ] as const) {
      expectError(
        await call('POST', `/api/users/${userId}/audit`, {
          token: await tokenFor(userId),
          body: { auditEventType: 'educationviewauditevent', patientId },
        }),
        404,
        'not_found',
      );
    }
    expect(await audits('educationviewauditevent', ids.john)).toEqual([]);
  });

  it('answers 400 naming auditEventType for a name that is not an audit event', async () => {
    expectError(
      await call('POST', `/api/users/${ids.jane}/audit`, {
        token: await tokenFor(ids.jane),
        body: { auditEventType: 'DROP TABLE', patientId: ids.janePatient },
      }),
      400,
      'validation_failed',
      'auditEventType',
    );
  });

  it('refuses the events only the server writes, so nobody can forge a print or a review', async () => {
    for (const auditEventType of ['testresultprintauditevent', 'medicalnotepageviewauditevent', 'logoffauditevent']) {
      expectError(
        await call('POST', `/api/users/${ids.jane}/audit`, {
          token: await tokenFor(ids.jane),
          body: { auditEventType, patientId: ids.janePatient },
        }),
        400,
        'validation_failed',
        'auditEventType',
      );
    }
    expect(await audits('testresultprintauditevent', ids.jane)).toEqual([]);
  });
});

describe('logging', () => {
  it('keeps passwords, temporary passwords and confirmation tokens out of the log', async () => {
    const logs = captureLogs();
    const logged = await openSecondApp(t, { config: { LOG_LEVEL: 'info' }, logStream: logs.stream });
    try {
      const u = await makeUser({ confirmed: false });
      const inject = (method: Method, url: string, body?: unknown) =>
        request(logged, method, url, { token: u.token, body });
      await inject('POST', `/api/users/${u.userId}/sendConfirmEmail`);
      const link = await confirmationToken(u.email!);
      expect((await inject('GET', `/api/users/${u.userId}/validateuser/${link}/${u.username}`)).statusCode).toBe(200);
      await inject('PUT', `/api/users/${u.userId}/confirmEmail`, { encryptedUserId: link });
      await inject('POST', `/api/users/forgotPassword?userName=${u.username}`);
      const [mail] = await mailsTo(u.email!);
      const temporary = /Your temporary password is:\n\n(\S+)\n/.exec(mail!.textBody)![1]!;
      await inject('PUT', '/api/users/changePassword', {
        userName: u.username,
        oldPassword: temporary,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      await inject('PUT', `/api/users/${u.userId}/changePassword`, {
        oldPassword: 'Wrong#Pass2026',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      const text = logs.text();
      expect(text).toContain('forgotPassword');
      for (const secret of [link, temporary, NEW_PASSWORD, 'Wrong#Pass2026', u.token]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every account route with a summary and a description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    const routes = [
      ['/api/users/{userId}/replace', 'patch'],
      ['/api/users/{userId}', 'patch'],
      ['/api/users/{userId}/changeemail', 'put'],
      ['/api/users/{userId}/sendConfirmEmail', 'post'],
      ['/api/users/{userId}/validateuser/{encryptedUserId}/{username}', 'get'],
      ['/api/users/{userId}/confirmEmail', 'put'],
      ['/api/users/forgotPassword', 'post'],
      ['/api/users/changePassword', 'put'],
      ['/api/users/{userId}/changePassword', 'put'],
      ['/api/users/{userId}/preferredLanguage', 'put'],
      ['/api/patients/{patientId}/preferredLanguage', 'get'],
      ['/api/patients/{patientId}/preferredLanguage', 'put'],
      ['/api/users/{userId}/Preferences', 'get'],
      ['/api/users/{userId}/Preferences', 'put'],
      ['/api/users/{userId}/audit', 'post'],
    ] as const;
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op?.description?.length, `${method} ${path}`).toBeGreaterThan(40);
    }
  });

  it('lists the access rule of every account route in the route table', () => {
    const table = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/users') || r.url === '/api/patients/:patientId/preferredLanguage',
    );
    const rule = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.access;
    expect(rule('POST', '/api/users/forgotPassword')).toBe('public');
    expect(rule('PUT', '/api/users/changePassword')).toBe('public');
    expect(rule('PUT', '/api/users/:userId/changePassword')).toBe('user');
    expect(rule('GET', '/api/patients/:patientId/preferredLanguage')).toBe('patient');
    expect(
      table.find((r) => r.method === 'PUT' && r.url === '/api/patients/:patientId/preferredLanguage')?.relationships,
    ).toEqual(['self']);
  });
});
