import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTICE_CODE_SENT_AUDIT_EVENT,
  NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT,
  type PatientNotificationSettings,
} from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import {
  expectError,
  expectOk,
  openApiApp,
  openSecondApp,
  type ApiCaller,
  type TestApp,
  type Who,
} from '../../../test/api';
import { auditEvents, noticeDestinations, notificationPreferences } from '../../db/schema/index';
import { findNotificationPreferences } from '../../platform/notifications/preferences';
import { NOTICE_DESTINATION_MESSAGES } from './notice-destinations';

// Issue 31, finding 9: another email address or SMS number, typed by the patient or a representative, gets a code
// and is used only once the code is entered; until then notices go where they went.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const JANE_NUMBER = '5185550187';
const url = (path = '') => `/api/patients/${fx.patientA}/NotificationSettings${path}`;

/** Jane's page as the demo saved it, with the changes given. */
async function janePage(changes: Record<string, unknown>) {
  const page = expectOk<PatientNotificationSettings>(await api.get(url(), 'patientA'));
  const {
    showAppointmentNotificationDigestHint: _hint,
    primaryEmail: _primary,
    emailConfirmationPending: _email,
    smsConfirmationPending: _sms,
    emailNoticesTo: _emailTo,
    smsNoticesTo: _smsTo,
    ...body
  } = page;
  return { ...body, ...changes };
}
const save = async (changes: Record<string, unknown>, who: Who = 'patientA') =>
  api.put(url(), who, await janePage(changes));
const confirm = (channel: string, code: string, who: Who = 'patientA') =>
  api.post(url('/confirmation'), who, { channel, code });

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
    .where(and(gt(auditEvents.id, since), eq(auditEvents.eventType, event)))
    .orderBy(auditEvents.id);

async function textsTo(number: string) {
  return t.app.deps.smsOutbox.list({ to: number, limit: 50 });
}
async function mailsTo(address: string) {
  return (await t.app.deps.outbox.list({ limit: 500 })).filter((m) => m.to === address);
}
/** The code of the newest text to the number (or mail to the address). */
async function codeSentTo(destination: string): Promise<string> {
  const body = destination.includes('@')
    ? (await mailsTo(destination)).sort((a, b) => b.id - a.id)[0]?.text
    : (await textsTo(destination)).sort((a, b) => b.id - a.id)[0]?.body;
  const code = /\b([0-9]{6})\b/.exec(body ?? '')?.[1];
  if (!code) throw new Error(`No code was sent to ${destination}`);
  return code;
}
const janeNotices = async () => (await findNotificationPreferences(db, [fx.patientA]))[0]!;

