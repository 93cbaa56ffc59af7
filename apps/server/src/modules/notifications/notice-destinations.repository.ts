import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NoticeChannel } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  facilities,
  languages,
  noticeDestinations,
  notificationPreferences,
  patients,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

// The reads and writes of notice-destinations.ts: a patient's confirmed and pending destinations, and where their
// notices go now.

export type NoticeDestinationRow = typeof noticeDestinations.$inferSelect;

/** One destination of the patient (confirmed or pending), by its normalised value. */
export function findDestination(
  db: DbOrTx,
  scope: PatientScope,
  channel: NoticeChannel,
  destination: string,
): Promise<NoticeDestinationRow | undefined> {
  return db
    .select()
    .from(noticeDestinations)
    .where(
      and(
        eq(noticeDestinations.patientId, scope.patientId),
        eq(noticeDestinations.channel, channel),
        eq(noticeDestinations.destination, destination),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

/** A new code for a destination: the row made or its earlier code replaced, its wrong tries back to none. */
export async function storeCode(
  tx: DbOrTx,
  scope: PatientScope,
  values: { channel: NoticeChannel; destination: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  const code = {
    codeHash: values.codeHash,
    codeExpiresAt: values.expiresAt,
    failedAttempts: 0,
    requestedByUserId: scope.caller.userId,
  };
  await tx
    .insert(noticeDestinations)
    .values({ patientId: scope.patientId, channel: values.channel, destination: values.destination, ...code })
    .onConflictDoUpdate({
      target: [noticeDestinations.patientId, noticeDestinations.channel, noticeDestinations.destination],
      set: code,
    });
}

/** Counts a wrong code. */
export async function countWrongCode(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(noticeDestinations)
    .set({ failedAttempts: sql`${noticeDestinations.failedAttempts} + 1` })
    .where(eq(noticeDestinations.id, id));
}

/** Marks the destination confirmed and its code spent; false when another request confirmed it first. */
export async function markConfirmed(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(noticeDestinations)
    .set({ confirmedAt: sql`now()`, codeHash: null, codeExpiresAt: null })
    .where(and(eq(noticeDestinations.id, id), isNull(noticeDestinations.confirmedAt)))
    .returning({ id: noticeDestinations.id });
  return rows.length === 1;
}

/** Destinations the facility gave (the seed): confirmed as they are written. */
export async function insertConfirmed(
  tx: DbOrTx,
  patientId: number,
  destinations: { channel: NoticeChannel; destination: string }[],
): Promise<void> {
  if (destinations.length === 0) return;
  await tx
    .insert(noticeDestinations)
    .values(destinations.map((d) => ({ patientId, ...d, confirmedAt: sql`now()` })))
    .onConflictDoNothing();
}

/** Where the patient's notices go from now on (the settings row exists: the page was saved in this transaction). */
export async function setNoticeDestinations(
  tx: DbOrTx,
  patientId: number,
  values: { noticeEmailAddress?: string | null; noticeSmsPhoneNumber?: string | null },
): Promise<void> {
  await tx.update(notificationPreferences).set(values).where(eq(notificationPreferences.patientId, patientId));
}

/** What a code's mail or text needs: the facility's id and portal name, and the asking user's name and language. */
export async function findCodeContext(db: DbOrTx, scope: PatientScope) {
  const [row] = await db
    .select({
      facilityId: facilities.id,
      portalName: facilities.portalName,
      name: users.firstName,
      // The asking user's language, else the facility's.
      language: sql<string | null>`coalesce(${users.preferredLanguage}, ${languages.code})`,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(languages, eq(languages.id, facilities.defaultLanguageId))
    .leftJoin(users, eq(users.id, scope.caller.userId ?? 0))
    .where(eq(patients.id, scope.patientId))
    .limit(1);
  if (!row) throw new Error(`Patient ${scope.patientId} has no home facility`);
  return row;
}
