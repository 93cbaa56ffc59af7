import type net from 'node:net';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openApiApp, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import {
  appointments,
  facilities,
  facilityReminderSettings,
  followUpItems,
  mailOutbox,
  notificationPreferences,
  notificationSettings,
  patients,
  schedulerJobs,
  sentNotices,
  smsOutbox,
} from '../../db/schema/index';
import { createSmtpTransport, MailSender } from '../../platform/mail/sender';
import { recordNotice } from '../../platform/notices/ledger';
import { ManualClock } from '../../platform/scheduler/clock';
import { Scheduler } from '../../platform/scheduler/scheduler';
import { createHttpSmsGateway } from '../../platform/sms/gateway';
import { SmsSender } from '../../platform/sms/sender';
import { startTestSmsGateway, type TestSmsGateway } from '../../platform/sms/test-gateway';
import { zonedInstant } from '../../platform/time/time';
import { noticesJob } from './notices.job';
import { remindersJob } from './reminders.job';

const quiet = { info() {}, warn() {}, error() {} };
const HEALTH = ['Chemotherapy', 'Dr. Oncologist', 'Radiation Suite', 'Infusion'];
const PHONE = '5555550123';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let zone: string;
let smtp: { port: number; received: { to: string[]; raw: string }[]; close(): Promise<void> };
let gateway: TestSmsGateway;

async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  const [facility] = await db.select().from(facilities).where(eq(facilities.id, fx.facilityId));
  zone = facility!.timeZoneId;
  smtp = await startSmtp();
  gateway = await startTestSmsGateway();
});
// Each test sets its own clock, earlier or later than the last: the jobs' last runs are forgotten between tests.
beforeEach(async () => {
  await db.delete(schedulerJobs);
});
afterAll(async () => {
  await gateway?.close();
  await smtp?.close();
  await t?.close();
});

/** A patient's settings as the settings page saves them, the phone number confirmed. */
async function choose(
  patientId: number,
  choice: { type: 'Appointments' | 'Followups' | 'SecureMessages' | 'Questionnaires'; email: boolean; sms: boolean }[],
  offsets: { appointment?: number; followUp?: number } = {},
) {
  await db.delete(notificationSettings).where(eq(notificationSettings.patientId, patientId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.patientId, patientId));
  if (choice.length) await db.insert(notificationSettings).values(choice.map((c) => ({ patientId, ...c })));
  await db.insert(notificationPreferences).values({
    patientId,
    smsPhoneNumber: PHONE,
    noticeSmsPhoneNumber: PHONE,
    appointmentReminderOffset: offsets.appointment ?? 0,
    followUpReminderOffset: offsets.followUp ?? 0,
  });
}

async function addAppointment(patientId: number, date: string, hour: number, minute: number) {
  const [row] = await db
    .insert(appointments)
    .values({
      patientId,
      startsAt: zonedInstant(date, hour, minute, zone),
      timeZoneId: zone,
      appointmentType: 'Chemotherapy Infusion',
      provider: 'Dr. Oncologist',
      status: 'Scheduled',
      shortLocation: 'Radiation Suite',
    })
    .returning({ id: appointments.id });
  return row!.id;
}

