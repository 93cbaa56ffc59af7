import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { patients, personalContacts } from '../../db/schema/index';
import type { SessionCaller } from '../auth/sessions';
import { unauthorized } from '../errors/app-error';
import { hostFacilityOf } from '../http/host-facility';

/** The answer of an ended session: a token used on another facility's host learns nothing more. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * Whether a session may be used on the host of `hostFacilityId`: the facility it was started for, or, for a
 * user, any facility a password login on that host would accept (the home facility of a patient they actively
 * represent), so a representative signed in at the patient's facility keeps working there.
 */
export async function sessionServesFacility(
  db: DbOrTx,
  caller: SessionCaller,
  hostFacilityId: number | null,
): Promise<boolean> {
  if (hostFacilityId === null) return false;
  if (hostFacilityId === caller.facilityId) return true;
  if (caller.boundPatientId !== null) {
    // A kiosk user's session carries the facility of the staff who started it (where the device goes back to),
    // and serves on the patient's own facility, where the kiosk ticket sent the device.
    const [bound] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, caller.boundPatientId), eq(patients.homeFacilityId, hostFacilityId)))
      .limit(1);
    return bound !== undefined;
  }
  if (caller.userId === null || caller.loginType === 'patientKioskManagement') return false;
  return representsPatientOfFacility(db, caller.userId, hostFacilityId);
}

/** Whether a user actively represents a patient whose home is the facility (a password login there accepts them). */
export async function representsPatientOfFacility(db: DbOrTx, userId: number, facilityId: number): Promise<boolean> {
  const rows = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .innerJoin(patients, eq(patients.id, personalContacts.patientId))
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, userId),
        personalContacts.isAuthorizedRepresentativeActive,
        personalContacts.isActive,
        eq(patients.homeFacilityId, facilityId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A session's token works only on the hosts of its facility: one facility's portal never serves another's
 * session (as a password login there is refused). Runs after the access hook that sets request.caller; public
 * and integration routes have no session caller (an integration token is bound to its client's facility).
 */
export function registerHostBinding(app: FastifyInstance, options: { db: DbOrTx }): void {
  app.addHook('onRequest', async (request) => {
    const caller = request.caller;
    if (!caller) return;
    const hostFacilityId = await hostFacilityOf(options.db, request);
    if (!(await sessionServesFacility(options.db, caller, hostFacilityId))) {
      throw unauthorized(SESSION_ENDED_MESSAGE);
    }
  });
}
