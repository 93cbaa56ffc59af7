import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT, type PatientNotificationSettings } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import {
  auditEvents,
  facilityReminderSettings,
  notificationPreferences,
  notificationSettings,
  patients,
} from '../../db/schema/index';
import { NOTIFICATION_MESSAGES } from './notifications.service';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
/** Alex Rivera: a demo patient without an email address nor saved settings; the write tests use him. */
let alex: { userId: number; patientId: number };

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const lastAuditId = () =>
  db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1)
    .then((rows) => rows[0]?.id ?? 0);
const auditSince = (since: number, event: string) =>
  db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, since))
    .orderBy(auditEvents.id)
    .then((rows) => rows.filter((row) => row.eventType === event));

const url = (patientId: number, query = '') => `/api/patients/${patientId}/NotificationSettings${query}`;

/** A valid page: nothing on. */
const OFF = {
  appointmentEmailEnabled: false,
  appointmentSmsEnabled: false,
  followUpEmailEnabled: false,
  followUpSmsEnabled: false,
  secureMessageEmailEnabled: false,
  secureMessageSmsEnabled: false,
  questionnaireEmailEnabled: false,
  questionnaireSmsEnabled: false,
  usePrimaryEmail: true,
  nonPrimaryEmailAddress: null,
  smsPhoneNumber: null,
  appointmentReminderOffset: 1,
  followUpReminderOffset: 1,
};

async function clearAlex() {
  await db.delete(notificationSettings).where(eq(notificationSettings.patientId, alex.patientId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.patientId, alex.patientId));
}
const alexRows = () => db.select().from(notificationSettings).where(eq(notificationSettings.patientId, alex.patientId));

/* ------------------------------------------------------- the summary form */

describe('GET .../NotificationSettings?type= (the appointments and follow-up pages’ line)', () => {
  const summary = (type: string, who: Who = 'patientA', patientId = fx.patientA) =>
    api.get(url(patientId, `?type=${type}`), who);

  it('answers jane’s settings per type', async () => {
    expect(expectOk(await summary('Appointments'))).toEqual({ patientSettings: { email: true, sms: false } });
    expect(expectOk(await summary('Followups'))).toEqual({ patientSettings: { email: true, sms: true } });
  });

  it('answers the representative too', async () => {
    expect(expectOk(await summary('Appointments', 'representativeOfA'))).toEqual({
      patientSettings: { email: true, sms: false },
    });
  });

  it('answers 404 not_found when the patient has no row for the type', async () => {
    await clearAlex();
    expectError(await summary('Appointments', 'alex', alex.patientId), 404, 'not_found', {
      message: NOTIFICATION_MESSAGES.notSaved,
    });
    expectError(await summary('Followups', 'alex', alex.patientId), 404, 'not_found');
    expect(await alexRows()).toEqual([]);
  });

  it.each(['', 'Messages', 'appointments'])('answers 400 naming type for the type "%s"', async (type) => {
    expectError(await summary(type), 400, 'validation_failed', 'type');
  });

  it('answers 404 to a stranger and 403 to a kiosk session', async () => {
    expectError(await summary('Appointments', 'patientB'), 404, 'not_found');
    expectError(await summary('Appointments', 'kioskUserOfA'), 403, 'forbidden');
  });
});

/* ------------------------------------------------------------ the whole page */

