import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  capabilityProfiles,
  externalSystems,
  facilities,
  facilityAliases,
  oneTimeSecrets,
  patients,
  personalContacts,
  sessions,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

export type { CapabilityAudience } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type FacilityRow = typeof facilities.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ user: users, facility: facilities })
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, facility: facilities })
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findPatientWithFacility(db: DbOrTx, patientId: number) {
  const [row] = await db
    .select({ patient: patients, facility: facilities })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, patientId))
    .limit(1);
  return row ?? null;
}

/**
 * The facility recorded in the kiosk ticket a kiosk user's session began with (the kiosk staff's facility): the
 * patient's kiosk ticket used last before the session was created. The login uses the ticket and creates the
 * session in one transaction, in that order, so a later kiosk session of the same patient never counts. Null
 * when there is none.
 */
export async function findKioskTicketFacilityId(
  db: DbOrTx,
  session: { sessionId: number; patientId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ facilityId: oneTimeSecrets.facilityId })
    .from(oneTimeSecrets)
    .innerJoin(sessions, eq(sessions.id, session.sessionId))
    .where(
      and(
        eq(oneTimeSecrets.kind, 'kioskUser'),
        eq(oneTimeSecrets.patientId, session.patientId),
        sql`${oneTimeSecrets.usedAt} <= ${sessions.createdAt}`,
      ),
    )
    .orderBy(sql`${oneTimeSecrets.usedAt} desc`)
    .limit(1);
  return row?.facilityId ?? null;
}

/** The facility a host name (no port, any case) serves, or null for a name that is no facility's alias. */
export async function findFacilityIdByHost(db: DbOrTx, hostname: string): Promise<number | null> {
  const [row] = await db
    .select({ facilityId: facilityAliases.facilityId })
    .from(facilityAliases)
    .where(eq(facilityAliases.alias, hostname.trim().toLowerCase()))
    .limit(1);
  return row?.facilityId ?? null;
}

/** Whether a user belongs to a facility: their own, or the home facility of a patient they actively represent. */
export async function userBelongsToFacility(
  db: DbOrTx,
  user: { id: number; facilityId: number },
  facilityId: number,
): Promise<boolean> {
  if (user.facilityId === facilityId) return true;
  const rows = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .innerJoin(patients, eq(patients.id, personalContacts.patientId))
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, user.id),
        eq(personalContacts.isAuthorizedRepresentativeActive, true),
        eq(personalContacts.isActive, true),
        eq(patients.homeFacilityId, facilityId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function recordSuccessfulLogin(db: DbOrTx, userId: number) {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** The patient rows a user is the patient of, and the patients (and contact ids) they represent actively. */
export async function findUserIds(db: DbOrTx, userId: number) {
  const own = await db.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId));
  const represented = await db
    .select({ contactId: personalContacts.id, patientId: personalContacts.patientId })
    .from(personalContacts)
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, userId),
        eq(personalContacts.isAuthorizedRepresentativeActive, true),
        eq(personalContacts.isActive, true),
      ),
    );
  return { own: own.map((r) => r.id), represented };
}

/** Whether a user was made the representative of a patient who has since switched that access off. */
export async function hasSwitchedOffRepresentation(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, userId),
        or(eq(personalContacts.isAuthorizedRepresentativeActive, false), eq(personalContacts.isActive, false)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findCapabilityModules(
  db: DbOrTx,
  facilityId: number,
  audience: (typeof capabilityProfiles.$inferSelect)['audience'],
) {
  const [row] = await db
    .select({ modules: capabilityProfiles.modules })
    .from(capabilityProfiles)
    .where(and(eq(capabilityProfiles.facilityId, facilityId), eq(capabilityProfiles.audience, audience)))
    .limit(1);
  return row?.modules ?? [];
}

export async function findPatientFacilities(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      facilityId: facilities.id,
      facilityName: facilities.name,
      facilityShortName: facilities.shortName,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId));
}

export async function findExternalSystems(db: DbOrTx, scope: PatientScope) {
  return (
    db
      .select({
        externalSystemId: externalSystems.id,
        name: externalSystems.name,
        activeTriggerEventTypes: externalSystems.activeTriggerEventTypes,
      })
      .from(externalSystems)
      .where(eq(externalSystems.patientId, scope.patientId))
      // By the name the patient reads, whatever its case (external_systems_patient_name_idx); ties by id.
      .orderBy(sql`lower(${externalSystems.name})`, externalSystems.id)
  );
}

/** A user by username (any case) with the patient record they own, if any: for the ticket command. */
export function findUserPatientByUsername(db: DbOrTx, username: string) {
  return db
    .select({ userId: users.id, facilityId: users.facilityId, patientId: patients.id })
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}
