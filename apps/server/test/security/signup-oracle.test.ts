import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeSecrets, patients } from '../../src/db/schema/index';
import { issueSecret } from '../../src/platform/auth/one-time-secrets';
import { expectError, nextIp, openApiApp, type TestApp } from '../api';

// Issue 10, finding 3: the sign-up identity check must not tell who is a patient.

let t: TestApp;
let db: TestApp['database']['db'];
let facilityId: number;

beforeAll(async () => {
  const opened = await openApiApp();
  ({ t, db } = opened);
  facilityId = opened.fx.facilityId;
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/patients/signup/invitedPatientValidation';

/** One check, each from an address of its own, so only the per-identity counting can bite. */
const verify = (body: object) => t.app.inject({ method: 'POST', url: URL, remoteAddress: nextIp(), payload: body });

/** The answer without its request id, to compare two answers whole. */
const answer = (res: LightMyRequestResponse) => {
  const { requestId, ...rest } = res.json<Record<string, unknown>>();
  expect(requestId).toEqual(expect.any(String));
  return { status: res.statusCode, ...rest };
};

let counter = 0;

/** A patient without an account, with a sign-up PIN, and a name nobody else has. */
async function realPatient() {
  counter += 1;
  const identity = {
    facilityId,
    firstName: `Oracle${String.fromCharCode(96 + counter)}`,
    lastName: `Probe${counter}`,
    birthDate: { year: 1961 + counter, month: 3, day: 14 },
  };
  const [row] = await db
    .insert(patients)
    .values({
      homeFacilityId: facilityId,
      mrn: `ORC-${counter}`,
      firstName: identity.firstName,
      lastName: identity.lastName,
      dateOfBirth: `${identity.birthDate.year}-03-14`,
    })
    .returning({ id: patients.id });
  const pin = String(31000000 + counter * 173);
  const secret = await issueSecret(db, { kind: 'signupPin', facilityId, patientId: row!.id, token: pin });
  return { identity, pin, pinId: secret.id, patientId: row!.id };
}

describe('POST /api/patients/signup/invitedPatientValidation (finding 3)', () => {
  it('answers a real identity exactly like an unknown one at every try, and stops both at the same try', async () => {
    const real = await realPatient();
    const unknown = { ...real.identity, lastName: `${real.identity.lastName}x` };
    for (let attempt = 1; attempt <= 7; attempt++) {
      const fromReal = await verify({ ...real.identity, pin: '11111111' });
      const fromUnknown = await verify({ ...unknown, pin: '11111111' });
      expect(answer(fromUnknown), `try ${attempt}`).toEqual(answer(fromReal));
      if (attempt <= 5) {
        expectError(fromReal, 400, 'invalid_information', { message: 'Invalid information' });
      } else {
        expectError(fromReal, 429, 'too_many_attempts');
      }
    }
    // The wrong PINs still counted on the real patient's PIN.
    const [pin] = await db.select().from(oneTimeSecrets).where(eq(oneTimeSecrets.id, real.pinId));
    expect(pin!.failedAttempts).toBe(5);
  });

  it('counts per identity whoever asks: the name in another case and spacing is the same identity', async () => {
    const real = await realPatient();
    for (let i = 0; i < 5; i++) {
      const variant = {
        ...real.identity,
        firstName: i % 2 ? real.identity.firstName.toUpperCase() : ` ${real.identity.firstName} `,
        pin: '22222222',
      };
      expectError(await verify(variant), 400, 'invalid_information');
    }
    // Even the right PIN is refused now, from a fresh address, like any try of an unknown identity would be.
    expectError(await verify({ ...real.identity, pin: real.pin }), 429, 'too_many_attempts');
  });

  it('still lets the holder of the PIN in, and tells only them that it was invalidated', async () => {
    const fresh = await realPatient();
    const res = await verify({ ...fresh.identity, pin: fresh.pin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ patientId: fresh.patientId });

    const spent = await realPatient();
    await db.update(oneTimeSecrets).set({ failedAttempts: 5 }).where(eq(oneTimeSecrets.id, spent.pinId));
    // A wrong PIN cannot tell the invalidated PIN apart from an unknown identity...
    expectError(await verify({ ...spent.identity, pin: '33333333' }), 400, 'invalid_information');
    // ...the right one can.
    expectError(await verify({ ...spent.identity, pin: spent.pin }), 400, 'pin_invalidated');
  });
});
