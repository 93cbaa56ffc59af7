import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationPatientRecord } from '@portal/contracts';
import { DEMO_SECRETS } from '../../demo/demo';
import { auditEvents, externalSystems, oneTimeSecrets, patients, users } from '../../db/schema/index';
import { hashSecret } from '../../platform/auth/secrets';
import { expectError, openApiApp, request, type TestApp } from '../../../test/api';
import { integrationToken } from '../../../test/integration-client';
import { PATIENT_PUT_AUDIT_EVENT } from './patients.integration.service';

let t: TestApp;
let riverside: string;
let lakeside: string;
let riversideNoPatients: string;

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (facility: string, scopes: string) => integrationToken(t, scopes, facility);

beforeAll(async () => {
  ({ t } = await openApiApp());
  riverside = await tokenOf('riverside', 'patients');
  lakeside = await tokenOf('lakeside', 'patients');
  riversideNoPatients = await tokenOf('riverside', 'clinical events');
});
afterAll(async () => {
  await t.close();
});

const put = (mrn: string, body: unknown, token = riverside) =>
  request(t, 'PUT', `/integration/v1/patients/${encodeURIComponent(mrn)}`, { token, body });
const get = (mrn: string, token = riverside) =>
  request(t, 'GET', `/integration/v1/patients/${encodeURIComponent(mrn)}`, { token });
const issuePin = (mrn: string, token = riverside) =>
  request(t, 'POST', `/integration/v1/patients/${encodeURIComponent(mrn)}/signup-pin`, { token });

const newMrn = () => `T-${randomUUID().slice(0, 8)}`;

function patientBody(extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Rosa',
    middleName: 'Ines',
    lastName: `Test${randomUUID().slice(0, 6)}`,
    dateOfBirth: '1980-06-15',
    sex: 'F',
    address1: '12 River Road',
    city: 'Albany',
    state: 'New York',
    zipCode: '12207',
    country: 'United States',
    homePhone: '(518) 555-0100',
    mobilePhone: '518-555-0101',
    email: 'rosa@example.com',
    preferredLanguage: 'es-MX',
    registrationDetails: {
      birthCountry: 'Mexico',
      ethnicity: 'Hispanic or Latino',
      race: 'White',
      religion: 'Catholic',
      primaryLanguage: 'Spanish',
      citizenship: 'United States',
      maritalStatus: 'Married',
      mothersMaidenName: 'Lopez',
      occupation: 'Teacher',
      preferredCommunication: 'Email',
      insuranceNote: 'Empire Plan, group 123',
      advancedDirectiveNote: 'Living will on file',
      isClinicalTrial: true,
      clinicalTrialID: 'NCT01234567',
    },
    externalSystems: [{ externalId: 'HIE', name: 'Capital Region HIE', activeTriggerEventTypes: ['CcdaRequested'] }],
    ...extra,
  };
}

async function putAuditsOf(mrn: string) {
  const [row] = await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.mrn, mrn));
  if (!row) return [];
  return t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, PATIENT_PUT_AUDIT_EVENT), eq(auditEvents.patientId, row.id)));
}