describe('a new SMS number', () => {
  const NEW_NUMBER = '5185550123';

  it('gets a code and is not used until it is confirmed: texts keep going to the confirmed number', async () => {
    const since = await lastAuditId();
    const saved = expectOk<PatientNotificationSettings>(await save({ smsPhoneNumber: '(518) 555-0123' }));
    expect(saved).toMatchObject({
      smsPhoneNumber: NEW_NUMBER,
      smsConfirmationPending: true,
      smsNoticesTo: JANE_NUMBER,
      emailConfirmationPending: false,
      emailNoticesTo: 'jane.doe@example.com',
    });
    const [text, ...more] = await textsTo(NEW_NUMBER);
    expect(more).toEqual([]);
    expect(text!.body).toMatch(
      /^Riverside Patient Portal: your code to confirm this number for notifications is [0-9]{6}\. It expires in 30 minutes\./,
    );
    expect(await janeNotices()).toMatchObject({ smsPhoneNumber: JANE_NUMBER });
    const [row] = await auditSince(since, NOTICE_CODE_SENT_AUDIT_EVENT);
    expect(row).toMatchObject({ patientId: fx.patientA, detail: { channel: 'sms' } });
    expect(JSON.stringify(row)).not.toContain(NEW_NUMBER);

    // Saved again unchanged: no second code (Send a new code asks for one).
    expectOk(await save({ smsPhoneNumber: NEW_NUMBER }));
    expect(await textsTo(NEW_NUMBER)).toHaveLength(1);
  });

  it('refuses a wrong code, counting it, and five wrong ones spend the code', async () => {
    const right = await codeSentTo(NEW_NUMBER);
    const wrong = right === '000000' ? '111111' : '000000';
    const since = await lastAuditId();
    expectError(await confirm('sms', wrong), 400, 'wrong_code', {
      field: 'code',
      message: NOTICE_DESTINATION_MESSAGES.wrongCode,
    });
    const [failed] = await auditSince(since, NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT);
    expect(failed).toMatchObject({ outcome: 'failure', detail: { channel: 'sms', reason: 'wrong_code' } });
    for (let i = 0; i < 4; i++) expectError(await confirm('sms', wrong), 400, 'wrong_code');
    expectError(await confirm('sms', right), 400, 'code_expired', {
      field: 'code',
      message: NOTICE_DESTINATION_MESSAGES.codeExpired,
    });
    expect(await janeNotices()).toMatchObject({ smsPhoneNumber: JANE_NUMBER });
  });

  it('sends a new code on request, which confirms the number: texts go there from then on', async () => {
    const spent = await codeSentTo(NEW_NUMBER);
    expect((await api.post(url('/code'), 'patientA', { channel: 'sms' })).statusCode).toBe(204);
    expect(await textsTo(NEW_NUMBER)).toHaveLength(2);
    const code = await codeSentTo(NEW_NUMBER);
    if (code !== spent) expectError(await confirm('sms', spent), 400, 'wrong_code');
    const since = await lastAuditId();
    const confirmed = expectOk<PatientNotificationSettings>(await confirm('sms', ` ${code} `));
    expect(confirmed).toMatchObject({
      smsPhoneNumber: NEW_NUMBER,
      smsConfirmationPending: false,
      smsNoticesTo: NEW_NUMBER,
    });
    expect(await janeNotices()).toMatchObject({ smsPhoneNumber: NEW_NUMBER });
    const [row] = await auditSince(since, NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT);
    expect(row).toMatchObject({ outcome: 'success', detail: { channel: 'sms' } });
    // The code is spent, and there is nothing left to confirm.
    expectError(await confirm('sms', code), 409, 'nothing_to_confirm', {
      message: NOTICE_DESTINATION_MESSAGES.nothingToConfirm('sms'),
    });
  });

  it('takes back a number confirmed before without a code, and a removed number stops the texts', async () => {
    const texts = (await textsTo(JANE_NUMBER)).length;
    const back = expectOk<PatientNotificationSettings>(await save({ smsPhoneNumber: JANE_NUMBER }));
    expect(back).toMatchObject({ smsConfirmationPending: false, smsNoticesTo: JANE_NUMBER });
    expect(await textsTo(JANE_NUMBER)).toHaveLength(texts);
    const off = await janePage({
      smsPhoneNumber: null,
      followUpSmsEnabled: false,
      secureMessageSmsEnabled: false,
      appointmentSmsEnabled: false,
      questionnaireSmsEnabled: false,
    });
    expect(expectOk<PatientNotificationSettings>(await api.put(url(), 'patientA', off)).smsNoticesTo).toBeNull();
    expect(await janeNotices()).toMatchObject({ smsPhoneNumber: null });
    expectOk(await save({ smsPhoneNumber: JANE_NUMBER, followUpSmsEnabled: true, secureMessageSmsEnabled: true }));
    expect(await janeNotices()).toMatchObject({ smsPhoneNumber: JANE_NUMBER });
  });

  it('refuses an expired code', async () => {
    expectOk(await save({ smsPhoneNumber: '5185550999' }));
    const code = await codeSentTo('5185550999');
    await db
      .update(noticeDestinations)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(noticeDestinations.destination, '5185550999'));
    expectError(await confirm('sms', code), 400, 'code_expired', 'code');
    expectOk(await save({ smsPhoneNumber: JANE_NUMBER }));
  });
});

