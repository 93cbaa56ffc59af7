import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, notificationSettings } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of appointments.intake.ts: appointments (kept by the intake engine), notification settings.

/** Where the intake engine keeps an appointment: one row per patient and facility identifier. */
export const appointmentTable: KeyedTable<'patientId'> = {
  name: 'appointment',
  table: appointments,
  owner: 'patientId',
};

export type NewNotificationSetting = typeof notificationSettings.$inferInsert;

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
