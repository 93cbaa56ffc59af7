import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, nextIp, openApiApp, openSecondApp, request as requestTo, type TestApp } from '../../../test/api';
import { captureLogs } from '../../../test/helpers';
import {
  auditEvents,
  facilities,
  facilityAliases,
  mailOutbox,
  oneTimeSecrets,
  patients,
  personalContacts,
  users,
} from '../../db/schema/index';
import { DEMO_SECRETS } from '../../demo/demo';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { verifyPassword } from '../../platform/auth/passwords';
import { AttemptLimiter } from '../../platform/http/rate-limit';
import { isUniqueViolation } from '../../platform/errors/error-handler';
import { hashSsn, isoDate, parseVerificationFields } from './signup.service';

let t: TestApp;
let db: TestApp['database']['db'];
let riverside: number;
/** A facility that asks for pin, mrn and ssn. */
let hillside: number;
/** A facility that asks for the MRN only. */
let brookside: number;
let janeId: number;

const GOOD_PASSWORD = 'Sunny#Garden2026';
const PIN_EXPIRED = 'The PIN has expired. Please contact your care provider for a new PIN.';
const PIN_INVALIDATED =
  'The PIN has been invalidated after too many attempts. Please contact your care provider for a new PIN.';
/** Links in mails: Riverside's canonical alias with the configured port (3000 in tests), never the request's Host. */
const RIVERSIDE_BASE = 'http://localhost:3000';

beforeAll(async () => {
  ({ t, db } = await openApiApp());
  const [r] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.shortName, 'Riverside'));
  riverside = r!.id;
  const base = { themeId: 1, timeZoneId: 'America/New_York', defaultLanguageId: 1 };
  const [h] = await db
    .insert(facilities)
    .values({
      ...base,
      name: 'Hillside Clinic',
      portalName: 'Hillside Portal',
      shortName: 'Hillside',
      signupVerificationFields: 'ssn, MRN ,pin,bogus',
    })
    .returning({ id: facilities.id });
  const [b] = await db
    .insert(facilities)
    .values({
      ...base,
      name: 'Brookside Clinic',
      portalName: 'Brookside Portal',
      shortName: 'Brookside',
      signupVerificationFields: 'mrn',
      passwordMinLength: 6,
      passwordCapitalLetters: 0,
      passwordNumbers: 0,
      passwordSpecialCharacters: 0,
    })
    .returning({ id: facilities.id });
  hillside = h!.id;
  brookside = b!.id;
  await db.insert(facilityAliases).values([
    { alias: 'hillside.localhost', facilityId: hillside },
    { alias: 'brookside.localhost', facilityId: brookside },
  ]);
  const [jane] = await db.select({ id: patients.id }).from(patients).where(eq(patients.mrn, 'RCC-100234'));
  janeId = jane!.id;
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

// Every test talks from its own address, so the per-IP rate limit only bites where a test wants it.
const request = (method: 'GET' | 'POST', url: string, body?: unknown, ip = nextIp()) =>
  requestTo(t, method, url, { body, ip });
/** A request to the host `host` (a facility alias, with or without a port). */
const fromHost = (method: 'GET' | 'POST', url: string, host: string) =>
  requestTo(t, method, url, { headers: { host } });

const expectInvalid = (res: LightMyRequestResponse) =>
  expectError(res, 400, 'invalid_information', { message: 'Invalid information' });

let patientCounter = 0;

interface TestPatient {
  patientId: number;
  facilityId: number;
  firstName: string;
  lastName: string;
  birthDate: { year: number; month: number; day: number };
  mrn: string;
  ssn: string;
  pin: string;
  pinId: number;
}

/** A patient without an account and a sign-up PIN, with a name no other test uses. */
async function makePatient(
  options: { facilityId?: number; pinLifetimeMs?: number; pinIssuedAt?: Date; withPin?: boolean } = {},
): Promise<TestPatient> {
  patientCounter += 1;
  const facilityId = options.facilityId ?? riverside;
  const firstName = `Testa${String.fromCharCode(96 + (patientCounter % 26) + 1)}`;
  const lastName = `Signup${patientCounter}`;
  const birthDate = { year: 1970 + (patientCounter % 30), month: (patientCounter % 12) + 1, day: 10 };
  const mrn = `TST-${1000 + patientCounter}`;
  const ssn = String(100000000 + patientCounter * 7919);
  const [row] = await db
    .insert(patients)
    .values({
      homeFacilityId: facilityId,
      mrn,
      firstName,
      lastName,
      dateOfBirth: isoDate(birthDate)!,
      emailAddress: `${lastName.toLowerCase()}@example.com`,
      preferredLanguage: 'en-US',
      ssnHash: hashSsn(ssn),
    })
    .returning({ id: patients.id });
  let pin = '';
  let pinId = 0;
  if (options.withPin !== false) {
    pin = String(20000000 + patientCounter * 131);
    const issued = await issueSecret(db, {
      kind: 'signupPin',
      facilityId,
      patientId: row!.id,
      token: pin,
      ...(options.pinLifetimeMs === undefined ? {} : { lifetimeMs: options.pinLifetimeMs }),
      ...(options.pinIssuedAt === undefined ? {} : { now: options.pinIssuedAt }),
    });
    pinId = issued.id;
  }
  return { patientId: row!.id, facilityId, firstName, lastName, birthDate, mrn, ssn, pin, pinId };
}

