import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outerColumn } from '../../db/outer-column';
import { prepared } from '../../db/prepared';
import {
  capabilityProfiles,
  facilities,
  invitationPinCopies,
  languages,
  oneTimeSecrets,
  patients,
  personalContacts,
  preferredCommunications,
  relationships,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

export type ContactRow = typeof personalContacts.$inferSelect;
export type NewContactValues = Omit<
  typeof personalContacts.$inferInsert,
  'id' | 'patientId' | 'createdAt' | 'updatedAt' | 'isActive'
>;

/* ---------------------------------------------------------------- contacts */

/** What a contact's answer tells of its representative's account (joined on authorizedRepresentativeUserId). */
const representativeAccount = {
  username: users.username,
  isEmailConfirmed: users.isEmailConfirmed,
  lockedUntil: users.lockedUntil,
};

/** The newest invitation of the contact of the enclosing query, whatever its state: what the list tells of it. */
function newestInvitationOfContact(db: DbOrTx) {
  return db
    .select({
      id: oneTimeSecrets.id,
      failedAttempts: oneTimeSecrets.failedAttempts,
      maxAttempts: oneTimeSecrets.maxAttempts,
      usedAt: oneTimeSecrets.usedAt,
      expiresAt: oneTimeSecrets.expiresAt,
    })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.kind, 'invitation'),
        eq(oneTimeSecrets.personalContactId, outerColumn(personalContacts.id)),
      ),
    )
    .orderBy(desc(oneTimeSecrets.createdAt), desc(oneTimeSecrets.id))
    .limit(1)
    .as('newest_invitation');
}

/**
 * The patient's active contacts by first then last name, each with its representative's account, if any, and its
 * newest invitation, in one prepared statement (db/prepared.ts).
 */
export function listActiveContacts(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'active_contacts', (db) => {
    const invitation = newestInvitationOfContact(db);
    return db
      .select({
        contact: personalContacts,
        user: representativeAccount,
        invitation: {
          id: invitation.id,
          failedAttempts: invitation.failedAttempts,
          maxAttempts: invitation.maxAttempts,
          usedAt: invitation.usedAt,
          expiresAt: invitation.expiresAt,
        },
      })
      .from(personalContacts)
      .leftJoin(users, eq(users.id, personalContacts.authorizedRepresentativeUserId))
      .leftJoinLateral(invitation, sql`true`)
      .where(and(eq(personalContacts.patientId, sql.placeholder('patientId')), personalContacts.isActive))
      .orderBy(
        asc(sql`lower(${personalContacts.firstName})`),
        asc(sql`lower(${personalContacts.lastName})`),
        asc(personalContacts.id),
      )
      .prepare('active_contacts');
  }).execute({ patientId: scope.patientId });
}

export type ContactListRow = Omit<Awaited<ReturnType<typeof listActiveContacts>>[number], 'invitation'>;