/** What one instance runs: a scheduler with both jobs, and the senders that deliver to SMTP and the gateway. */
function instance(clock: ManualClock, name: string) {
  const senders = {
    outbox: t.app.deps.outbox,
    smsOutbox: t.app.deps.smsOutbox,
    links: t.config,
    canSendMail: true,
    canSendSms: true,
  };
  const options = { db, senders, log: quiet };
  const scheduler = new Scheduler({
    db,
    jobs: [noticesJob(options), remindersJob(options)],
    log: quiet,
    clock: clock.now,
    instanceId: name,
  });
  const mail = new MailSender({
    db,
    transport: createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`),
    from: 'Portal <no-reply@portal.test>',
    log: quiet,
    now: clock.now,
  });
  const sms = new SmsSender({
    db,
    gateway: createHttpSmsGateway({ url: gateway.url, from: '+15555550100' }),
    countryCode: '1',
    log: quiet,
    now: clock.now,
  });
  return {
    scheduler,
    /** One tick of the scheduler, then delivery of what it queued. */
    async tick() {
      const ran = await scheduler.runDue();
      await mail.deliverDue();
      await sms.deliverDue();
      return ran;
    },
  };
}

async function queuedSince(id: { mail: number; sms: number }) {
  return {
    mails: await db.select().from(mailOutbox).where(gt(mailOutbox.id, id.mail)),
    texts: await db.select().from(smsOutbox).where(gt(smsOutbox.id, id.sms)),
  };
}

async function marks() {
  const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox);
  const texts = await db.select({ id: smsOutbox.id }).from(smsOutbox);
  return { mail: Math.max(0, ...mails.map((r) => r.id)), sms: Math.max(0, ...texts.map((r) => r.id)) };
}

describe('appointment reminders at the chosen timing', () => {
  it('sends a 1-day reminder once at 08:00 the day before, by email over SMTP and by SMS, across instances and a restart', async () => {
    await choose(fx.patientA, [{ type: 'Appointments', email: true, sms: true }], { appointment: 9 });
    const id = await addAppointment(fx.patientA, '2031-03-05', 14, 30);
    const clock = new ManualClock(zonedInstant('2031-03-04', 7, 55, zone));
    const one = instance(clock, 'one');
    const two = instance(clock, 'two');
    const start = await marks();
    const smtpBefore = smtp.received.length;

    await one.tick();
    expect(await queuedSince(start)).toEqual({ mails: [], texts: [] });

    clock.set(zonedInstant('2031-03-04', 8, 0, zone));
    const ran = await Promise.all([one.tick(), two.tick()]);
    expect(ran.flat().filter((name) => name === 'reminders')).toHaveLength(1);
    const { mails, texts } = await queuedSince(start);
    expect(mails).toHaveLength(1);
    expect(texts).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'jane.doe@example.com', status: 'sent' });
    expect(mails[0]?.subject).toMatch(/^Appointment reminder from /);
    expect(mails[0]?.textBody).toContain('Wednesday, March 5, 2031 at 2:30');
    expect(mails[0]?.textBody).toMatch(/https?:\/\/\S+\/appointments/);
    expect(texts[0]).toMatchObject({ toNumber: PHONE, status: 'sent' });

    const delivered = smtp.received.slice(smtpBefore);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.to).toEqual(['jane.doe@example.com']);
    const sms = gateway.received.splice(0);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.form.To).toBe(`+1${PHONE}`);
    expect(sms[0]?.form.Body).toContain('March 5, 2031');
    for (const text of [delivered[0]!.raw, mails[0]!.textBody, mails[0]!.htmlBody ?? '', sms[0]!.form.Body!]) {
      for (const secret of HEALTH) expect(text).not.toContain(secret);
    }

    // The next runs of both instances, and a restarted one, within the send window: nothing again.
    for (const minutes of [6, 60, 600]) {
      clock.set(new Date(zonedInstant('2031-03-04', 8, 0, zone).getTime() + minutes * 60_000));
      await one.tick();
      await two.tick();
      await instance(clock, `restarted-${minutes}`).tick();
    }
    expect((await queuedSince(start)).mails).toHaveLength(1);
    expect(gateway.received).toHaveLength(0);
    await db.delete(appointments).where(eq(appointments.id, id));
  });

  it('sends nothing to a patient who chose Off, or no channel', async () => {
    await choose(fx.patientB, [{ type: 'Appointments', email: true, sms: true }], { appointment: 0 });
    await choose(fx.patientA, [], { appointment: 9 });
    const ids = [
      await addAppointment(fx.patientB, '2031-04-10', 9, 0),
      await addAppointment(fx.patientA, '2031-04-10', 9, 0),
    ];
    const clock = new ManualClock(zonedInstant('2031-04-09', 8, 5, zone));
    const start = await marks();
    await instance(clock, 'off').tick();
    expect(await queuedSince(start)).toEqual({ mails: [], texts: [] });
    await db.delete(appointments).where(inArray(appointments.id, ids));
  });

  it('sends SMS only where the facility offers it', async () => {
    await db
      .insert(facilityReminderSettings)
      .values({ facilityId: fx.facilityId, appointmentSms: false })
      .onConflictDoUpdate({ target: facilityReminderSettings.facilityId, set: { appointmentSms: false } });
    try {
      await choose(fx.patientA, [{ type: 'Appointments', email: true, sms: true }], { appointment: 10 });
      const id = await addAppointment(fx.patientA, '2031-05-06', 15, 0);
      const clock = new ManualClock(zonedInstant('2031-05-06', 8, 1, zone));
      const start = await marks();
      await instance(clock, 'no-sms').tick();
      const { mails, texts } = await queuedSince(start);
      expect(mails).toHaveLength(1);
      expect(texts).toHaveLength(0);
      await db.delete(appointments).where(eq(appointments.id, id));
    } finally {
      await db.delete(facilityReminderSettings).where(eq(facilityReminderSettings.facilityId, fx.facilityId));
    }
  });
});

describe('digests', () => {
  it('sends the weekly digest of follow-ups on Monday at 08:00, listing the week’s days, once', async () => {
    await choose(fx.patientA, [{ type: 'Followups', email: true, sms: false }], { followUp: 2 });
    const items = await db
      .insert(followUpItems)
      .values(
        ['2031-03-11', '2031-03-14', '2031-03-20'].map((recommendedDate) => ({
          patientId: fx.patientA,
          recommendedDate,
          providerFirstName: 'Dr.',
          providerLastName: 'Oncologist',
        })),
      )
      .returning({ id: followUpItems.id });
    const monday = zonedInstant('2031-03-10', 8, 0, zone); // 2031-03-10 is a Monday
    const clock = new ManualClock(new Date(monday.getTime() - 10 * 60_000));
    const start = await marks();
    await instance(clock, 'digest').tick();
    expect((await queuedSince(start)).mails).toHaveLength(0);
    clock.set(monday);
    await instance(clock, 'digest-2').tick();
    clock.set(new Date(monday.getTime() + 3_600_000));
    await instance(clock, 'digest-3').tick();
    const { mails } = await queuedSince(start);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your week ahead in /);
    expect(mails[0]?.textBody).toContain('Tuesday, March 11, 2031');
    expect(mails[0]?.textBody).toContain('Friday, March 14, 2031');
    expect(mails[0]?.textBody).not.toContain('March 20');
    expect(mails[0]?.textBody).not.toContain('Oncologist');
    await db.delete(followUpItems).where(
      inArray(
        followUpItems.id,
        items.map((i) => i.id),
      ),
    );
  });
});

describe('immediate notices', () => {
  it('tells of a new result once, in the patient’s language, without health information', async () => {
    await choose(fx.patientA, [{ type: 'SecureMessages', email: true, sms: true }]);
    await db.update(patients).set({ preferredLanguage: 'es' }).where(eq(patients.id, fx.patientA));
    try {
      const clock = new ManualClock('2031-06-01T12:00:00Z');
      const start = await marks();
      await db.transaction((tx) => recordNotice(tx, fx.patientA, 'result', 424242));
      await db.transaction((tx) => recordNotice(tx, fx.patientA, 'result', 424242));
      await Promise.all([instance(clock, 'n1').tick(), instance(clock, 'n2').tick()]);
      clock.advance(60_000);
      await instance(clock, 'n3').tick();
      const { mails, texts } = await queuedSince(start);
      const toJane = mails.filter((m) => m.toAddress === 'jane.doe@example.com');
      expect(toJane).toHaveLength(1);
      expect(toJane[0]?.subject).toMatch(/^Nueva información en /);
      expect(toJane[0]?.textBody).toMatch(/https?:\/\/\S+\/test-results/);
      expect(texts.filter((s) => s.toNumber === PHONE)).toHaveLength(1);
      expect(texts[0]?.body).toMatch(/^Tiene información nueva en .+ https?:\/\/\S+\/test-results$/);
      gateway.received.splice(0);
    } finally {
      await db.update(patients).set({ preferredLanguage: null }).where(eq(patients.id, fx.patientA));
    }
  });

  it('queues nothing for a patient who chose no channel (the notice is settled, not kept)', async () => {
    await choose(fx.patientB, []);
    const clock = new ManualClock('2031-06-02T12:00:00Z');
    const start = await marks();
    await db.transaction((tx) => recordNotice(tx, fx.patientB, 'questionnaire', 515151));
    await instance(clock, 'q').tick();
    expect(await queuedSince(start)).toEqual({ mails: [], texts: [] });
    const [notice] = await db
      .select()
      .from(sentNotices)
      .where(and(eq(sentNotices.patientId, fx.patientB), eq(sentNotices.subjectId, '515151')));
    expect(notice?.queuedAt).toEqual(clock.now());
  });
});
