import type { Db } from '../../db/client';
import { issueSecret, SECRET_LIFETIME_MS } from '../../platform/auth/one-time-secrets';
import { AppError, notFound } from '../../platform/errors/app-error';
import { expireUnusedSignupPins, lockPatientAccount } from './signup.repository';

// Sign-up PINs the facility's systems ask for (POST /integration/v1/patients/{mrn}/signup-pin).

export const ACCOUNT_EXISTS_MESSAGE =
  'This patient already has a portal account: a sign-up PIN is only for a patient who has none.';

/**
 * A fresh sign-up PIN for a patient without an account (the integration API): random, expiring, single use, only
 * its hash kept; the PIN itself is returned this once. Every older unused PIN of the patient stops working (it
 * answers as expired). A patient with an account: 409 account_exists.
 */
export async function issueSignupPin(
  db: Db,
  patientId: number,
  now = new Date(),
): Promise<{ pin: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const patient = await lockPatientAccount(tx, patientId);
    if (!patient) throw notFound('not_found', 'No such patient.');
    if (patient.userId !== null) throw new AppError(409, 'account_exists', ACCOUNT_EXISTS_MESSAGE);
    await expireUnusedSignupPins(tx, patientId, now);
    const { token } = await issueSecret(tx, {
      kind: 'signupPin',
      facilityId: patient.homeFacilityId,
      patientId,
      now,
    });
    return { pin: token, expiresAt: new Date(now.getTime() + SECRET_LIFETIME_MS.signupPin) };
  });
}
