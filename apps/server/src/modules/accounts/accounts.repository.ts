import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilities, patients, users, type UserPreference } from '../../db/schema/index';

export type { UserPreference };
import type { PatientScope } from '../../platform/access/patient-scope';

const accountColumns = {
  id: users.id,
  facilityId: users.facilityId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  isEmailConfirmed: users.isEmailConfirmed,
  preferredLanguage: users.preferredLanguage,
  lockedUntil: users.lockedUntil,
  temporaryPasswordHash: users.temporaryPasswordHash,
  temporaryPasswordExpiresAt: users.temporaryPasswordExpiresAt,
  isSingleSignOn: users.isSingleSignOn,
  portalName: facilities.portalName,
  minimumLength: facilities.passwordMinLength,
  numOfCapitalLetters: facilities.passwordCapitalLetters,
  numOfNumbers: facilities.passwordNumbers,
  numOfSpecialCharacters: facilities.passwordSpecialCharacters,
  maxFailedLogins: facilities.maxFailedLogins,
  lockoutMinutes: facilities.lockoutMinutes,
  temporaryPasswordHours: facilities.temporaryPasswordHours,
  timeZoneId: facilities.timeZoneId,
};

/** A user with the settings of their facility that account chores need. */
export function findAccount(db: DbOrTx, userId: number) {
  return db
    .select(accountColumns)
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export function findAccountByUsername(db: DbOrTx, username: string) {
  return db
    .select(accountColumns)
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function setEulaAccepted(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ isEulaAccepted: true }).where(eq(users.id, userId));
}

export async function setEmail(tx: DbOrTx, userId: number, email: string, confirmed: boolean): Promise<void> {
  await tx.update(users).set({ email, isEmailConfirmed: confirmed }).where(eq(users.id, userId));
}

/** The email of the patient record the user owns (not of patients they represent). */
/** Sets the email of the user's own patient record; answers that patient's id (null: the user is no patient). */
export async function setOwnPatientEmail(tx: DbOrTx, userId: number, email: string): Promise<number | null> {
  const [row] = await tx
    .update(patients)
    .set({ emailAddress: email })
    .where(eq(patients.userId, userId))
    .returning({ id: patients.id });
  return row?.id ?? null;
}

export async function setEmailConfirmed(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, userId));
}

/** A new password: the temporary one, the forced-change flag, the failure count and the lock go. */
export async function setPassword(tx: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      isPasswordUpdateRequired: false,
      failedLoginCount: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, userId));
}

export async function setTemporaryPassword(tx: DbOrTx, userId: number, hash: string, expiresAt: Date): Promise<void> {
  await tx
    .update(users)
    .set({ temporaryPasswordHash: hash, temporaryPasswordExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

export async function setUserLanguage(tx: DbOrTx, userId: number, language: string): Promise<void> {
  await tx.update(users).set({ preferredLanguage: language }).where(eq(users.id, userId));
}

export function findPatientLanguage(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ language: patients.preferredLanguage })
    .from(patients)
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Sets the patient's language and their own account's; answers the account's user id, if any. */
export async function setPatientLanguage(tx: DbOrTx, scope: PatientScope, language: string): Promise<void> {
  const [row] = await tx
    .update(patients)
    .set({ preferredLanguage: language })
    .where(eq(patients.id, scope.patientId))
    .returning({ userId: patients.userId });
  if (row?.userId) await setUserLanguage(tx, row.userId, language);
}

/** The preferences of a user, in the order they were first saved. */
export async function findPreferences(db: DbOrTx, userId: number): Promise<UserPreference[]> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.preferences ?? [];
}

/** Reads the preferences under a row lock, so concurrent saves of different names both survive. */
export async function lockPreferences(tx: DbOrTx, userId: number): Promise<UserPreference[]> {
  const [row] = await tx
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row?.preferences ?? [];
}

export async function savePreferences(tx: DbOrTx, userId: number, preferences: UserPreference[]): Promise<void> {
  await tx
    .update(users)
    .set({ preferences })
    .where(and(eq(users.id, userId)));
}
