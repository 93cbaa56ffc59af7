import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentsResponse, UpcomingAppointment } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { openApiApp, expectError, expectOk, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import { appointments, followUpItems } from '../../db/schema/index';
import { followUpLabel, isUpcoming } from './appointments.service';
import { localDate, startOfLocalDay, zonedInstant } from '../../platform/time/time';

const NEW_YORK = 'America/New_York';
const LONG_STATUS = 'Awaiting insurance pre-authorization';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
/** Alex Rivera: a patient of the demo with no appointments; the rule tests give him rows of their own. */
let alex: { userId: number; patientId: number };
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const today = () => localDate(new Date(), NEW_YORK);
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const zoneOf = (iso: string, zone: string) => localDate(new Date(iso), zone);

/* ------------------------------------------------------------ appointments */

describe('GET /api/patients/:patientId/appointments', () => {
  it('answers every appointment of jane, date ascending, with the filter values', async () => {
    const body = expectOk<AppointmentsResponse>(await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'));
    expect(body.appointments).toHaveLength(13);
    const dates = body.appointments.map((a) => a.date);
    expect(dates).toEqual([...dates].sort());
    for (const a of body.appointments) expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Eight months back, ten weeks ahead.
    expect(zoneOf(dates[0]!, NEW_YORK)).toBe(addDays(today(), -240));
    expect(zoneOf(dates.at(-1)!, NEW_YORK)).toBe(addDays(today(), 70));
    expect(body.statuses).toEqual(['Arrived', LONG_STATUS, 'Cancelled', 'Completed', 'Confirmed', 'Scheduled']);
    expect(body.providers).toEqual(['Dr. Elena Vasquez', 'Dr. Priya Raman', 'Dr. Samuel Okafor', 'Megan Li, RN']);
    expect(body.appointmentTypes).toEqual([
      'Chemotherapy',
      'Consultation',
      'Follow-up Visit',
      'Imaging CT',
      'Lab Work',
      'Radiation Therapy',
    ]);
    for (const a of body.appointments) expect(a.isFiltered).toBe(false);
  });

  it('writes out each appointment: zone, abbreviation at its date, location and the full address', async () => {
    const { appointments: list } = expectOk<AppointmentsResponse>(
      await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'),
    );
    const chicago = list.filter((a) => a.timeZoneId === 'America/Chicago');
    expect(chicago).toHaveLength(1);
    const televisit = chicago[0]!;
    expect(televisit).toEqual<Appointment>({
      id: expect.any(Number),
      date: expect.any(String),
      hasTimePart: true,
      timeZoneId: 'America/Chicago',
      timeZoneAbbreviation: expect.stringMatching(/^C[SD]T$/),
      provider: 'Dr. Elena Vasquez',
      type: 'Consultation',
      location: 'Lakeside Telehealth (video visit)',
      status: 'Scheduled',
      isFiltered: false,
      isUpcoming: true,
      locationDetails: {
        institution: 'Lakeside Community Clinic',
        address1: '4400 N Lakeshore Drive',
        address2: 'Suite 120',
        address3: null,
        city: 'Chicago',
        provinceState: 'IL',
        postalZip: '60613',
        country: 'United States',
      },
    });
    // 10:00 in Chicago, ten days ahead.
    expect(zoneOf(televisit.date, 'America/Chicago')).toBe(addDays(today(), 10));
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(televisit.date)),
    ).toBe('10:00');
    // Every other one is in New York time: the abbreviation differs from the Chicago one.
    for (const a of list.filter((x) => x !== televisit)) {
      expect(a.timeZoneId).toBe(NEW_YORK);
      expect(a.timeZoneAbbreviation).toMatch(/^E[SD]T$/);
    }
    // The abbreviation is the one of the appointment's own date (daylight saving differs across months).
    for (const a of list) {
      const expected = new Intl.DateTimeFormat('en-US', { timeZone: a.timeZoneId, timeZoneName: 'short' })
        .formatToParts(new Date(a.date))
        .find((p) => p.type === 'timeZoneName')!.value;
      expect(a.timeZoneAbbreviation).toBe(expected);
    }
  });

  it('uses the institution when there is no short location, and keeps long statuses whole', async () => {
    const { appointments: list } = expectOk<AppointmentsResponse>(
      await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'),
    );
    const first = list[0]!;
    expect(first).toMatchObject({ type: 'Consultation', location: 'Riverside Cancer Center', status: 'Completed' });
    expect(first.locationDetails).toMatchObject({ institution: 'Riverside Cancer Center', address2: 'Main Building' });
    const long = list.filter((a) => a.status.length > 30);
    expect(long).toHaveLength(1);
    expect(long[0]).toMatchObject({ status: LONG_STATUS, type: 'Chemotherapy', location: 'RCC Infusion Center' });
    expect(zoneOf(long[0]!.date, NEW_YORK)).toBe(addDays(today(), 1));
    const dayOnly = list.filter((a) => !a.hasTimePart);
    expect(dayOnly).toHaveLength(1);
    expect(dayOnly[0]).toMatchObject({ type: 'Imaging CT', location: 'RCC Imaging' });
    expect(zoneOf(dayOnly[0]!.date, NEW_YORK)).toBe(addDays(today(), 28));
    // Two in the coming seven days besides the cancelled one: later today and tomorrow.
    const soon = list.filter((a) => {
      const d = zoneOf(a.date, a.timeZoneId);
      return d >= today() && d <= addDays(today(), 7) && a.status !== 'Cancelled';
    });
    expect(soon.map((a) => zoneOf(a.date, NEW_YORK))).toEqual([today(), addDays(today(), 1)]);
  });

  it('answers the representative exactly what jane sees', async () => {
    const own = expectOk<AppointmentsResponse>(await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'));
    const rep = expectOk<AppointmentsResponse>(
      await api.get(`/api/patients/${fx.patientA}/appointments`, 'representativeOfA'),
    );
    expect(rep).toEqual(own);
  });

  it('gives john his own three and nothing of jane’s', async () => {
    const john = expectOk<AppointmentsResponse>(await api.get(`/api/patients/${fx.patientB}/appointments`, 'patientB'));
    expect(john.appointments).toHaveLength(3);
    expect(john.providers).toEqual(['Dr. Helen Marsh', 'Dr. Samuel Okafor']);
    const jane = expectOk<AppointmentsResponse>(await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'));
    const janeIds = new Set(jane.appointments.map((a) => a.id));
    for (const a of john.appointments) expect(janeIds.has(a.id)).toBe(false);
    expect(jane.providers).not.toContain('Dr. Helen Marsh');
    // Rows in the database agree: every id jane got is hers.
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.patientId, fx.patientA));
    expect(new Set(rows.map((r) => r.id))).toEqual(janeIds);
  });

  it('answers empty lists for a patient without appointments', async () => {
    expect(expectOk(await api.get(`/api/patients/${alex.patientId}/appointments`, 'alex'))).toEqual({
      appointments: [],
      statuses: [],
      providers: [],
      appointmentTypes: [],
    });
  });

  it('answers 404 to a stranger and to a disabled representative, 403 to a kiosk user, 401 without a token', async () => {
    const url = `/api/patients/${fx.patientA}/appointments`;
    expectError(await api.get(url, 'patientB'), 404, 'not_found');
    expectError(await api.get(url, 'disabledRepresentative'), 404, 'not_found');
    expectError(await api.get(url, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(url, 'anonymous'), 401, 'unauthorized');
  });
});

/* ---------------------------------------------------------------- upcoming */

describe('GET /api/patients/:patientId/upcomingAppointments/count/:count', () => {
  const upcoming = (count: number | string, who: Who = 'patientA', patientId = fx.patientA) =>
    api.get(`/api/patients/${patientId}/upcomingAppointments/count/${count}`, who);

  it('answers jane’s next four for the dashboard, every field written out', async () => {
    const items = expectOk<UpcomingAppointment[]>(await upcoming(4));
    expect(items).toHaveLength(4);
    const [laterToday, tomorrow, televisit, followUp] = items as [
      UpcomingAppointment,
      UpcomingAppointment,
      UpcomingAppointment,
      UpcomingAppointment,
    ];
    expect(laterToday).toEqual<UpcomingAppointment>({
      id: expect.any(Number),
      upcomingAppointmentType: 'ExternalAppointment',
      rawDate: expect.any(String),
      date: today(),
      hasTimePart: true,
      timeZoneId: NEW_YORK,
      timeZoneAbbreviation: expect.stringMatching(/^E[SD]T$/),
      externalAppointmentType: 'Lab Work',
      shortLocation: 'RCC Laboratory',
      status: 'Confirmed',
      followUpLabel: null,
      followUpLabelParts: null,
      linkedToOtherTypeCount: 0,
    });
    expect(tomorrow).toMatchObject({
      upcomingAppointmentType: 'ExternalAppointment',
      date: addDays(today(), 1),
      externalAppointmentType: 'Chemotherapy',
      // The server never shortens a status: the browser cuts it at 30 characters.
      status: LONG_STATUS,
    });
    expect(televisit).toMatchObject({
      upcomingAppointmentType: 'ExternalAppointment',
      date: addDays(today(), 10),
      timeZoneId: 'America/Chicago',
      timeZoneAbbreviation: expect.stringMatching(/^C[SD]T$/),
      externalAppointmentType: 'Consultation',
      shortLocation: 'Lakeside Telehealth (video visit)',
      status: 'Scheduled',
    });
    const recommended = addDays(today(), 21);
    expect(followUp).toEqual<UpcomingAppointment>({
      id: expect.any(Number),
      upcomingAppointmentType: 'FollowUpAppointment',
      rawDate: `${recommended}T12:00:00.000Z`,
      date: recommended,
      hasTimePart: false,
      timeZoneId: null,
      timeZoneAbbreviation: null,
      externalAppointmentType: null,
      shortLocation: null,
      status: 'Recommended',
      followUpLabel: '1 Year Follow-up',
      followUpLabelParts: { y: 1, m: 0 },
      linkedToOtherTypeCount: 0,
    });
    // The cancelled lab work eight days ahead is skipped; the appointment ids are the database's.
    const [cancelled] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.status, 'Cancelled'))
      .orderBy(appointments.startsAt);
    expect(items.map((i) => i.id)).not.toContain(cancelled?.id);
  });

  it('lists everything coming, soonest first: no past, no cancelled, only pending follow-ups', async () => {
    const items = expectOk<UpcomingAppointment[]>(await upcoming(20));
    expect(items.map((i) => [i.upcomingAppointmentType, i.date, i.externalAppointmentType ?? i.followUpLabel])).toEqual(
      [
        ['ExternalAppointment', today(), 'Lab Work'],
        ['ExternalAppointment', addDays(today(), 1), 'Chemotherapy'],
        ['ExternalAppointment', addDays(today(), 10), 'Consultation'],
        ['FollowUpAppointment', addDays(today(), 21), '1 Year Follow-up'],
        ['ExternalAppointment', addDays(today(), 28), 'Imaging CT'],
        ['ExternalAppointment', addDays(today(), 42), 'Radiation Therapy'],
        ['ExternalAppointment', addDays(today(), 70), 'Follow-up Visit'],
        ['FollowUpAppointment', addDays(today(), 212), '1 Year 6 Month Follow-up'],
      ],
    );
    const rawDates = items.map((i) => i.rawDate);
    expect(rawDates).toEqual([...rawDates].sort());
    expect(items.find((i) => i.externalAppointmentType === 'Imaging CT')).toMatchObject({ hasTimePart: false });
    expect(items.at(-1)).toMatchObject({
      followUpLabelParts: { y: 1, m: 6 },
      linkedToOtherTypeCount: 1,
      status: 'Recommended',
    });
    for (const i of items) expect(i.status).not.toMatch(/cancel/i);
  });

  it('stops at count', async () => {
    const one = expectOk<UpcomingAppointment[]>(await upcoming(1));
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ date: today(), externalAppointmentType: 'Lab Work' });
    expect(expectOk<UpcomingAppointment[]>(await upcoming(6))).toHaveLength(6);
  });

  it.each(['21', '0', '-1', 'four', '2.5'])('answers 400 naming count for the count %s', async (count) => {
    expectError(await upcoming(count), 400, 'validation_failed', 'count');
  });

  it('answers the representative what jane sees, and john only his own', async () => {
    expect(expectOk(await upcoming(20, 'representativeOfA'))).toEqual(expectOk(await upcoming(20)));
    const john = expectOk<UpcomingAppointment[]>(await upcoming(20, 'patientB', fx.patientB));
    // His lab work at 8:00 today is coming only until it starts (issue 11: not '(today)' at 5:47 PM).
    const labStarted = zonedInstant(today(), 8, 0, NEW_YORK).getTime() <= Date.now();
    expect(john.map((i) => [i.externalAppointmentType, i.date])).toEqual([
      ...(labStarted ? [] : [['Lab Work', today()]]),
      ['Imaging CT', addDays(today(), 5)],
    ]);
    const johnRows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.patientId, fx.patientB));
    expect(john.map((i) => i.id).every((id) => johnRows.some((r) => r.id === id))).toBe(true);
    expectError(await upcoming(4, 'patientB'), 404, 'not_found');
  });

  it('applies the rules of spec section 4 to follow-up items and of today to appointments', async () => {
    const p = alex.patientId;
    const day = today();
    const startOfToday = startOfLocalDay(day, NEW_YORK);
    // Earlier today (or, in the first minute of the day, just before now): started, so no longer coming.
    const earlierTodayAt = new Date(Math.min(startOfToday.getTime() + 60_000, Date.now() - 1000));
    const inDays = (n: number, hourUtc = 15) =>
      new Date(`${addDays(day, n)}T${String(hourUtc).padStart(2, '0')}:00:00Z`);
    const base = { patientId: p, timeZoneId: NEW_YORK, provider: 'Dr. Test', appointmentType: 'Lab Work' };
    const [earlierToday, , , , , later] = await db
      .insert(appointments)
      .values([
        { ...base, startsAt: earlierTodayAt, status: 'Completed' },
        { ...base, startsAt: new Date(startOfToday.getTime() - 60_000), status: 'Scheduled' },
        { ...base, startsAt: inDays(-3), status: 'Scheduled' },
        { ...base, startsAt: inDays(2), status: 'CANCELED' },
        { ...base, startsAt: inDays(3), status: 'cancelled' },
        { ...base, startsAt: inDays(4), status: 'Rescheduled', shortLocation: null, institution: 'Somewhere' },
      ])
      .returning({ id: appointments.id });
    const [todayItem, booked, monthsOnly, twoYears, noLabel] = await db
      .insert(followUpItems)
      .values([
        { patientId: p, labelYears: 0, labelMonths: 3, recommendedDate: day },
        // Booked in three days: a time, the facility's abbreviation, Scheduled.
        { patientId: p, labelYears: 2, labelMonths: 0, recommendedDate: addDays(day, -10), actualDate: inDays(3, 14) },
        { patientId: p, labelYears: 0, labelMonths: 6, recommendedDate: addDays(day, 5) },
        { patientId: p, labelYears: 2, labelMonths: 0, recommendedDate: addDays(day, 6) },
        { patientId: p, labelYears: 0, labelMonths: 0, recommendedDate: addDays(day, 7) },
        // Overdue: recommended before today, or booked for a day gone by.
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, -1) },
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, 9), actualDate: inDays(-2) },
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, -5), actualDate: earlierTodayAt },
        // Not pending.
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, 4), statusDesc: 'Completed' },
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, 4), statusDesc: 'Missed' },
        { patientId: p, labelYears: 1, labelMonths: 0, recommendedDate: addDays(day, 4), statusDesc: 'N/A' },
      ])
      .returning({ id: followUpItems.id });

    const items = expectOk<UpcomingAppointment[]>(await upcoming(20, 'alex', p));
    expect(items.map((i) => [i.upcomingAppointmentType, i.id])).not.toContainEqual([
      'ExternalAppointment',
      earlierToday!.id,
    ]);
    expect(items.map((i) => [i.upcomingAppointmentType, i.id])).toEqual([
      ['FollowUpAppointment', todayItem!.id],
      ['FollowUpAppointment', booked!.id],
      ['ExternalAppointment', later!.id],
      ['FollowUpAppointment', monthsOnly!.id],
      ['FollowUpAppointment', twoYears!.id],
      ['FollowUpAppointment', noLabel!.id],
    ]);
    const byId = (id: number) => items.find((i) => i.upcomingAppointmentType === 'FollowUpAppointment' && i.id === id)!;
    expect(byId(todayItem!.id)).toMatchObject({ date: day, followUpLabel: '3 Month Follow-up', hasTimePart: false });
    expect(byId(booked!.id)).toEqual<UpcomingAppointment>({
      id: booked!.id,
      upcomingAppointmentType: 'FollowUpAppointment',
      rawDate: inDays(3, 14).toISOString(),
      date: addDays(day, 3),
      hasTimePart: true,
      timeZoneId: NEW_YORK,
      timeZoneAbbreviation: expect.stringMatching(/^E[SD]T$/),
      externalAppointmentType: null,
      shortLocation: null,
      status: 'Scheduled',
      followUpLabel: '2 Year Follow-up',
      followUpLabelParts: { y: 2, m: 0 },
      linkedToOtherTypeCount: 0,
    });
    expect(byId(monthsOnly!.id).followUpLabel).toBe('6 Month Follow-up');
    expect(byId(noLabel!.id)).toMatchObject({ followUpLabel: 'Follow-up', followUpLabelParts: { y: 0, m: 0 } });
    expect(items.find((i) => i.id === later!.id && i.upcomingAppointmentType === 'ExternalAppointment')).toMatchObject({
      shortLocation: 'Somewhere',
      status: 'Rescheduled',
    });
  });
});