const identity = (p: TestPatient, extra: Record<string, unknown> = {}) => ({
  facilityId: p.facilityId,
  firstName: p.firstName,
  lastName: p.lastName,
  birthDate: p.birthDate,
  pin: p.pin,
  ...extra,
});

async function secretRow(id: number) {
  const [row] = await db.select().from(oneTimeSecrets).where(eq(oneTimeSecrets.id, id));
  return row!;
}

async function userByName(username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

async function mailsTo(address: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
}

async function auditsOf(eventType: string, actorUserId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, eventType), eq(auditEvents.actorUserId, actorUserId)));
}

const verify = (body: unknown, ip?: string) =>
  request('POST', '/api/patients/signup/invitedPatientValidation', body, ip);
const createAccount = (body: unknown, query = '', ip?: string) =>
  request('POST', `/api/patients/signup/postAccountInformation${query}`, body, ip);
const verifyInvitation = (pin: string, token: string, ip?: string) =>
  request(
    'GET',
    `/api/authRep/signup/verifyInvitationToken/${encodeURIComponent(pin)}/${encodeURIComponent(token)}`,
    undefined,
    ip,
  );

const accountBody = (p: TestPatient, extra: Record<string, unknown> = {}) => ({
  ...identity(p),
  patientId: p.patientId,
  emailAddress: `${p.lastName.toLowerCase()}@example.com`,
  username: `user.${p.lastName.toLowerCase()}`,
  password: GOOD_PASSWORD,
  isTermsOfUseAccepted: true,
  ...extra,
});

let contactCounter = 0;
/** An invitation of a new contact of Jane: its link token and PIN. */
async function makeInvitation(options: { lifetimeMs?: number; issuedAt?: Date } = {}) {
  contactCounter += 1;
  const email = `invited${contactCounter}@example.com`;
  const [contact] = await db
    .insert(personalContacts)
    .values({ patientId: janeId, firstName: 'Invited', lastName: `Contact${contactCounter}`, contactEmail: email })
    .returning({ id: personalContacts.id });
  const issued = await issueSecret(db, {
    kind: 'invitation',
    facilityId: riverside,
    patientId: janeId,
    personalContactId: contact!.id,
    email,
    withPin: true,
    ...(options.lifetimeMs === undefined ? {} : { lifetimeMs: options.lifetimeMs }),
    ...(options.issuedAt === undefined ? {} : { now: options.issuedAt }),
  });
  return { contactId: contact!.id, email, token: issued.token, pin: issued.pin!, secretId: issued.id };
}

/* ------------------------------------------------------------------- units */