describe('GET .../NotificationSettings (the account settings page)', () => {
  it('answers 404 for a patient who saved nothing (the page shows the defaults)', async () => {
    await clearAlex();
    expectError(await api.get(url(alex.patientId), 'alex'), 404, 'not_found', {
      message: NOTIFICATION_MESSAGES.notSaved,
    });
  });

  it('answers jane’s page, types never saved off, with her primary address', async () => {
    for (const who of ['patientA', 'representativeOfA'] as const) {
      const body = expectOk<PatientNotificationSettings>(await api.get(url(fx.patientA), who));
      expect(body).toMatchObject({ appointmentEmailEnabled: true, appointmentSmsEnabled: false });
      expect(body).toMatchObject({ followUpEmailEnabled: true, followUpSmsEnabled: true });
      expect(body.primaryEmail).toBe('jane.doe@example.com');
      // The demo's (demo-notification-settings.ts): text messages to her mobile, reminders a day before.
      expect(body).toMatchObject({ secureMessageSmsEnabled: true, smsPhoneNumber: '5185550187' });
      expect(body).toMatchObject({ appointmentReminderOffset: 9, usePrimaryEmail: true });
      expect(typeof body.showAppointmentNotificationDigestHint).toBe('boolean');
    }
  });

  it('answers 404 to a stranger, 403 to kiosk and link sessions, 401 without a session', async () => {
    expectError(await api.get(url(fx.patientA), 'patientB'), 404, 'not_found');
    expectError(await api.get(url(fx.patientA), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(url(fx.patientA), 'linkUserOfA'), 403, 'forbidden');
    expectError(await api.get(url(fx.patientA), 'anonymous'), 401, 'unauthorized');
  });
});

/* -------------------------------------------------------------------- save */

describe('PUT .../NotificationSettings', () => {
  const save = (body: object, who: Who = 'alex') => api.put(url(alex.patientId), who, body);

  it('saves the page, answers it as GET does and records which fields changed', async () => {
    await clearAlex();
    const since = await lastAuditId();
    const body = {
      ...OFF,
      appointmentEmailEnabled: true,
      appointmentSmsEnabled: true,
      secureMessageEmailEnabled: true,
      questionnaireSmsEnabled: true,
      usePrimaryEmail: false,
      nonPrimaryEmailAddress: ' alex@example.com ',
      smsPhoneNumber: '(518) 555-0110',
      appointmentReminderOffset: 9,
      followUpReminderOffset: 2,
    };
    const saved = expectOk<PatientNotificationSettings>(await save(body));
    expect(saved).toEqual({
      ...body,
      nonPrimaryEmailAddress: 'alex@example.com',
      smsPhoneNumber: '5185550110',
      showAppointmentNotificationDigestHint: true,
      primaryEmail: null,
      // New destinations: each waits for its code, and no notice goes anywhere meanwhile (no primary address).
      emailConfirmationPending: true,
      smsConfirmationPending: true,
      emailNoticesTo: null,
      smsNoticesTo: null,
    });
    expect(expectOk(await api.get(url(alex.patientId), 'alex'))).toEqual(saved);
    expect(expectOk(await api.get(url(alex.patientId, '?type=SecureMessages'), 'alex'))).toEqual({
      patientSettings: { email: true, sms: false },
    });
    const rows = await alexRows();
    expect(rows.map((r) => [r.type, r.email, r.sms]).sort()).toEqual([
      ['Appointments', true, true],
      ['Followups', false, false],
      ['Questionnaires', false, true],
      ['SecureMessages', true, false],
    ]);
    const [prefs] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.patientId, alex.patientId));
    expect(prefs).toMatchObject({
      smsPhoneNumber: '5185550110',
      appointmentReminderOffset: 9,
      followUpReminderOffset: 2,
    });
    const [row] = await auditSince(since, NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT);
    expect(row).toMatchObject({ actorUserId: alex.userId, patientId: alex.patientId, relationship: 'self' });
    expect((row!.detail as { changed: string[] }).changed).toContain('appointmentSmsEnabled');
    expect(JSON.stringify(row!.detail)).not.toContain('alex@example.com');
    expect(JSON.stringify(row!.detail)).not.toContain('5185550110');

    // Saved again with one change: the row names only it; no digest: no hint.
    const again = await lastAuditId();
    const next = expectOk<PatientNotificationSettings>(
      await save({ ...body, followUpReminderOffset: 6, appointmentReminderOffset: 0 }),
    );
    expect(next.showAppointmentNotificationDigestHint).toBe(false);
    const [second] = await auditSince(again, NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT);
    expect((second!.detail as { changed: string[] }).changed.sort()).toEqual([
      'appointmentReminderOffset',
      'followUpReminderOffset',
    ]);
  });

  it('lets a representative save the patient’s settings, recorded as theirs', async () => {
    const since = await lastAuditId();
    const current = expectOk<PatientNotificationSettings>(await api.get(url(fx.patientA), 'patientA'));
    const { primaryEmail: _p, showAppointmentNotificationDigestHint: _h, ...page } = current;
    expectOk(
      await api.put(url(fx.patientA), 'representativeOfA', {
        ...page,
        smsPhoneNumber: page.smsPhoneNumber ?? '5185550187',
      }),
    );
    const [row] = await auditSince(since, NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT);
    expect(row).toMatchObject({ patientId: fx.patientA, relationship: 'representative' });
  });

  it('refuses an email notice without a valid primary address, naming usePrimaryEmail', async () => {
    await clearAlex();
    expectError(await save({ ...OFF, followUpEmailEnabled: true }), 400, 'email_required', {
      field: 'usePrimaryEmail',
      message: NOTIFICATION_MESSAGES.noPrimaryEmail,
    });
    expect(await alexRows()).toEqual([]);
  });

  it('refuses an email notice to another address when none is given, naming nonPrimaryEmailAddress', async () => {
    for (const nonPrimaryEmailAddress of [null, '', '   ']) {
      expectError(
        await save({ ...OFF, questionnaireEmailEnabled: true, usePrimaryEmail: false, nonPrimaryEmailAddress }),
        400,
        'email_required',
        { field: 'nonPrimaryEmailAddress', message: NOTIFICATION_MESSAGES.otherEmailRequired },
      );
    }
  });

  it('refuses an email address that is not one, even when no email notice is on', async () => {
    expectError(
      await save({ ...OFF, nonPrimaryEmailAddress: 'alex@' }),
      400,
      'validation_failed',
      'nonPrimaryEmailAddress',
    );
  });

  it('refuses a text message notice without a phone number, naming smsPhoneNumber', async () => {
    expectError(await save({ ...OFF, secureMessageSmsEnabled: true }), 400, 'sms_phone_required', {
      field: 'smsPhoneNumber',
      message: NOTIFICATION_MESSAGES.smsPhoneRequired,
    });
    expectError(await save({ ...OFF, secureMessageSmsEnabled: true, smsPhoneNumber: ' ' }), 400, 'sms_phone_required');
  });

  it.each(['555-0110', '1 (518) 555-0110', 'abc'])(
    'refuses the phone number "%s" (ten digits)',
    async (smsPhoneNumber) => {
      expectError(await save({ ...OFF, smsPhoneNumber }), 400, 'validation_failed', 'smsPhoneNumber');
    },
  );

  it.each([
    ['appointmentReminderOffset', 11],
    ['followUpReminderOffset', -1],
    ['appointmentReminderOffset', 1.5],
    ['appointmentEmailEnabled', 'yes'],
    ['usePrimaryEmail', null],
  ])('refuses %s = %s, naming it', async (field, value) => {
    expectError(await save({ ...OFF, [field]: value }), 400, 'validation_failed', field);
  });

  it('refuses a missing box and an unknown field', async () => {
    const { questionnaireSmsEnabled: _q, ...missing } = OFF;
    expectError(await save(missing), 400, 'validation_failed', 'questionnaireSmsEnabled');
    expectError(await save({ ...OFF, pagerNumber: '1' }), 400, 'validation_failed');
  });

  it('refuses a channel the facility does not offer, naming the box', async () => {
    await clearAlex();
    const [record] = await db.select().from(patients).where(eq(patients.id, alex.patientId));
    await db.insert(facilityReminderSettings).values({ facilityId: record!.homeFacilityId, followUpSms: false });
    try {
      expectError(
        await save({ ...OFF, followUpSmsEnabled: true, smsPhoneNumber: '5185550110' }),
        400,
        'channel_not_offered',
        { field: 'followUpSmsEnabled', message: NOTIFICATION_MESSAGES.notOffered('followUpSmsEnabled') },
      );
      expect(await alexRows()).toEqual([]);
      expectOk(await save({ ...OFF, appointmentSmsEnabled: true, smsPhoneNumber: '5185550110' }));
    } finally {
      await db.delete(facilityReminderSettings).where(eq(facilityReminderSettings.facilityId, record!.homeFacilityId));
    }
  });

  it('answers 404 to a stranger and 403 to a kiosk session, writing nothing', async () => {
    const before = await db.select().from(notificationSettings).where(eq(notificationSettings.patientId, fx.patientA));
    expectError(await api.put(url(fx.patientA), 'patientB', OFF), 404, 'not_found');
    expectError(await api.put(url(fx.patientA), 'kioskUserOfA', OFF), 403, 'forbidden');
    expect(await db.select().from(notificationSettings).where(eq(notificationSettings.patientId, fx.patientA))).toEqual(
      before,
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes every route of the module', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const [path, method] of [
      ['/api/patients/{patientId}/NotificationSettings', 'get'],
      ['/api/patients/{patientId}/NotificationSettings', 'put'],
      ['/api/systemremindersettings', 'get'],
      ['/api/accountsettings/patientregistrationdetails/{patientId}', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
  });
});