/** One active contact of one patient (both ids must match), with its representative's account. */
export function findActiveContact(db: DbOrTx, scope: PatientScope, contactId: number) {
  return db
    .select({
      contact: personalContacts,
      user: representativeAccount,
    })
    .from(personalContacts)
    .leftJoin(users, eq(users.id, personalContacts.authorizedRepresentativeUserId))
    .where(
      and(
        eq(personalContacts.id, contactId),
        eq(personalContacts.patientId, scope.patientId),
        personalContacts.isActive,
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

export async function insertContact(tx: DbOrTx, scope: PatientScope, values: NewContactValues): Promise<number> {
  const [row] = await tx
    .insert(personalContacts)
    .values({ ...values, patientId: scope.patientId })
    .returning({ id: personalContacts.id });
  if (!row) throw new Error('Contact insert returned nothing');
  return row.id;
}

/** Updates an active contact of the patient; false when there is no such contact. */
export async function updateContact(
  tx: DbOrTx,
  scope: PatientScope,
  contactId: number,
  values: NewContactValues,
): Promise<boolean> {
  const rows = await tx
    .update(personalContacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(personalContacts.id, contactId),
        eq(personalContacts.patientId, scope.patientId),
        personalContacts.isActive,
      ),
    )
    .returning({ id: personalContacts.id });
  return rows.length === 1;
}

/** Makes every other contact of the patient non-primary; answers how many were. */
export async function clearOtherPrimaryContacts(tx: DbOrTx, scope: PatientScope, keepContactId: number | null) {
  const rows = await tx
    .update(personalContacts)
    .set({ isPrimaryContact: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(personalContacts.patientId, scope.patientId),
        personalContacts.isPrimaryContact,
        keepContactId === null ? undefined : sql`${personalContacts.id} <> ${keepContactId}`,
      ),
    )
    .returning({ id: personalContacts.id });
  return rows.map((r) => r.id);
}

export async function setRepresentativeActive(
  tx: DbOrTx,
  scope: PatientScope,
  contactId: number,
  active: boolean,
): Promise<void> {
  await tx
    .update(personalContacts)
    .set({ isAuthorizedRepresentativeActive: active, updatedAt: sql`now()` })
    .where(and(eq(personalContacts.id, contactId), eq(personalContacts.patientId, scope.patientId)));
}

/* ----------------------------------------------------------------- lookups */

export function findRelationship(db: DbOrTx, id: number) {
  return db
    .select({ id: relationships.id, displayName: relationships.displayName })
    .from(relationships)
    .where(eq(relationships.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findLanguage(db: DbOrTx, id: number) {
  return db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(eq(languages.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function preferredCommunicationExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: preferredCommunications.id })
    .from(preferredCommunications)
    .where(eq(preferredCommunications.id, id))
    .limit(1);
  return rows.length === 1;
}

/* ----------------------------------------------------- patient and facility */

/** The patient with their address, and the home facility's names, zone and account settings. */
export function findPatientWithFacility(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      address1: patients.address1,
      address2: patients.address2,
      city: patients.city,
      state: patients.state,
      country: patients.country,
      zipCode: patients.zipCode,
      preferredLanguage: patients.preferredLanguage,
      facilityId: facilities.id,
      facilityName: facilities.name,
      portalName: facilities.portalName,
      timeZoneId: facilities.timeZoneId,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The Dashboard module a facility grants to an audience (the capability tree). */
export function findCapabilityModules(db: DbOrTx, facilityId: number, audience: 'patient') {
  return db
    .select({ modules: capabilityProfiles.modules })
    .from(capabilityProfiles)
    .where(and(eq(capabilityProfiles.facilityId, facilityId), eq(capabilityProfiles.audience, audience)))
    .limit(1)
    .then((rows) => rows[0]?.modules ?? []);
}

/* ------------------------------------------------------ representative user */

/** A representative's account with what a password reset needs from their facility. */
export function findRepresentativeAccount(db: DbOrTx, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      isEmailConfirmed: users.isEmailConfirmed,
      isSingleSignOn: users.isSingleSignOn,
      preferredLanguage: users.preferredLanguage,
      facilityId: users.facilityId,
      portalName: facilities.portalName,
      minimumLength: facilities.passwordMinLength,
      numOfCapitalLetters: facilities.passwordCapitalLetters,
      numOfNumbers: facilities.passwordNumbers,
      numOfSpecialCharacters: facilities.passwordSpecialCharacters,
      temporaryPasswordHours: facilities.temporaryPasswordHours,
    })
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Ends a lockout: the failure count starts again. */
export async function unlockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function setTemporaryPassword(tx: DbOrTx, userId: number, hash: string, expiresAt: Date): Promise<void> {
  await tx
    .update(users)
    .set({ temporaryPasswordHash: hash, temporaryPasswordExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

/* ------------------------------------------------------------- invitations */

export type InvitationRow = typeof oneTimeSecrets.$inferSelect;

/** What a contact's answer tells of its newest invitation. */
export type InvitationState = Pick<InvitationRow, 'id' | 'failedAttempts' | 'maxAttempts' | 'usedAt' | 'expiresAt'>;

/** The newest invitation of each of the contacts, whatever its state. */
export async function findNewestInvitations(db: DbOrTx, contactIds: number[]): Promise<Map<number, InvitationRow>> {
  const newest = new Map<number, InvitationRow>();
  if (contactIds.length === 0) return newest;
  const rows = await db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.kind, 'invitation'), inArray(oneTimeSecrets.personalContactId, contactIds)))
    .orderBy(desc(oneTimeSecrets.createdAt), desc(oneTimeSecrets.id));
  for (const row of rows) {
    if (row.personalContactId !== null && !newest.has(row.personalContactId)) newest.set(row.personalContactId, row);
  }
  return newest;
}

/** Ends the contact's invitations that are still open (a new one replaces them); answers their ids. */
export async function withdrawOpenInvitations(tx: DbOrTx, contactId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(oneTimeSecrets)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimeSecrets.kind, 'invitation'),
        eq(oneTimeSecrets.personalContactId, contactId),
        isNull(oneTimeSecrets.usedAt),
        gt(oneTimeSecrets.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeSecrets.id });
  return rows.map((r) => r.id);
}

export function findInvitation(db: DbOrTx, invitationId: number) {
  return db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.id, invitationId), eq(oneTimeSecrets.kind, 'invitation')))
    .limit(1)
    .then((rows) => rows[0]);
}

/* ------------------------------------------------------- PIN copies */

/** Holds the contact's row until the transaction ends (one invitation call per contact at a time). */
export async function lockContact(tx: DbOrTx, contactId: number): Promise<void> {
  await tx
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(eq(personalContacts.id, contactId))
    .for('update');
}

/** Keeps the sealed PIN of a new invitation for the session that issued it, until shownUntil. */
export async function savePinCopy(
  tx: DbOrTx,
  copy: { invitationId: number; sessionId: number; sealedPin: string; shownUntil: Date },
): Promise<void> {
  await tx.insert(invitationPinCopies).values(copy);
}

/** The sealed PIN of an invitation, if the session issued it and may still be shown it. */
export function findPinCopy(db: DbOrTx, invitationId: number, sessionId: number, now: Date) {
  return db
    .select({ sealedPin: invitationPinCopies.sealedPin })
    .from(invitationPinCopies)
    .where(
      and(
        eq(invitationPinCopies.invitationId, invitationId),
        eq(invitationPinCopies.sessionId, sessionId),
        gt(invitationPinCopies.shownUntil, now),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

/** Deletes the PIN copies whose window has passed, and those of the given invitations. */
export async function deletePinCopies(tx: DbOrTx, now: Date, invitationIds: number[] = []): Promise<void> {
  const stale = lte(invitationPinCopies.shownUntil, now);
  await tx
    .delete(invitationPinCopies)
    .where(invitationIds.length ? or(stale, inArray(invitationPinCopies.invitationId, invitationIds)) : stale);
}
