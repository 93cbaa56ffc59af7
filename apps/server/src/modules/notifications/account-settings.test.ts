import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PatientNotificationSettings,
  type RegistrationDetails,
  type SystemReminderSettings,
} from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import {
  auditEvents,
  facilityReminderSettings,
  notificationPreferences,
  notificationSettings,
  patientRegistrationDetails,
} from '../../db/schema/index';
import { PATIENT_READ_AUDIT_EVENT } from '../../platform/access/access-control';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
/** Alex Rivera: a demo patient without saved settings. */
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

async function clearAlex() {
  await db.delete(notificationSettings).where(eq(notificationSettings.patientId, alex.patientId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.patientId, alex.patientId));
}

/* ------------------------------------------------- system reminder settings */

describe('GET /api/systemremindersettings', () => {
  it('offers every channel and timing id 1 when the facility set nothing', async () => {
    expect(expectOk(await api.get('/api/systemremindersettings', 'patientA'))).toEqual({
      patientAppointmentEmailEnabled: true,
      patientAppointmentSmsEnabled: true,
      patientFollowUpEmailEnabled: true,
      patientFollowUpSmsEnabled: true,
      patientSecureMessageEmailEnabled: true,
      patientSecureMessageSmsEnabled: true,
      patientQuestionnaireEmailEnabled: true,
      patientQuestionnaireSmsEnabled: true,
      patientDefaultAppointmentReminderOffset: 1,
      patientDefaultFollowUpReminderOffset: 1,
    });
  });

  it('answers the caller’s facility’s own settings, and its default timing on a page never saved', async () => {
    await db.insert(facilityReminderSettings).values({
      facilityId: fx.facilityId,
      appointmentSms: false,
      questionnaireEmail: false,
      defaultAppointmentReminderOffset: 6,
    });
    try {
      const body = expectOk<SystemReminderSettings>(await api.get('/api/systemremindersettings', 'representativeOfA'));
      expect(body).toMatchObject({
        patientAppointmentSmsEnabled: false,
        patientQuestionnaireEmailEnabled: false,
        patientAppointmentEmailEnabled: true,
        patientDefaultAppointmentReminderOffset: 6,
        patientDefaultFollowUpReminderOffset: 1,
      });
      await clearAlex();
      await db.insert(notificationSettings).values({ patientId: alex.patientId, type: 'Appointments', email: false });
      const page = expectOk<PatientNotificationSettings>(await api.get(url(alex.patientId), 'alex'));
      expect(page).toMatchObject({ appointmentReminderOffset: 6, followUpReminderOffset: 1, usePrimaryEmail: true });
    } finally {
      await db.delete(facilityReminderSettings).where(eq(facilityReminderSettings.facilityId, fx.facilityId));
    }
  });

  it.each<[CallerKind, number]>([
    ['kioskUserOfA', 403],
    ['linkUserOfA', 403],
    ['anonymous', 401],
  ])('answers %s with %i', async (who, status) => {
    expect((await api.get('/api/systemremindersettings', who)).statusCode).toBe(status);
  });
});

/* ----------------------------------------------------- registration details */

describe('GET /api/accountsettings/patientregistrationdetails/:patientId', () => {
  const details = (who: Who, patientId = fx.patientA) =>
    api.get(`/api/accountsettings/patientregistrationdetails/${patientId}`, who);

  it('answers the record with nulls where nothing is registered, and records the read', async () => {
    await db.delete(patientRegistrationDetails).where(eq(patientRegistrationDetails.patientId, fx.patientB));
    const since = await lastAuditId();
    const body = expectOk<RegistrationDetails>(await details('patientB', fx.patientB));
    expect(body).toMatchObject({
      fullName: 'John Smith',
      mrn: 'RCC-100871',
      gender: 'M',
      primaryEmail: 'john.smith@example.com',
      address2: 'Apt 3B',
      mobilePhone: '5185550199',
      ethnicity: null,
      isClinicalTrial: false,
      clinicalTrialID: null,
    });
    expect(body.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [read] = await auditSince(since, PATIENT_READ_AUDIT_EVENT);
    expect(read).toMatchObject({ patientId: fx.patientB });
  });

  it('answers the registered details to the patient and the representative', async () => {
    await db
      .insert(patientRegistrationDetails)
      .values({
        patientId: fx.patientA,
        race: 'White',
        maritalStatus: 'Married',
        isClinicalTrial: true,
        clinicalTrialId: 'NCT-1',
      })
      .onConflictDoUpdate({
        target: patientRegistrationDetails.patientId,
        set: { race: 'White', maritalStatus: 'Married', isClinicalTrial: true, clinicalTrialId: 'NCT-1' },
      });
    for (const who of ['patientA', 'representativeOfA'] as const) {
      expect(expectOk<RegistrationDetails>(await details(who))).toMatchObject({
        fullName: 'Jane Doe',
        race: 'White',
        maritalStatus: 'Married',
        isClinicalTrial: true,
        clinicalTrialID: 'NCT-1',
      });
    }
  });

  it('answers the code of each coded value it recognises, the values as sent (issue 32, finding 10)', async () => {
    await db
      .insert(patientRegistrationDetails)
      .values({ patientId: fx.patientA, birthCountry: 'united states', race: 'White', maritalStatus: 'M' })
      .onConflictDoUpdate({
        target: patientRegistrationDetails.patientId,
        set: { birthCountry: 'united states', race: 'White', maritalStatus: 'M', citizenship: 'Freedonia' },
      });
    const body = expectOk<RegistrationDetails>(await details('patientA'));
    // The browser names a value by its code in the reader's language ('Estados Unidos'), else shows it as sent.
    expect(body).toMatchObject({ birthCountry: 'united states', citizenship: 'Freedonia', maritalStatus: 'M' });
    expect(body.codes).toMatchObject({
      gender: 'F',
      birthCountry: 'US',
      race: '2106-3',
      maritalStatus: 'M',
      citizenship: null,
    });
    expect(Object.keys(body.codes).sort()).toEqual(
      [
        'birthCountry',
        'citizenship',
        'country',
        'ethnicity',
        'gender',
        'maritalStatus',
        'preferredCommunication',
        'primaryLanguage',
        'race',
        'religion',
        'state',
      ].sort(),
    );
  });

  it('answers 404 to a stranger, to an id that is none, and 403 to a kiosk session', async () => {
    expectError(await details('patientB'), 404, 'not_found');
    expectError(await details('kioskUserOfA'), 403, 'forbidden');
    // The access check runs before validation: an id that is none is no record of the caller's.
    expectError(await api.get('/api/accountsettings/patientregistrationdetails/x', 'patientA'), 404, 'not_found');
  });
});
