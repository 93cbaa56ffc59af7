import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, notificationSettings } from '../../db/schema/index';

// The writes of appointments.intake.ts: appointments keyed by the facility's identifier, notification settings.

export type NewAppointment = typeof appointments.$inferInsert;
export type NewNotificationSetting = typeof notificationSettings.$inferInsert;
/** The fields a replacement rewrites (not the patient, the identifier or the creation time). */
export type AppointmentFields = Omit<NewAppointment, 'id' | 'patientId' | 'externalId' | 'createdAt'>;

/** A patient's appointment under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findAppointmentByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({ id: appointments.id, contentHash: appointments.contentHash, withdrawnAt: appointments.withdrawnAt })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/** Adds an appointment; its id, or undefined when one with the same identifier was added meanwhile. */
export async function insertAppointment(tx: Tx, row: NewAppointment): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(appointments)
    .values(row)
    .onConflictDoNothing({
      target: [appointments.patientId, appointments.externalId],
      where: isNotNull(appointments.externalId),
    })
    .returning({ id: appointments.id });
  return inserted?.id;
}

export async function updateAppointment(tx: Tx, appointmentId: number, fields: AppointmentFields): Promise<void> {
  await tx.update(appointments).set(fields).where(eq(appointments.id, appointmentId));
}

/** Marks an appointment withdrawn: the patient no longer sees it; the row stays for the audit trail. */
export async function setAppointmentWithdrawn(tx: Tx, appointmentId: number, at: Date): Promise<void> {
  await tx.update(appointments).set({ withdrawnAt: at }).where(eq(appointments.id, appointmentId));
}

/** Adds or replaces settings (one row per patient and type). */
export async function upsertNotificationSettings(tx: Tx, rows: NewNotificationSetting[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationSettings.patientId, notificationSettings.type],
      set: { email: sql`excluded.email`, sms: sql`excluded.sms` },
    });
}
