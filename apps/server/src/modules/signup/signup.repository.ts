import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilities, oneTimeSecrets, patients, personalContacts, users } from '../../db/schema/index';

/** What sign-up needs to know about a facility. */
export function findSignupFacility(db: DbOrTx, facilityId: number) {
  return db
    .select({
      id: facilities.id,
      portalName: facilities.portalName,
      verificationFields: facilities.signupVerificationFields,
      minimumLength: facilities.passwordMinLength,
      numOfCapitalLetters: facilities.passwordCapitalLetters,
      numOfNumbers: facilities.passwordNumbers,
      numOfSpecialCharacters: facilities.passwordSpecialCharacters,
    })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1)
    .then((rows) => rows[0]);
}

export type SignupFacility = NonNullable<Awaited<ReturnType<typeof findSignupFacility>>>;

const candidateColumns = {
  id: patients.id,
  homeFacilityId: patients.homeFacilityId,
  firstName: patients.firstName,
  lastName: patients.lastName,
  mrn: patients.mrn,
  ssnHash: patients.ssnHash,
  emailAddress: patients.emailAddress,
  preferredLanguage: patients.preferredLanguage,
};

/**
 * The facility's patients without an account whose names (trimmed, any case) and date of birth
 * match; usually one, rarely more (namesakes born the same day).
 */
export function findSignupCandidates(
  db: DbOrTx,
  facilityId: number,
  identity: { firstName: string; lastName: string; dateOfBirth: string },
) {
  return db
    .select(candidateColumns)
    .from(patients)
    .where(
      and(
        eq(patients.homeFacilityId, facilityId),
        isNull(patients.userId),
        eq(sql`lower(trim(${patients.lastName}))`, identity.lastName.trim().toLowerCase()),
        eq(sql`lower(trim(${patients.firstName}))`, identity.firstName.trim().toLowerCase()),
        eq(patients.dateOfBirth, identity.dateOfBirth),
      ),
    )
    .orderBy(patients.id)
    .limit(20);
}

export type SignupCandidate = Awaited<ReturnType<typeof findSignupCandidates>>[number];

/**
 * One failed attempt on each patient's newest sign-up PIN that has not been used, when that PIN is still usable
 * (neither invalidated nor expired). One statement however many patients, none included: an identity that
 * matches nobody sends the same statement as a real one, so the time of the answer does not tell them apart.
 */
export async function recordWrongSignupPins(db: DbOrTx, patientIds: number[], now = new Date()): Promise<void> {
  const newest = db
    .selectDistinctOn([oneTimeSecrets.patientId], { id: oneTimeSecrets.id })
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.kind, 'signupPin'),
        // One array parameter, not a list: the same statement text for no patient as for several.
        sql`${oneTimeSecrets.patientId} = any(${sql.param(patientIds)}::int[])`,
        isNull(oneTimeSecrets.usedAt),
      ),
    )
    .orderBy(oneTimeSecrets.patientId, desc(oneTimeSecrets.createdAt), desc(oneTimeSecrets.id));
  await db
    .update(oneTimeSecrets)
    .set({ failedAttempts: sql`${oneTimeSecrets.failedAttempts} + 1` })
    .where(
      and(
        inArray(oneTimeSecrets.id, newest),
        lt(oneTimeSecrets.failedAttempts, oneTimeSecrets.maxAttempts),
        gt(oneTimeSecrets.expiresAt, now),
      ),
    );
}

export function findPatientName(db: DbOrTx, patientId: number) {
  return db
    .select({ firstName: patients.firstName, lastName: patients.lastName, homeFacilityId: patients.homeFacilityId })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The personal contact an invitation was issued for. */
export function findInvitedContact(db: DbOrTx, contactId: number) {
  return db
    .select({
      id: personalContacts.id,
      patientId: personalContacts.patientId,
      firstName: personalContacts.firstName,
      lastName: personalContacts.lastName,
      contactEmail: personalContacts.contactEmail,
      isActive: personalContacts.isActive,
      representativeUserId: personalContacts.authorizedRepresentativeUserId,
    })
    .from(personalContacts)
    .where(eq(personalContacts.id, contactId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export interface NewPortalUser {
  facilityId: number;
  username: string;
  email: string | null;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isEmailConfirmed: boolean;
  preferredLanguage: string | null;
}

export async function insertPortalUser(tx: DbOrTx, user: NewPortalUser): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...user, role: 'portalUser', isEulaAccepted: true, isPasswordUpdateRequired: false })
    .returning({ id: users.id });
  if (!row) throw new Error('User insert returned nothing');
  return row.id;
}

/** Gives the patient their account; false when another sign-up got there first. */
export async function linkPatientToUser(tx: DbOrTx, patientId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .update(patients)
    .set({ userId })
    .where(and(eq(patients.id, patientId), isNull(patients.userId)))
    .returning({ id: patients.id });
  return rows.length === 1;
}

/** Makes the new user the contact's active representative; false when the contact already has one. */
export async function linkRepresentative(tx: DbOrTx, contactId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .update(personalContacts)
    .set({ authorizedRepresentativeUserId: userId, isAuthorizedRepresentativeActive: true })
    .where(
      and(
        eq(personalContacts.id, contactId),
        personalContacts.isActive,
        isNull(personalContacts.authorizedRepresentativeUserId),
      ),
    )
    .returning({ id: personalContacts.id });
  return rows.length === 1;
}

/** Whether the patient has an account, with the patient row locked for the rest of the transaction. */
export function lockPatientAccount(tx: DbOrTx, patientId: number) {
  return tx
    .select({ userId: patients.userId, homeFacilityId: patients.homeFacilityId })
    .from(patients)
    .where(eq(patients.id, patientId))
    .for('update')
    .limit(1)
    .then((rows) => rows[0]);
}

/** Ends every unused sign-up PIN of the patient that has not expired yet: it answers as expired from now on. */
export async function expireUnusedSignupPins(tx: DbOrTx, patientId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(oneTimeSecrets)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimeSecrets.kind, 'signupPin'),
        eq(oneTimeSecrets.patientId, patientId),
        isNull(oneTimeSecrets.usedAt),
        gt(oneTimeSecrets.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeSecrets.id });
  return rows.length;
}
