import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilities, patients, users } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/** The facility a sent summary comes from (the patient's home facility): its id and the names the message uses. */
export async function findSendingFacility(db: DbOrTx, scope: PatientScope) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name, portalName: facilities.portalName })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1);
  if (!row) throw new Error(`Patient ${scope.patientId} has no home facility`);
  return row;
}

/**
 * Who asks for the mail: the account's name, and its email address only once the portal has confirmed it (the one
 * address the mail may name as its sender and reply to).
 */
export async function findSendingAccount(db: DbOrTx, scope: PatientScope) {
  const userId = scope.caller.userId;
  if (userId === null) throw new Error('A summary is sent by a user');
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isEmailConfirmed: users.isEmailConfirmed,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`User ${userId} not found`);
  const email = row.isEmailConfirmed ? (row.email?.trim() ?? '') : '';
  return { name: `${row.firstName} ${row.lastName}`.trim(), confirmedEmail: email === '' ? null : email };
}
