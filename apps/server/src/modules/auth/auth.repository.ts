import { and, eq, getTableColumns, not, or, sql } from 'drizzle-orm';
import { representsPatientOfFacility } from '../../platform/access/host-binding';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  capabilityProfiles,
  externalSystems,
  facilities,
  oneTimeSecrets,
  patients,
  personalContacts,
  sessions,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

export type { CapabilityAudience } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
/** A facility's columns but its logo: the sign-in and profile reads never show it, and it can be large. */
const { logo: _logo, ...facilityColumns } = getTableColumns(facilities);

export type FacilityRow = Omit<typeof facilities.$inferSelect, 'logo'>;
export type PatientRow = typeof patients.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ user: users, facility: facilityColumns })
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

// The reads of every login profile, capabilities and patient call are prepared statements (db/prepared.ts).

export function findUserById(db: DbOrTx, userId: number) {
  return prepared(db, 'user_with_facility', (db) =>
    db
      .select({ user: users, facility: facilityColumns })
      .from(users)
      .innerJoin(facilities, eq(facilities.id, users.facilityId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('user_with_facility'),
  )
    .execute({ userId })
    .then((rows) => rows[0] ?? null);
}

export function findPatientWithFacility(db: DbOrTx, patientId: number) {
  return prepared(db, 'patient_with_facility', (db) =>
    db
      .select({ patient: patients, facility: facilityColumns })
      .from(patients)
      .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
      .where(eq(patients.id, sql.placeholder('patientId')))
      .limit(1)
      .prepare('patient_with_facility'),
  )
    .execute({ patientId })
    .then((rows) => rows[0] ?? null);
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

/** Whether a user belongs to a facility: their own, or the home facility of a patient they actively represent. */
export async function userBelongsToFacility(
  db: DbOrTx,
  user: { id: number; facilityId: number },
  facilityId: number,
): Promise<boolean> {
  return user.facilityId === facilityId || representsPatientOfFacility(db, user.id, facilityId);
}

export async function recordSuccessfulLogin(db: DbOrTx, userId: number) {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

const userIdPlaceholder = sql.placeholder('userId');

/** The user's own patient rows. */
const ownPatientOfUser = sql`${patients.userId} = ${userIdPlaceholder}`;

/** The contacts that name the user an active authorised representative, and are active themselves. */
const activeRepresentationOfUser = sql`${personalContacts.authorizedRepresentativeUserId} = ${userIdPlaceholder}
  and ${personalContacts.isAuthorizedRepresentativeActive} and ${personalContacts.isActive}`;

/**
 * The patients a user may see: their own record(s) and those of the patients whose active contact names them an
 * active authorised representative, both by id, in one statement.
 */
export function findUserIds(db: DbOrTx, userId: number) {
  return prepared(db, 'user_patient_ids', (db) =>
    db
      .select({
        own: sql<number[]>`coalesce((select json_agg(${patients.id} order by ${patients.id}) from ${patients}
          where ${ownPatientOfUser}), '[]'::json)`,
        represented: sql<{ contactId: number; patientId: number }[]>`coalesce((select json_agg(json_build_object(
            'contactId', ${personalContacts.id}, 'patientId', ${personalContacts.patientId}
          ) order by ${personalContacts.id})
          from ${personalContacts} where ${activeRepresentationOfUser}), '[]'::json)`,
      })
      .from(sql`(values (1)) as one`)
      .prepare('user_patient_ids'),
  )
    .execute({ userId })
    .then(([row]) => ({ own: row?.own ?? [], represented: row?.represented ?? [] }));
}

/** Whether a user was made the representative of a patient who has since switched that access off. */
export async function hasSwitchedOffRepresentation(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(
      and(
        eq(personalContacts.authorizedRepresentativeUserId, userId),
        or(not(personalContacts.isAuthorizedRepresentativeActive), not(personalContacts.isActive)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The modules a facility's capability profile for an audience shows (none without a profile). */
export function findCapabilityModules(
  db: DbOrTx,
  facilityId: number,
  audience: (typeof capabilityProfiles.$inferSelect)['audience'],
) {
  return prepared(db, 'capability_modules', (db) =>
    db
      .select({ modules: capabilityProfiles.modules })
      .from(capabilityProfiles)
      .where(
        and(
          eq(capabilityProfiles.facilityId, sql.placeholder('facilityId')),
          eq(capabilityProfiles.audience, sql.placeholder('audience')),
        ),
      )
      .limit(1)
      .prepare('capability_modules'),
  )
    .execute({ facilityId, audience })
    .then(([row]) => row?.modules ?? []);
}

/**
 * The modules a user's audience sees at a facility, the audience found in the same statement: 'patient' for a
 * user with a patient record of their own, else 'representative' for one an active contact names an active
 * authorised representative, else none (no modules).
 */
export function findUserCapabilityModules(db: DbOrTx, facilityId: number, userId: number) {
  return prepared(db, 'user_capability_modules', (db) =>
    db
      .select({ modules: capabilityProfiles.modules })
      .from(capabilityProfiles)
      .where(
        and(
          eq(capabilityProfiles.facilityId, sql.placeholder('facilityId')),
          eq(
            capabilityProfiles.audience,
            sql`case
              when exists (select 1 from ${patients} where ${ownPatientOfUser}) then 'patient'
              when exists (select 1 from ${personalContacts} where ${activeRepresentationOfUser}) then 'representative'
            end`,
          ),
        ),
      )
      .limit(1)
      .prepare('user_capability_modules'),
  )
    .execute({ facilityId, userId })
    .then(([row]) => row?.modules ?? []);
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