describe('sign-up helpers', () => {
  it('reads the verification field list in a fixed order, ignoring unknown names', () => {
    expect(parseVerificationFields('ssn, MRN ,pin,bogus')).toEqual(['pin', 'mrn', 'ssn']);
    expect(parseVerificationFields('')).toEqual([]);
  });

  it('turns birth dates into ISO dates and refuses days that do not exist', () => {
    expect(isoDate({ year: 1981, month: 3, day: 4 })).toBe('1981-03-04');
    expect(isoDate({ year: 2001, month: 2, day: 29 })).toBeNull();
    expect(isoDate({ year: 2000, month: 2, day: 29 })).toBe('2000-02-29');
  });

  it('limits tries per key in fixed windows', () => {
    let now = 0;
    const limiter = new AttemptLimiter(2, 1000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([true, true, false, true]);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('keeps its memory bounded', () => {
    const limiter = new AttemptLimiter(1, 60_000, () => 0, 10);
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(10);
  });

  it('recognises a unique violation from the database, wrapped or not', async () => {
    const caught = await db
      .insert(users)
      .values({ facilityId: riverside, username: 'JANE.DOE', firstName: 'X', lastName: 'Y' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(caught).not.toBeNull();
    expect(isUniqueViolation(caught, 'users_username_unique')).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

/* ------------------------------------------------------ verification fields */

describe('GET /api/patients/signup/verificationFields', () => {
  it("answers the facility's list", async () => {
    const res = await request('GET', `/api/patients/signup/verificationFields?facilityId=${riverside}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verificationFields: 'pin' });
  });

  it('normalises the stored list (order, case, unknown names)', async () => {
    const res = await request('GET', `/api/patients/signup/verificationFields?facilityId=${hillside}`);
    expect(res.json()).toEqual({ verificationFields: 'pin,mrn,ssn' });
  });

  it('answers 404 facility_not_found for an unknown facility', async () => {
    expectError(
      await request('GET', '/api/patients/signup/verificationFields?facilityId=9999'),
      404,
      'facility_not_found',
    );
  });

  it('answers 400 naming facilityId when it is not an id', async () => {
    expectError(
      await request('GET', '/api/patients/signup/verificationFields?facilityId=x'),
      400,
      'validation_failed',
      'facilityId',
    );
  });

  // Issue 11, item 14: the spec's call sends no facilityId; the facility is the one of the Host.
  it("without facilityId answers for the facility of the host (Riverside's localhost, an alias of Hillside)", async () => {
    const res = await fromHost('GET', '/api/patients/signup/verificationFields', 'localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verificationFields: 'pin' });
    const other = await fromHost('GET', '/api/patients/signup/verificationFields', 'HILLSIDE.localhost');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ verificationFields: 'pin,mrn,ssn' });
  });

  it('without facilityId on a host that is no facility answers 404 facility_not_found', async () => {
    expectError(
      await fromHost('GET', '/api/patients/signup/verificationFields', 'nowhere.example.org'),
      404,
      'facility_not_found',
    );
  });
});

describe('GET /api/patients/signup/passwordRules', () => {
  it('answers both name sets from the facility settings', async () => {
    const res = await request('GET', `/api/patients/signup/passwordRules?facilityId=${riverside}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      minimumLength: 12,
      minLength: 12,
      numOfCapitalLetters: 1,
      capitalLetters: 1,
      numOfNumbers: 1,
      numbers: 1,
      numOfSpecialCharacters: 1,
      specialCharacters: 1,
    });
  });

  it("answers another facility's own rules", async () => {
    const res = await request('GET', `/api/patients/signup/passwordRules?facilityId=${brookside}`);
    expect(res.json()).toMatchObject({ minimumLength: 6, minLength: 6, numbers: 0, specialCharacters: 0 });
  });

  it('answers 404 for an unknown facility, and 400 for a facilityId that is not an id', async () => {
    expectError(await request('GET', '/api/patients/signup/passwordRules?facilityId=9999'), 404, 'facility_not_found');
    // A given facilityId wins over the host, even when it names no facility.
    expectError(
      await fromHost('GET', '/api/patients/signup/passwordRules?facilityId=9999', 'lakeside.localhost'),
      404,
      'facility_not_found',
    );
    expectError(
      await request('GET', '/api/patients/signup/passwordRules?facilityId=x'),
      400,
      'validation_failed',
      'facilityId',
    );
  });

  // Issue 11, item 14: the spec's call (002 section 7) sends no facilityId; the facility is the one of the Host.
  it("without facilityId answers the rules of the host's facility: Riverside on localhost, Lakeside on its host", async () => {
    const riversideRules = await request('GET', '/api/patients/signup/passwordRules');
    expect(riversideRules.statusCode).toBe(200);
    expect(riversideRules.json()).toMatchObject({ minimumLength: 12, minLength: 12, capitalLetters: 1, numbers: 1 });
    const lakesideRules = await fromHost('GET', '/api/patients/signup/passwordRules', 'lakeside.localhost:3000');
    expect(lakesideRules.statusCode).toBe(200);
    expect(lakesideRules.json()).toEqual({
      minimumLength: 8,
      minLength: 8,
      numOfCapitalLetters: 1,
      capitalLetters: 1,
      numOfNumbers: 1,
      numbers: 1,
      numOfSpecialCharacters: 1,
      specialCharacters: 1,
    });
    expect((await fromHost('GET', '/api/patients/signup/passwordRules', 'brookside.localhost')).json()).toMatchObject({
      minimumLength: 6,
    });
  });

  it('without facilityId on a host that is no facility answers 404 facility_not_found', async () => {
    expectError(
      await fromHost('GET', '/api/patients/signup/passwordRules', 'nowhere.example.org'),
      404,
      'facility_not_found',
    );
  });
});

/* ------------------------------------------------------------ verification */

describe('POST /api/patients/signup/invitedPatientValidation', () => {
  it('finds the demo sign-up patient by name, date of birth and PIN', async () => {
    const [maria] = await db.select().from(patients).where(eq(patients.mrn, 'RCC-100512'));
    const year = new Date().getUTCFullYear() - 45;
    const res = await verify({
      facilityId: riverside,
      firstName: '  maria ',
      lastName: 'GARCIA',
      birthDate: { year, month: 3, day: 14 },
      pin: DEMO_SECRETS.signupPin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patientId: maria!.id });
    // Verifying does not use the PIN up.
    const [pin] = await db.select().from(oneTimeSecrets).where(eq(oneTimeSecrets.patientId, maria!.id));
    expect(pin!.usedAt).toBeNull();
    expect(pin!.failedAttempts).toBe(0);
  });

  it('accepts birth date parts sent as strings', async () => {
    const p = await makePatient();
    const res = await verify(
      identity(p, {
        birthDate: { year: String(p.birthDate.year), month: `0${p.birthDate.month}`.slice(-2), day: '10' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patientId: p.patientId });
  });

  it('answers invalid_information for a wrong name or date of birth, and counts nothing', async () => {
    const p = await makePatient();
    expectInvalid(await verify(identity(p, { lastName: 'Someone' })));
    expectInvalid(await verify(identity(p, { birthDate: { ...p.birthDate, day: 11 } })));
    expectInvalid(await verify(identity(p, { birthDate: { year: 2001, month: 2, day: 29 } })));
    expect((await secretRow(p.pinId)).failedAttempts).toBe(0);
  });

  it('answers invalid_information for a wrong PIN and counts it on the matched patient’s PIN', async () => {
    const p = await makePatient();
    const other = await makePatient();
    expectInvalid(await verify(identity(p, { pin: '99999999' })));
    // Another patient's valid PIN is just as wrong for this patient.
    expectInvalid(await verify(identity(p, { pin: other.pin })));
    expect((await secretRow(p.pinId)).failedAttempts).toBe(2);
    expect((await secretRow(other.pinId)).failedAttempts).toBe(0);
  });

  it('invalidates the PIN after 5 wrong tries, then tells only the holder of the right PIN', async () => {
    const p = await makePatient();
    // Wrong PINs always answer invalid_information, even the one that invalidates the PIN.
    for (let i = 0; i < 5; i++) expectInvalid(await verify(identity(p, { pin: '11111111' })));
    expect((await secretRow(p.pinId)).failedAttempts).toBe(5);
    // The identity has used its 5 checks of the hour on this app: even the right PIN is refused now.
    expectError(await verify(identity(p)), 429, 'too_many_attempts');
    // Another app instance counts in its own memory: there the right PIN learns the PIN was invalidated, and a
    // wrong one still cannot tell.
    const other = await openSecondApp(t, {});
    try {
      const verifyOn = (body: unknown) =>
        requestTo(other, 'POST', '/api/patients/signup/invitedPatientValidation', { body });
      expectInvalid(await verifyOn(identity(p, { pin: '22222222' })));
      expectError(await verifyOn(identity(p)), 400, 'pin_invalidated', { message: PIN_INVALIDATED });
      expectInvalid(await verifyOn(identity(p, { pin: '11111111' })));
    } finally {
      await other.close();
    }
    // Tries on an invalidated PIN count no further.
    expect((await secretRow(p.pinId)).failedAttempts).toBe(5);
  });

  it('answers pin_expired for an expired PIN', async () => {
    const p = await makePatient({ pinLifetimeMs: 60_000, pinIssuedAt: new Date(Date.now() - 3_600_000) });
    expectError(await verify(identity(p)), 400, 'pin_expired', { message: PIN_EXPIRED });
  });

  it('answers invalid_information for a patient who already has an account', async () => {
    const year = new Date().getUTCFullYear() - 58;
    expectInvalid(
      await verify({
        facilityId: riverside,
        firstName: 'Jane',
        lastName: 'Doe',
        birthDate: { year, month: 4, day: 12 },
        pin: '12345678',
      }),
    );
  });

  it('answers invalid_information for a PIN already used', async () => {
    const p = await makePatient();
    await db.update(oneTimeSecrets).set({ usedAt: new Date() }).where(eq(oneTimeSecrets.id, p.pinId));
    expectInvalid(await verify(identity(p)));
  });

  it('answers 400 validation_failed naming a field the facility requires', async () => {
    const p = await makePatient();
    const { pin: _pin, ...withoutPin } = identity(p);
    expectError(await verify(withoutPin), 400, 'validation_failed', { message: 'pin: Required', field: 'pin' });
    expectError(await verify({ ...withoutPin, pin: '' }), 400, 'validation_failed', 'pin');
  });

  it('checks pin, MRN and SSN where the facility asks for all three', async () => {
    const p = await makePatient({ facilityId: hillside });
    const all = identity(p, { mrn: p.mrn.toLowerCase(), ssn: p.ssn });
    expectError(await verify({ ...all, mrn: undefined }), 400, 'validation_failed', {
      message: 'mrn: Required',
      field: 'mrn',
    });
    expectError(await verify({ ...all, ssn: undefined }), 400, 'validation_failed', {
      message: 'ssn: Required',
      field: 'ssn',
    });
    expectInvalid(await verify({ ...all, mrn: 'TST-0' }));
    expectInvalid(await verify({ ...all, ssn: '123456789' }));
    const res = await verify(all);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patientId: p.patientId });
  });

  it('needs no PIN where the facility asks for the MRN only', async () => {
    const p = await makePatient({ facilityId: brookside, withPin: false });
    const res = await verify({ ...identity(p), pin: undefined, mrn: ` ${p.mrn} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patientId: p.patientId });
    expectInvalid(await verify({ ...identity(p), pin: undefined, mrn: 'nope' }));
  });

  it('validates the body, naming the field', async () => {
    const p = await makePatient();
    expectError(
      await verify(identity(p, { birthDate: { ...p.birthDate, month: 13 } })),
      400,
      'validation_failed',
      'birthDate.month',
    );
    expectError(await verify(identity(p, { pin: '12ab' })), 400, 'validation_failed', 'pin');
    expectError(await verify(identity(p, { firstName: '' })), 400, 'validation_failed', 'firstName');
    expectError(await verify(identity(p, { extra: 1 })), 400, 'validation_failed');
  });

  it('answers 404 facility_not_found for an unknown facility', async () => {
    const p = await makePatient();
    expectError(await verify(identity(p, { facilityId: 9999 })), 404, 'facility_not_found');
  });

  it('allows 10 tries per client address in 15 minutes, then answers 429 too_many_attempts', async () => {
    const p = await makePatient();
    const ip = nextIp();
    // A different identity each time, so only the per-address limit can bite (each identity has 5 checks).
    for (let i = 0; i < 9; i++) expectInvalid(await verify(identity(p, { lastName: `Nobody${i}` }), ip));
    // A malformed try counts as well.
    expectError(await verify({}, ip), 400, 'validation_failed');
    expectError(await verify(identity(p), ip), 429, 'too_many_attempts');
    // Other addresses are not affected.
    expect((await verify(identity(p))).statusCode).toBe(200);
  });
});

/* ---------------------------------------------------------- account creation */

describe('POST /api/patients/signup/postAccountInformation (patient)', () => {
  it('creates the demo patient’s account, links it, uses the PIN, mails and audits', async () => {
    const [maria] = await db.select().from(patients).where(eq(patients.mrn, 'RCC-100512'));
    const year = new Date().getUTCFullYear() - 45;
    const res = await createAccount({
      facilityId: riverside,
      patientId: maria!.id,
      emailAddress: 'maria.garcia@example.com',
      username: 'maria.garcia',
      password: GOOD_PASSWORD,
      isTermsOfUseAccepted: true,
      firstName: 'Maria',
      lastName: 'Garcia',
      birthDate: { year, month: 3, day: 14 },
      pin: DEMO_SECRETS.signupPin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ userId: number; message: string }>();
    expect(body).toEqual({ userId: expect.any(Number), message: 'Account created' });

    const user = await userByName('maria.garcia');
    expect(user).toMatchObject({
      id: body.userId,
      facilityId: riverside,
      email: 'maria.garcia@example.com',
      firstName: 'Maria',
      lastName: 'Garcia',
      role: 'portalUser',
      isEulaAccepted: true,
      isEmailConfirmed: false,
      isPasswordUpdateRequired: false,
      // No ?language: the patient's own.
      preferredLanguage: 'es-MX',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user!.passwordHash!, GOOD_PASSWORD)).toBe(true);

    const [linked] = await db.select().from(patients).where(eq(patients.id, maria!.id));
    expect(linked!.userId).toBe(body.userId);
    const [pin] = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.patientId, maria!.id), eq(oneTimeSecrets.kind, 'signupPin')));
    expect(pin!.usedAt).toBeInstanceOf(Date);

    const [confirmation] = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.userId, body.userId), eq(oneTimeSecrets.kind, 'emailConfirmation')));
    expect(confirmation).toMatchObject({ email: 'maria.garcia@example.com', usedAt: null });

    const [mail] = await mailsTo('maria.garcia@example.com');
    expect(mail!.subject).toBe('Bienvenido/a a Riverside Patient Portal');
    expect(mail!.facilityId).toBe(riverside);
    expect(mail!.textBody).toContain('Hola, Maria:');
    expect(mail!.textBody).toContain('maria.garcia');
    const link = /^(https?:\/\/\S+)\/confirm-email\?u=([\w-]+)$/m.exec(mail!.textBody);
    expect(link?.[1]).toBe(RIVERSIDE_BASE);
    expect(mail!.htmlBody).toContain(`/confirm-email?u=${link![2]}`);
    expect(mail!.htmlBody).toContain('lang="es"');

    const [audit] = await auditsOf('signupauditevent', body.userId);
    expect(audit).toMatchObject({ patientId: maria!.id, facilityId: riverside, outcome: 'success' });

    // The PIN is used up: the same identity cannot sign up again, nor verify.
    const again = await createAccount({
      facilityId: riverside,
      patientId: maria!.id,
      emailAddress: 'maria.garcia@example.com',
      username: 'maria.garcia2',
      password: GOOD_PASSWORD,
      isTermsOfUseAccepted: true,
      firstName: 'Maria',
      lastName: 'Garcia',
      birthDate: { year, month: 3, day: 14 },
      pin: DEMO_SECRETS.signupPin,
    });
    expectInvalid(again);
    expect(await userByName('maria.garcia2')).toBeUndefined();
  });

  it('writes the user’s language from ?language and mails in it', async () => {
    const p = await makePatient();
    const res = await createAccount(accountBody(p), '?language=fr-CA');
    expect(res.statusCode, res.body).toBe(200);
    const user = await userByName(`user.${p.lastName.toLowerCase()}`);
    expect(user!.preferredLanguage).toBe('fr-CA');
    const [mail] = await mailsTo(`${p.lastName.toLowerCase()}@example.com`);
    expect(mail!.subject).toBe('Bienvenue sur Riverside Patient Portal');
  });

  it('uses PUBLIC_URL for the link when it is set', async () => {
    const other = await openSecondApp(t, { config: { PUBLIC_URL: 'https://portal.example.org/' } });
    try {
      const p = await makePatient();
      const res = await requestTo(other, 'POST', '/api/patients/signup/postAccountInformation', {
        body: accountBody(p),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailsTo(`${p.lastName.toLowerCase()}@example.com`);
      expect(mail!.textBody).toMatch(/^https:\/\/portal\.example\.org\/confirm-email\?u=[\w-]+$/m);
    } finally {
      await other.close();
    }
  });

  it('answers username_exists for a username taken in any case, and writes nothing', async () => {
    const p = await makePatient();
    const usersBefore = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await createAccount(accountBody(p, { username: 'JANE.DOE' }));
    expectError(res, 400, 'username_exists', { message: 'Username is already taken.' });
    const usersAfter = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(usersAfter[0]!.n).toBe(usersBefore[0]!.n);
    expect((await secretRow(p.pinId)).usedAt).toBeNull();
    const [row] = await db.select().from(patients).where(eq(patients.id, p.patientId));
    expect(row!.userId).toBeNull();
    expect(await mailsTo(`${p.lastName.toLowerCase()}@example.com`)).toEqual([]);
  });

  it('answers password_rules for a password below the facility rules, and writes nothing', async () => {
    const p = await makePatient();
    const res = await createAccount(accountBody(p, { password: 'sunnygarden2026' }));
    expectError(res, 400, 'password_rules', { message: 'Password does not meet security requirements' });
    expect(await userByName(`user.${p.lastName.toLowerCase()}`)).toBeUndefined();
    expect((await secretRow(p.pinId)).usedAt).toBeNull();
  });

  it('verifies the identity again: wrong PIN, expired PIN, other patient', async () => {
    const p = await makePatient();
    expectInvalid(await createAccount(accountBody(p, { pin: '98765432' })));
    expect((await secretRow(p.pinId)).failedAttempts).toBe(1);
    const other = await makePatient();
    expectInvalid(await createAccount(accountBody(p, { patientId: other.patientId })));
    const expired = await makePatient({ pinLifetimeMs: 1000, pinIssuedAt: new Date(Date.now() - 60_000) });
    expectError(await createAccount(accountBody(expired)), 400, 'pin_expired', { message: PIN_EXPIRED });
    expect(await userByName(`user.${p.lastName.toLowerCase()}`)).toBeUndefined();
  });

  it('answers pin_invalidated once the PIN has had too many wrong tries', async () => {
    const p = await makePatient();
    await db.update(oneTimeSecrets).set({ failedAttempts: 5 }).where(eq(oneTimeSecrets.id, p.pinId));
    expectError(await createAccount(accountBody(p)), 400, 'pin_invalidated', { message: PIN_INVALIDATED });
  });

  it('validates the body, naming the field', async () => {
    const p = await makePatient();
    const { emailAddress: _e, ...noEmail } = accountBody(p);
    expectError(await createAccount(noEmail), 400, 'validation_failed', {
      message: 'emailAddress: Required',
      field: 'emailAddress',
    });
    expectError(
      await createAccount(accountBody(p, { emailAddress: 'not-an-email' })),
      400,
      'validation_failed',
      'emailAddress',
    );
    expectError(await createAccount(accountBody(p, { username: 'a b' })), 400, 'validation_failed', 'username');
    const terms = expectError(
      await createAccount(accountBody(p, { isTermsOfUseAccepted: false })),
      400,
      'validation_failed',
      'isTermsOfUseAccepted',
    );
    expect(terms.message).toContain('You must accept the terms of use to create an account.');
    expectError(await createAccount(accountBody(p, { patientId: 0 })), 400, 'validation_failed', 'patientId');
    const { firstName: _f, ...noName } = accountBody(p);
    expectError(await createAccount(noName), 400, 'validation_failed', {
      message: 'firstName: Required',
      field: 'firstName',
    });
    expect((await secretRow(p.pinId)).failedAttempts).toBe(0);
  });

  it('answers "Failed to send email" and queues nothing when the server cannot send mail', async () => {
    const production = await openSecondApp(t, { config: { NODE_ENV: 'production' } });
    try {
      const p = await makePatient();
      const res = await requestTo(production, 'POST', '/api/patients/signup/postAccountInformation', {
        body: accountBody(p),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ userId: expect.any(Number), message: 'Failed to send email' });
      expect(await userByName(`user.${p.lastName.toLowerCase()}`)).toBeDefined();
      expect(await mailsTo(`${p.lastName.toLowerCase()}@example.com`)).toEqual([]);
      expect((await secretRow(p.pinId)).usedAt).toBeInstanceOf(Date);
    } finally {
      await production.close();
    }
  });

  it('creates the account without mail for an address mail headers cannot carry', async () => {
    const p = await makePatient();
    const res = await createAccount(accountBody(p, { emailAddress: 'someone@[10.0.0.1]' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: expect.any(Number), message: 'Failed to send email' });
    expect((await userByName(`user.${p.lastName.toLowerCase()}`))!.email).toBe('someone@[10.0.0.1]');
  });

  it('is rate-limited per client address', async () => {
    const p = await makePatient();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expectError(await createAccount({ ...accountBody(p), patientId: 0 }, '', ip), 400, 'validation_failed');
    }
    expectError(await createAccount(accountBody(p), '', ip), 429, 'too_many_attempts');
    expect(await userByName(`user.${p.lastName.toLowerCase()}`)).toBeUndefined();
  });
});

/* ------------------------------------------------------------ invitations */

describe('GET /api/authRep/signup/verifyInvitationToken/:pin/:token', () => {
  it('answers the seeded invitation’s email, facility and token', async () => {
    const res = await verifyInvitation(DEMO_SECRETS.invitationPin, DEMO_SECRETS.invitationToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      arEmail: 'linda.doe@example.com',
      facilityHomeId: riverside,
      encryptedInvitationId: DEMO_SECRETS.invitationToken,
    });
  });

  it('answers invalid_information for an unknown token', async () => {
    expectInvalid(await verifyInvitation('123456', 'no-such-invitation-token'));
  });

  it('counts wrong PINs and answers pin_invalidated at the fifth, and for every later try', async () => {
    const inv = await makeInvitation();
    for (let i = 0; i < 4; i++) expectInvalid(await verifyInvitation('000000', inv.token));
    expect((await secretRow(inv.secretId)).failedAttempts).toBe(4);
    expectError(await verifyInvitation('000000', inv.token), 400, 'pin_invalidated', { message: PIN_INVALIDATED });
    expectError(await verifyInvitation(inv.pin, inv.token), 400, 'pin_invalidated', { message: PIN_INVALIDATED });
  });

  it('answers pin_expired for an expired invitation', async () => {
    const inv = await makeInvitation({ lifetimeMs: 1000, issuedAt: new Date(Date.now() - 60_000) });
    expectError(await verifyInvitation(inv.pin, inv.token), 400, 'pin_expired', { message: PIN_EXPIRED });
  });

  it('answers invalid_information for a used invitation or a contact that was removed', async () => {
    const used = await makeInvitation();
    await db.update(oneTimeSecrets).set({ usedAt: new Date() }).where(eq(oneTimeSecrets.id, used.secretId));
    expectInvalid(await verifyInvitation(used.pin, used.token));
    const inactive = await makeInvitation();
    await db.update(personalContacts).set({ isActive: false }).where(eq(personalContacts.id, inactive.contactId));
    expectInvalid(await verifyInvitation(inactive.pin, inactive.token));
  });

  it('answers 400 naming pin for a PIN too long', async () => {
    expectError(await verifyInvitation('1234567890123', 'abc'), 400, 'validation_failed', 'pin');
  });

  it('keeps the PIN and token out of the log', async () => {
    const logs = captureLogs();
    const logged = await openSecondApp(t, { config: { LOG_LEVEL: 'info' }, logStream: logs.stream });
    try {
      const inv = await makeInvitation();
      const res = await requestTo(logged, 'GET', `/api/authRep/signup/verifyInvitationToken/${inv.pin}/${inv.token}`);
      expect(res.statusCode).toBe(200);
      await requestTo(logged, 'GET', `/api/authRep/signup/verifyInvitationToken/999999/${inv.token}`);
      const p = await makePatient();
      await requestTo(logged, 'POST', '/api/patients/signup/postAccountInformation', {
        body: accountBody(p, { ssn: '123456789' }),
      });
      const text = logs.text();
      expect(text).not.toContain(inv.token);
      expect(text).not.toContain(inv.pin);
      expect(text).not.toContain(p.pin);
      expect(text).not.toContain(GOOD_PASSWORD);
      expect(text).not.toContain('123456789');
    } finally {
      await logged.close();
    }
  });

  it('is rate-limited per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expectInvalid(await verifyInvitation('123456', `unknown-token-${i}`, ip));
    expectError(
      await verifyInvitation(DEMO_SECRETS.invitationPin, DEMO_SECRETS.invitationToken, ip),
      429,
      'too_many_attempts',
    );
  });
});

describe('POST /api/patients/signup/postAccountInformation (representative)', () => {
  const repBody = (token: string, pin: string, extra: Record<string, unknown> = {}) => ({
    facilityId: riverside,
    patientId: -1,
    username: 'linda.doe',
    password: GOOD_PASSWORD,
    isTermsOfUseAccepted: true,
    encryptedInvitationId: token,
    pin,
    ...extra,
  });

  it('creates the invited representative from the seeded invitation', async () => {
    const [linda] = await db
      .select()
      .from(personalContacts)
      .where(eq(personalContacts.contactEmail, 'linda.doe@example.com'));
    const res = await createAccount(repBody(DEMO_SECRETS.invitationToken, DEMO_SECRETS.invitationPin));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ userId: number; message: string }>();
    expect(body).toEqual({ userId: expect.any(Number), message: 'Account created' });

    const user = await userByName('linda.doe');
    expect(user).toMatchObject({
      id: body.userId,
      facilityId: riverside,
      email: 'linda.doe@example.com',
      firstName: 'Linda',
      lastName: 'Doe',
      isEulaAccepted: true,
      isEmailConfirmed: true,
      preferredLanguage: null,
    });
    const [contact] = await db.select().from(personalContacts).where(eq(personalContacts.id, linda!.id));
    expect(contact).toMatchObject({
      authorizedRepresentativeUserId: body.userId,
      isAuthorizedRepresentativeActive: true,
    });
    const [invitation] = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.kind, 'invitation'), eq(oneTimeSecrets.personalContactId, linda!.id)));
    expect(invitation!.usedAt).toBeInstanceOf(Date);
    const [audit] = await auditsOf('arsignupauditevent', body.userId);
    expect(audit).toMatchObject({ patientId: janeId, facilityId: riverside });
    const [mail] = await mailsTo('linda.doe@example.com');
    expect(mail!.subject).toBe('Welcome to Riverside Patient Portal');
    expect(mail!.textBody).toContain('Jane Doe');
    expect(mail!.textBody.split(/\r?\n/)).toContain(`${RIVERSIDE_BASE}/login`);
    expect(mail!.textBody).not.toContain('confirm-email');

    // The invitation is used up.
    expectInvalid(await verifyInvitation(DEMO_SECRETS.invitationPin, DEMO_SECRETS.invitationToken));
    expectInvalid(
      await createAccount(repBody(DEMO_SECRETS.invitationToken, DEMO_SECRETS.invitationPin, { username: 'linda.two' })),
    );
    expect(await userByName('linda.two')).toBeUndefined();
  });

  it('answers username_exists and leaves the invitation unused', async () => {
    const inv = await makeInvitation();
    expectError(await createAccount(repBody(inv.token, inv.pin, { username: 'Robert.Doe' })), 400, 'username_exists');
    expect((await secretRow(inv.secretId)).usedAt).toBeNull();
    const [contact] = await db.select().from(personalContacts).where(eq(personalContacts.id, inv.contactId));
    expect(contact!.authorizedRepresentativeUserId).toBeNull();
  });

  it('counts a wrong PIN and answers invalid_information', async () => {
    const inv = await makeInvitation();
    expectInvalid(await createAccount(repBody(inv.token, '000000', { username: 'wrong.pin.rep' })));
    expect((await secretRow(inv.secretId)).failedAttempts).toBe(1);
    expect(await userByName('wrong.pin.rep')).toBeUndefined();
  });

  it('needs the invitation token and the PIN', async () => {
    const inv = await makeInvitation();
    const { pin: _p, ...noPin } = repBody(inv.token, inv.pin);
    expectError(await createAccount(noPin), 400, 'validation_failed', { message: 'pin: Required', field: 'pin' });
    const { encryptedInvitationId: _i, ...noToken } = repBody(inv.token, inv.pin);
    expectError(await createAccount(noToken), 400, 'validation_failed', 'encryptedInvitationId');
  });

  it('writes ?language on the new user and mails in it', async () => {
    const inv = await makeInvitation();
    const res = await createAccount(repBody(inv.token, inv.pin, { username: 'invited.pt' }), '?language=pt-BR');
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByName('invited.pt'))!.preferredLanguage).toBe('pt-BR');
    const [mail] = await mailsTo(inv.email);
    expect(mail!.subject).toBe('Bem-vindo(a) ao Riverside Patient Portal');
  });
});

describe('the OpenAPI document', () => {
  it('describes every sign-up route with a summary and a description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const [path, method] of [
      ['/api/patients/signup/verificationFields', 'get'],
      ['/api/patients/signup/passwordRules', 'get'],
      ['/api/patients/signup/invitedPatientValidation', 'post'],
      ['/api/patients/signup/postAccountInformation', 'post'],
      ['/api/authRep/signup/verifyInvitationToken/{pin}/{token}', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(40);
    }
    expect(doc.paths['/api/patients/signup/invitedPatientValidation']!.post!.description).toContain(
      'PIN attempts are ALSO counted in the database',
    );
  });
});