describe('PUT /integration/v1/patients/:mrn', () => {
  it('creates a patient of the client’s facility (201) that GET answers as sent', async () => {
    const mrn = newMrn();
    const body = patientBody();
    const res = await put(mrn, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ mrn, created: true, changed: true });

    const record = await get(mrn);
    expect(record.statusCode, record.body).toBe(200);
    const { externalSystems: systems, ...rest } = record.json<IntegrationPatientRecord>();
    expect(rest).toEqual({
      mrn,
      homeFacility: expect.any(String),
      hasAccount: false,
      firstName: 'Rosa',
      middleName: 'Ines',
      lastName: body.lastName,
      suffix: null,
      dateOfBirth: '1980-06-15',
      sex: 'F',
      address1: '12 River Road',
      address2: null,
      city: 'Albany',
      state: 'New York',
      zipCode: '12207',
      country: 'United States',
      homePhone: '(518) 555-0100',
      mobilePhone: '518-555-0101',
      email: 'rosa@example.com',
      preferredLanguage: 'es-MX',
      hasSsn: false,
      registrationDetails: body.registrationDetails,
    });
    expect(systems).toEqual([
      {
        externalSystemId: expect.any(Number),
        externalId: 'HIE',
        name: 'Capital Region HIE',
        activeTriggerEventTypes: ['CcdaRequested'],
        sendSecurelyDisabled: false,
      },
    ]);
    expect(await putAuditsOf(mrn)).toHaveLength(1);
  });

  it('stores sendSecurelyDisabled of a system (default false), a change of it being a change of externalSystems', async () => {
    const mrn = newMrn();
    const hie = { externalId: 'HIE', name: 'Capital Region HIE', activeTriggerEventTypes: ['CcdaRequested' as const] };
    const body = patientBody({ externalSystems: [{ ...hie, sendSecurelyDisabled: true }] });
    expect((await put(mrn, body)).statusCode).toBe(201);
    const before = (await get(mrn)).json<IntegrationPatientRecord>();
    expect(before.externalSystems).toMatchObject([{ externalId: 'HIE', sendSecurelyDisabled: true }]);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.mrn, mrn));
    const [stored] = await t.database.db.select().from(externalSystems).where(eq(externalSystems.patientId, row!.id));
    expect(stored?.sendSecurelyDisabled).toBe(true);

    expect((await put(mrn, body)).json()).toEqual({ mrn, created: false, changed: false });
    // Left out: false again, on the same system.
    const res = await put(mrn, patientBody({ lastName: body.lastName, externalSystems: [hie] }));
    expect(res.json()).toEqual({ mrn, created: false, changed: true });
    const after = (await get(mrn)).json<IntegrationPatientRecord>();
    expect(after.externalSystems).toEqual([{ ...before.externalSystems[0], sendSecurelyDisabled: false }]);
    const [audit] = (await putAuditsOf(mrn)).slice(-1);
    expect(audit?.detail).toEqual({ created: false, fields: ['externalSystems'] });
    expectError(
      await put(mrn, patientBody({ externalSystems: [{ ...hie, sendSecurelyDisabled: 'yes' }] })),
      400,
      'validation_failed',
      'externalSystems.0.sendSecurelyDisabled',
    );
  });

  it('replaces the patient (200) in place: a field left out is cleared, a kept system keeps its id', async () => {
    const mrn = newMrn();
    expect((await put(mrn, patientBody())).statusCode).toBe(201);
    const before = (await get(mrn)).json<IntegrationPatientRecord>();

    const res = await put(
      mrn,
      patientBody({
        lastName: before.lastName,
        firstName: 'Rosalind',
        middleName: undefined,
        registrationDetails: null,
        externalSystems: [
          { externalId: 'HIE', name: 'Capital Region HIE (new name)' },
          { externalId: 'LAB', name: 'Riverside Lab' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mrn, created: false, changed: true });
    const after = (await get(mrn)).json<IntegrationPatientRecord>();
    expect(after).toMatchObject({ firstName: 'Rosalind', middleName: null, registrationDetails: null });
    const hie = after.externalSystems.find((s) => s.externalId === 'HIE');
    expect(hie).toMatchObject({
      externalSystemId: before.externalSystems[0]?.externalSystemId,
      activeTriggerEventTypes: [],
    });
    expect(after.externalSystems.map((s) => s.externalId).sort()).toEqual(['HIE', 'LAB']);
    const [audit] = (await putAuditsOf(mrn)).slice(-1);
    expect(audit?.detail).toEqual({
      created: false,
      fields: ['firstName', 'middleName', 'registrationDetails', 'externalSystems'],
    });

    // An empty list removes them all.
    expect((await put(mrn, patientBody({ lastName: before.lastName, externalSystems: [] }))).statusCode).toBe(200);
    expect((await get(mrn)).json<IntegrationPatientRecord>().externalSystems).toEqual([]);
  });

  it('changes nothing for a resend: same row, no write, no audit row of a change', async () => {
    const mrn = newMrn();
    const body = patientBody();
    expect((await put(mrn, body)).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.mrn, mrn));
    const systems = await t.database.db.select().from(externalSystems).where(eq(externalSystems.patientId, row!.id));

    const again = await put(mrn, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ mrn, created: false, changed: false });
    const [rowAfter] = await t.database.db.select().from(patients).where(eq(patients.mrn, mrn));
    expect(rowAfter).toEqual(row);
    expect(await t.database.db.select().from(externalSystems).where(eq(externalSystems.patientId, row!.id))).toEqual(
      systems,
    );
    expect(await putAuditsOf(mrn)).toHaveLength(1);
    // Empty strings and absent fields are the same as null: still nothing changed.
    const same = await put(mrn, { ...body, address2: '', suffix: null });
    expect(same.json()).toMatchObject({ changed: false });
  });

  it('keeps an SSN as the hash sign-up compares; left out it stays, null removes it', async () => {
    const mrn = newMrn();
    const body = patientBody({ ssn: '123-45-6789' });
    expect((await put(mrn, body)).statusCode).toBe(201);
    const ssnHash = async () => (await t.database.db.select().from(patients).where(eq(patients.mrn, mrn)))[0]?.ssnHash;
    expect(await ssnHash()).toBe(hashSecret('123456789'));
    expect((await get(mrn)).body).not.toContain(hashSecret('123456789'));
    expect((await get(mrn)).json()).toMatchObject({ hasSsn: true });
    expect((await put(mrn, { ...body, ssn: undefined })).json()).toMatchObject({ changed: false });
    expect((await put(mrn, { ...body, ssn: '123456789' })).json()).toMatchObject({ changed: false });
    expect(await ssnHash()).toBe(hashSecret('123456789'));
    expect((await put(mrn, { ...body, ssn: null })).json()).toMatchObject({ changed: true });
    expect(await ssnHash()).toBeNull();
    const [audit] = (await putAuditsOf(mrn)).slice(-1);
    expect(audit?.detail).toEqual({ created: false, fields: ['ssn'] });
    expectError(await put(mrn, { ...body, ssn: '12345' }), 400, 'validation_failed', 'ssn');
  });

  it('never touches the account: the login email, username and password stay; the record changes', async () => {
    const mrn = newMrn();
    const body = patientBody();
    expect((await put(mrn, body)).statusCode).toBe(201);
    const [user] = await t.database.db
      .insert(users)
      .values({
        facilityId: 1,
        username: `u-${randomUUID()}`,
        email: 'login@example.com',
        passwordHash: 'hash',
        firstName: 'Rosa',
        lastName: body.lastName,
        preferredLanguage: 'en-US',
      })
      .returning();
    await t.database.db.update(patients).set({ userId: user!.id }).where(eq(patients.mrn, mrn));

    const res = await put(mrn, { ...body, email: 'record@example.com', preferredLanguage: 'fr-CA' });
    expect(res.statusCode, res.body).toBe(200);
    const [userAfter] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(userAfter).toEqual(user);
    expect((await get(mrn)).json()).toMatchObject({
      hasAccount: true,
      email: 'record@example.com',
      preferredLanguage: 'fr-CA',
    });
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.mrn, mrn));
    expect(patient?.userId).toBe(user!.id);
  });

  it('answers 400 naming the field for bad input', async () => {
    const mrn = newMrn();
    const cases: [Record<string, unknown>, string][] = [
      [patientBody({ dateOfBirth: '2026-02-30' }), 'dateOfBirth'],
      [patientBody({ dateOfBirth: '15/06/1980' }), 'dateOfBirth'],
      [patientBody({ dateOfBirth: '2999-01-01' }), 'dateOfBirth'],
      [patientBody({ email: `${'a'.repeat(250)}@example.com` }), 'email'],
      [patientBody({ email: 'not-an-address' }), 'email'],
      [patientBody({ preferredLanguage: 'de-DE' }), 'preferredLanguage'],
      [patientBody({ firstName: '' }), 'firstName'],
      [patientBody({ lastName: 'x'.repeat(101) }), 'lastName'],
      [patientBody({ sex: 'female' }), 'sex'],
      [patientBody({ nickname: 'Ro' }), 'nickname'],
      [patientBody({ registrationDetails: { religion: 'x'.repeat(101) } }), 'registrationDetails.religion'],
      [patientBody({ externalSystems: [{ externalId: 'HIE' }] }), 'externalSystems.0.name'],
      [
        patientBody({
          externalSystems: [
            { externalId: 'HIE', name: 'A' },
            { externalId: 'HIE', name: 'B' },
          ],
        }),
        'externalSystems.1.externalId',
      ],
      [
        patientBody({ externalSystems: [{ externalId: 'HIE', name: 'A', activeTriggerEventTypes: ['Other'] }] }),
        'externalSystems.0.activeTriggerEventTypes.0',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await put(mrn, body);
      const error = expectError(res, 400, 'validation_failed');
      expect(`${error.field} ${error.message}`, field).toContain(field);
    }
    expectError(await put('x'.repeat(41), patientBody()), 400, 'validation_failed', 'mrn');
    // Nothing was written.
    expectError(await get(mrn), 404, 'not_found');
  });

  it('refuses a body naming another facility, and takes its own under any of its names', async () => {
    const mrn = newMrn();
    expectError(await put(mrn, patientBody({ homeFacility: 'lakeside' })), 400, 'validation_failed', 'homeFacility');
    expectError(await get(mrn), 404, 'not_found');
    expect((await put(mrn, patientBody({ homeFacility: 'Riverside' }))).statusCode).toBe(201);
  });

  it('refuses a body over 64 KiB', async () => {
    const res = await put(newMrn(), patientBody({ padding: 'x'.repeat(70_000) }));
    expect(res.statusCode).toBe(413);
  });

  it('keeps MRNs per facility: a Lakeside client sees only Lakeside patients', async () => {
    // jane.doe's MRN at Riverside is unknown at Lakeside.
    expectError(await get('RCC-100234', lakeside), 404, 'not_found');
    expectError(await issuePin('RCC-100234', lakeside), 404, 'not_found');
    // A Lakeside PUT of the same MRN makes a Lakeside patient of its own; Jane is untouched.
    const janeBefore = (await get('RCC-100234')).json<IntegrationPatientRecord>();
    const created = await put('RCC-100234', patientBody({ firstName: 'Other' }), lakeside);
    expect(created.statusCode, created.body).toBe(201);
    expect((await get('RCC-100234', lakeside)).json()).toMatchObject({ firstName: 'Other', hasAccount: false });
    expect((await get('RCC-100234')).json()).toEqual(janeBefore);
    const rows = await t.database.db.select().from(patients).where(eq(patients.mrn, 'RCC-100234'));
    expect(rows).toHaveLength(2);
  });

  it('needs the patients scope (403) and an integration token (401)', async () => {
    expectError(await put(newMrn(), patientBody(), riversideNoPatients), 403, 'insufficient_scope');
    expectError(await get('RCC-100234', riversideNoPatients), 403, 'insufficient_scope');
    expectError(await issuePin('RCC-100234', riversideNoPatients), 403, 'insufficient_scope');
    expect((await request(t, 'GET', '/integration/v1/patients/RCC-100234')).statusCode).toBe(401);
  });
});

