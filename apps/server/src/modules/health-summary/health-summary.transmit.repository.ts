import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilities, patients } from '../../db/schema/index';
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
