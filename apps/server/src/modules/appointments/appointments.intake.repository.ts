import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, notificationSettings } from '../../db/schema/index';

// The writes of appointments.intake.ts: appointments and notification settings.

export type NewAppointment = typeof appointments.$inferInsert;
export type NewNotificationSetting = typeof notificationSettings.$inferInsert;

export async function insertAppointments(tx: Tx, rows: NewAppointment[]): Promise<void> {
  if (rows.length > 0) await tx.insert(appointments).values(rows);
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