describe('upcoming: one rule for the dashboard and the appointments page (issue 11)', () => {
  it('files an appointment earlier today under past and one later today under upcoming, on both calls', async () => {
    const p = alex.patientId;
    const now = Date.now();
    const startOfToday = startOfLocalDay(today(), NEW_YORK).getTime();
    const startOfTomorrow = startOfLocalDay(addDays(today(), 1), NEW_YORK).getTime();
    const base = { patientId: p, timeZoneId: NEW_YORK, provider: 'Dr. Rule', status: 'Scheduled' };
    const rows = await db
      .insert(appointments)
      .values([
        { ...base, appointmentType: 'Earlier Today', startsAt: new Date(Math.max(startOfToday, now - 3_600_000)) },
        {
          ...base,
          appointmentType: 'Later Today',
          startsAt: new Date(Math.min(startOfTomorrow - 1000, now + 3_600_000)),
        },
      ])
      .returning({ id: appointments.id });
    try {
      const { appointments: list } = expectOk<AppointmentsResponse>(
        await api.get(`/api/patients/${p}/appointments`, 'alex'),
      );
      const flag = (type: string) => list.find((a) => a.type === type)?.isUpcoming;
      expect([flag('Earlier Today'), flag('Later Today')]).toEqual([false, true]);

      const items = expectOk<UpcomingAppointment[]>(
        await api.get(`/api/patients/${p}/upcomingAppointments/count/20`, 'alex'),
      );
      const types = items.map((i) => i.externalAppointmentType);
      expect(types).toContain('Later Today');
      expect(types).not.toContain('Earlier Today');
      // The dashboard lists exactly the appointments the page files under Upcoming (cancelled ones aside).
      const upcomingIds = list.filter((a) => a.isUpcoming && !/cancel/i.test(a.status)).map((a) => a.id);
      const external = items.filter((i) => i.upcomingAppointmentType === 'ExternalAppointment').map((i) => i.id);
      expect(external).toEqual(upcomingIds);
    } finally {
      for (const row of rows) await db.delete(appointments).where(eq(appointments.id, row.id));
    }
  });

  it('isUpcoming: a timed appointment until it starts, one known by its day all that day in its zone', () => {
    const now = new Date('2026-03-05T03:00:00Z'); // 10 PM on 4 March in New York, noon on 5 March in Tokyo
    const timed = (iso: string) => ({ startsAt: new Date(iso), hasTimePart: true, timeZoneId: NEW_YORK });
    expect(isUpcoming(timed('2026-03-04T13:00:00Z'), now)).toBe(false); // 8:00 AM that day
    expect(isUpcoming(timed('2026-03-05T02:59:00Z'), now)).toBe(false); // a minute ago
    expect(isUpcoming(timed('2026-03-05T03:01:00Z'), now)).toBe(true); // in a minute
    const dayOnly = (iso: string, timeZoneId: string) => ({ startsAt: new Date(iso), hasTimePart: false, timeZoneId });
    expect(isUpcoming(dayOnly('2026-03-04T17:00:00Z', NEW_YORK), now)).toBe(true); // 4 March: still today
    expect(isUpcoming(dayOnly('2026-03-03T17:00:00Z', NEW_YORK), now)).toBe(false); // yesterday
    expect(isUpcoming(dayOnly('2026-03-04T03:00:00Z', 'Asia/Tokyo'), now)).toBe(false); // 4 March: Tokyo's yesterday
    expect(isUpcoming(dayOnly('2026-03-05T03:00:00Z', 'Asia/Tokyo'), now)).toBe(true); // 5 March: Tokyo's today
  });
});

describe('followUpLabel', () => {
  it.each([
    [1, 6, '1 Year 6 Month Follow-up'],
    [1, 0, '1 Year Follow-up'],
    [0, 6, '6 Month Follow-up'],
    [2, 3, '2 Year 3 Month Follow-up'],
    [0, 18, '18 Month Follow-up'],
    [0, 0, 'Follow-up'],
  ])('%i years %i months: %s', (y, m, label) => {
    expect(followUpLabel(y, m)).toBe(label);
  });
});

describe('startOfLocalDay', () => {
  it('finds midnight in the zone, in winter and in summer', () => {
    expect(startOfLocalDay('2026-01-15', NEW_YORK).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfLocalDay('2026-07-15', NEW_YORK).toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', NEW_YORK).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfLocalDay('2026-06-01', 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document', () => {
  it('describes every appointments route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const path of [
      '/api/patients/{patientId}/appointments',
      '/api/patients/{patientId}/upcomingAppointments/count/{count}',
    ]) {
      const op = doc.paths[path]?.get;
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
  });
});
