import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiApp, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import {
  facilityReminderSettings,
  notificationPreferences,
  notificationSettings,
  patients,
} from '../../db/schema/index';
import { findNotificationPreferences } from '../../platform/notifications/preferences';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let alex: { userId: number; patientId: number };

beforeAll(async () => {
  ({ t, fx, db, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const none = { email: false, sms: false };

describe('findNotificationPreferences (the scheduler’s read)', () => {
  it('answers nothing for no ids and skips ids that are no patient', async () => {
    expect(await findNotificationPreferences(db, [])).toEqual([]);
    expect(await findNotificationPreferences(db, [987_654])).toEqual([]);
  });

  it('reads the demo: jane by email and SMS; Lakeside offers no SMS, so Sam gets email only', async () => {
    const [jane] = await findNotificationPreferences(db, [fx.patientA]);
    expect(jane).toMatchObject({ email: 'jane.doe@example.com', smsPhoneNumber: '5185550187' });
    expect(jane!.channels.Followups).toEqual({ email: true, sms: true });
    // Riverside set nothing (every channel); Lakeside's row is the demo's only one.
    const [lakeside, ...others] = await db.select().from(facilityReminderSettings);
    expect(others).toEqual([]);
    expect(lakeside!.facilityId).not.toBe(fx.facilityId);
    expect(lakeside).toMatchObject({
      appointmentSms: false,
      followUpSms: false,
      secureMessageSms: false,
      questionnaireSms: false,
    });
  });

  it('gives a patient who never saved the page no channel and the default timing', async () => {
    await db.delete(notificationSettings).where(eq(notificationSettings.patientId, alex.patientId));
    await db.delete(notificationPreferences).where(eq(notificationPreferences.patientId, alex.patientId));
    const [alexPrefs] = await findNotificationPreferences(db, [alex.patientId]);
    expect(alexPrefs).toMatchObject({
      patientId: alex.patientId,
      channels: { Appointments: none, Followups: none, SecureMessages: none, Questionnaires: none },
      smsPhoneNumber: null,
      appointmentReminderOffset: 1,
      followUpReminderOffset: 1,
    });
  });

  it('reads several patients in one call: choices, addresses, the facility’s offer', async () => {
    const [record] = await db.select().from(patients).where(eq(patients.id, alex.patientId));
    await db
      .insert(notificationSettings)
      .values([
        { patientId: alex.patientId, type: 'Appointments', email: true, sms: true },
        { patientId: alex.patientId, type: 'SecureMessages', email: true, sms: false },
        { patientId: alex.patientId, type: 'Questionnaires', email: false, sms: true },
      ])
      .onConflictDoNothing();
    await db
      .insert(notificationPreferences)
      .values({
        patientId: alex.patientId,
        usePrimaryEmail: false,
        nonPrimaryEmailAddress: 'other@example.com',
        smsPhoneNumber: '5551234567',
        appointmentReminderOffset: 6,
        followUpReminderOffset: 0,
      })
      .onConflictDoNothing();
    // Typed but not yet confirmed (issue 31, finding 9): no notice goes to either; Alex has no primary address.
    const [typed] = await findNotificationPreferences(db, [alex.patientId]);
    expect(typed).toMatchObject({ email: null, smsPhoneNumber: null });
    expect(typed!.channels.Appointments).toEqual({ email: false, sms: false });
    await db
      .update(notificationPreferences)
      .set({ noticeEmailAddress: 'other@example.com', noticeSmsPhoneNumber: '5551234567' })
      .where(eq(notificationPreferences.patientId, alex.patientId));
    const both = await findNotificationPreferences(db, [alex.patientId, fx.patientA, alex.patientId]);
    expect(both.map((p) => p.patientId).sort()).toEqual([alex.patientId, fx.patientA].sort());
    const alexPrefs = both.find((p) => p.patientId === alex.patientId)!;
    expect(alexPrefs).toMatchObject({
      facilityId: record!.homeFacilityId,
      email: 'other@example.com',
      smsPhoneNumber: '5551234567',
      channels: {
        Appointments: { email: true, sms: true },
        Followups: none,
        SecureMessages: { email: true, sms: false },
        Questionnaires: { email: false, sms: true },
      },
      appointmentReminderOffset: 6,
      followUpReminderOffset: 0,
    });

    // A facility that offers no SMS: no SMS channel whatever the patient chose.
    await db
      .insert(facilityReminderSettings)
      .values({ facilityId: record!.homeFacilityId, appointmentSms: false, questionnaireSms: false })
      .onConflictDoUpdate({
        target: facilityReminderSettings.facilityId,
        set: { appointmentSms: false, questionnaireSms: false },
      });
    const [limited] = await findNotificationPreferences(db, [alex.patientId]);
    expect(limited!.channels.Appointments).toEqual({ email: true, sms: false });
    expect(limited!.channels.Questionnaires).toEqual(none);
    await db.delete(facilityReminderSettings).where(eq(facilityReminderSettings.facilityId, record!.homeFacilityId));

    // No phone: no SMS; the primary address when asked for.
    await db
      .update(notificationPreferences)
      .set({ smsPhoneNumber: null, noticeSmsPhoneNumber: null, usePrimaryEmail: true })
      .where(eq(notificationPreferences.patientId, alex.patientId));
    await db.update(patients).set({ emailAddress: 'alex.record@example.com' }).where(eq(patients.id, alex.patientId));
    const [primary] = await findNotificationPreferences(db, [alex.patientId]);
    await db.update(patients).set({ emailAddress: record!.emailAddress }).where(eq(patients.id, alex.patientId));
    expect(primary!.channels.Appointments.sms).toBe(false);
    expect(primary!.email).toBe('alex.record@example.com');
  });
});