describe('POST /integration/v1/patients/:mrn/signup-pin', () => {
  const verify = (firstName: string, lastName: string, dateOfBirth: string, pin: string) => {
    const [year, month, day] = dateOfBirth.split('-').map(Number);
    return request(t, 'POST', '/api/patients/signup/invitedPatientValidation', {
      body: { facilityId: 1, firstName, lastName, birthDate: { year, month, day }, pin },
    });
  };

  it('issues a fresh PIN once, keeps only its hash, and the older PIN stops working (Maria Garcia)', async () => {
    const maria = (await get('RCC-100512')).json<IntegrationPatientRecord>();
    expect(maria.hasAccount).toBe(false);
    const res = await issuePin('RCC-100512');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { pin, expiresAt } = res.json<{ pin: string; expiresAt: string }>();
    expect(pin).toMatch(/^\d{8}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);

    const stored = await t.database.db
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.tokenHash, hashSecret(pin)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(pin);

    // The demo's PIN now answers as expired; the new one proves Maria's identity.
    expectError(await verify('Maria', 'Garcia', maria.dateOfBirth, DEMO_SECRETS.signupPin), 400, 'pin_expired');
    const verified = await verify('Maria', 'Garcia', maria.dateOfBirth, pin);
    expect(verified.statusCode, verified.body).toBe(200);

    // A second PIN replaces the first in turn.
    const second = (await issuePin('RCC-100512')).json<{ pin: string }>().pin;
    expect(second).not.toBe(pin);
    expectError(await verify('Maria', 'Garcia', maria.dateOfBirth, pin), 400, 'pin_expired');
    expect((await verify('Maria', 'Garcia', maria.dateOfBirth, second)).statusCode).toBe(200);
  });

  it('gives a PIN that signs a new patient up through the portal, after which the patient gets 409', async () => {
    const mrn = newMrn();
    const body = patientBody();
    expect((await put(mrn, body)).statusCode).toBe(201);
    const { pin } = (await issuePin(mrn)).json<{ pin: string }>();
    const verified = await verify(body.firstName, body.lastName, body.dateOfBirth, pin);
    expect(verified.statusCode, verified.body).toBe(200);
    const { patientId } = verified.json<{ patientId: number }>();
    const [year, month, day] = body.dateOfBirth.split('-').map(Number);
    const signup = await request(t, 'POST', '/api/patients/signup/postAccountInformation', {
      body: {
        facilityId: 1,
        firstName: body.firstName,
        lastName: body.lastName,
        birthDate: { year, month, day },
        pin,
        patientId,
        emailAddress: 'rosa.new@example.com',
        username: `rosa.${randomUUID().slice(0, 8)}`,
        password: 'Sunny#Garden2026',
        isTermsOfUseAccepted: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect((await get(mrn)).json()).toMatchObject({ hasAccount: true });

    expectError(await issuePin(mrn), 409, 'account_exists');
    // Jane has had an account all along.
    expectError(await issuePin('RCC-100234'), 409, 'account_exists');
  });

  it('is 404 for an MRN that is not a patient of the facility', async () => {
    expectError(await issuePin('NO-SUCH-MRN'), 404, 'not_found');
  });
});