describe('another email address a representative types', () => {
  const OTHER = 'jane.notices@example.org';

  it('is confirmed by the code mailed to it; meanwhile notices go to the primary address', async () => {
    const saved = expectOk<PatientNotificationSettings>(
      await save({ usePrimaryEmail: false, nonPrimaryEmailAddress: ' Jane.Notices@example.org ' }, 'representativeOfA'),
    );
    expect(saved).toMatchObject({ emailConfirmationPending: true, emailNoticesTo: 'jane.doe@example.com' });
    expect(await janeNotices()).toMatchObject({ email: 'jane.doe@example.com' });
    const [mail, ...more] = await mailsTo(OTHER);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Your confirmation code for Riverside Patient Portal' });
    // Greets who asked, names no patient and carries no health information.
    expect(mail!.text).toMatch(/^Hello Robert,\n/);
    expect(mail!.text).toContain('please enter this code on the Account Settings page:\n\n');
    expect(mail!.text).not.toMatch(/Jane|Doe/);

    const code = await codeSentTo(OTHER);
    const confirmed = expectOk<PatientNotificationSettings>(await confirm('email', code, 'representativeOfA'));
    expect(confirmed).toMatchObject({ emailConfirmationPending: false, emailNoticesTo: OTHER });
    expect(await janeNotices()).toMatchObject({ email: OTHER });
    const [row] = await db
      .select({ confirmedAt: noticeDestinations.confirmedAt, by: noticeDestinations.requestedByUserId })
      .from(noticeDestinations)
      .where(eq(noticeDestinations.destination, OTHER));
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.by).toBe(fx.userIds.robert);

    // Back to the primary address: it is used at once; the other address again needs no code.
    expectOk(await save({ usePrimaryEmail: true, nonPrimaryEmailAddress: OTHER }));
    expect(await janeNotices()).toMatchObject({ email: 'jane.doe@example.com' });
    expectOk(await save({ usePrimaryEmail: false, nonPrimaryEmailAddress: OTHER }));
    expect(await janeNotices()).toMatchObject({ email: OTHER });
    expect(await mailsTo(OTHER)).toHaveLength(1);
    expectOk(await save({ usePrimaryEmail: true, nonPrimaryEmailAddress: null }));
  });
});

describe('the confirmation routes', () => {
  it.each([
    ['channel', { channel: 'fax', code: '123456' }],
    ['code', { channel: 'sms', code: '12345' }],
    ['code', { channel: 'sms', code: '12345a' }],
    ['code', { channel: 'sms' }],
  ])('refuse a bad %s with 400 naming it', async (field, body) => {
    expectError(await api.post(url('/confirmation'), 'patientA', body), 400, 'validation_failed', field);
  });

  it('answer 409 when nothing waits, 404 to a stranger, 403 to kiosk and link sessions', async () => {
    expectError(await api.post(url('/code'), 'patientA', { channel: 'email' }), 409, 'nothing_to_confirm', {
      message: NOTICE_DESTINATION_MESSAGES.nothingToConfirm('email'),
    });
    for (const [who, status] of [
      ['patientB', 404],
      ['kioskUserOfA', 403],
      ['linkUserOfA', 403],
      ['anonymous', 401],
    ] as [Who, number][]) {
      expect((await confirm('sms', '123456', who)).statusCode, who).toBe(status);
      expect((await api.post(url('/code'), who, { channel: 'sms' })).statusCode, who).toBe(status);
    }
  });

  it('count codes against the mail limits: 429 once the recipient’s are spent, nothing saved', async () => {
    const second = await openSecondApp(t, {});
    try {
      for (let i = 0; i < 5; i++) await second.app.deps.limits.consume('mailRecipient', 'sms:5185550777');
      const { bearer } = await fx.token('patientA');
      const res = await second.app.inject({
        method: 'PUT',
        url: url(),
        headers: { authorization: `Bearer ${bearer}` },
        payload: await janePage({ smsPhoneNumber: '5185550777' }),
      });
      expectError(res, 429, 'too_many_attempts');
      const [prefs] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.patientId, fx.patientA));
      expect(prefs!.smsPhoneNumber).toBe(JANE_NUMBER);
      expect(await textsTo('5185550777')).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
