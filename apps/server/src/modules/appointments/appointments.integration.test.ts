import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppointmentsResponse,
  IntegrationAppointment,
  IntegrationRecordPut,
  UpcomingAppointment,
} from '@portal/contracts';
import { appointments } from '../../db/schema/index';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;

const JANE_MRN = 'RCC-100234';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await tokenOf();
});
afterAll(async () => {
  await t?.close();
});

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

const url = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/appointments/${encodeURIComponent(externalId)}`;
const put = (externalId: string, body: unknown, token = riverside, mrn = JANE_MRN) =>
  request(t, 'PUT', url(externalId, mrn), { token, body });
const withdraw = (externalId: string, token = riverside, mrn = JANE_MRN) =>
  request(t, 'DELETE', url(externalId, mrn), { token });
const newId = () => `APPT-${randomUUID()}`;

/** Two hours from now, in Chicago time, at the Lakeside telehealth desk. */
function body(overrides: Partial<IntegrationAppointment> = {}): IntegrationAppointment {
  return {
    startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    timeZoneId: 'America/Chicago',
    appointmentType: 'Consultation',
    provider: 'Dr. Elena Vasquez',
    status: 'Scheduled',
    location: { institution: 'Lakeside Community Clinic', shortLocation: 'Telehealth', city: 'Chicago' },
    ...overrides,
  };
}

async function janeAppointments() {
  return expectOk<AppointmentsResponse>(await api.get(`/api/patients/${fx.patientA}/appointments`, 'patientA'))
    .appointments;
}
async function janeUpcoming() {
  return expectOk<UpcomingAppointment[]>(
    await api.get(`/api/patients/${fx.patientA}/upcomingAppointments/count/20`, 'patientA'),
  );
}

describe('PUT /integration/v1/patients/:mrn/appointments/:externalId', () => {
  it('creates an appointment in its zone and location that jane sees at once, upcoming on her dashboard', async () => {
    const externalId = newId();
    const res = await put(externalId, body());
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<IntegrationRecordPut>();
    expect(out).toEqual({ id: expect.any(Number), externalId, created: true, changed: true });

    const mine = (await janeAppointments()).find((a) => a.id === out.id);
    expect(mine).toMatchObject({
      timeZoneId: 'America/Chicago',
      type: 'Consultation',
      provider: 'Dr. Elena Vasquez',
      location: 'Telehealth',
      isUpcoming: true,
      hasTimePart: true,
    });
    expect(mine?.timeZoneAbbreviation).toMatch(/^C[SD]T$/);
    const upcoming = (await janeUpcoming()).find(
      (u) => u.id === out.id && u.upcomingAppointmentType === 'ExternalAppointment',
    );
    expect(upcoming).toMatchObject({ timeZoneId: 'America/Chicago', shortLocation: 'Telehealth' });
  });

  it('replaces under the same identifier keeping the id; a resend changes nothing', async () => {
    const externalId = newId();
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const first = (await put(externalId, body({ startsAt }))).json<IntegrationRecordPut>();
    const replaced = await put(externalId, body({ startsAt, status: 'Confirmed' }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ id: first.id, externalId, created: false, changed: true });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(row?.status).toBe('Confirmed');

    // The same instant written in another offset is the same content.
    const inTokyo = new Date(new Date(startsAt).getTime() + 9 * 3_600_000).toISOString().replace('Z', '+09:00');
    const again = await put(externalId, body({ startsAt: inTokyo, status: 'Confirmed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, created: false, changed: false });
    const [after] = await db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(after).toEqual(row);
  });

  it('takes a day-only appointment (noon of its day in its zone, shown without a time)', async () => {
    const res = await put(newId(), body({ startsAt: undefined, date: '2031-05-06', timeZoneId: 'Europe/Paris' }));
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await janeAppointments()).find((a) => a.id === res.json<IntegrationRecordPut>().id);
    expect(mine).toMatchObject({ hasTimePart: false, date: '2031-05-06T10:00:00.000Z', timeZoneId: 'Europe/Paris' });
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [body({ timeZoneId: 'Mars/Olympus_Mons' }), 'timeZoneId'],
      [body({ timeZoneId: '+05:00' }), 'timeZoneId'],
      [body({ provider: 'x'.repeat(201) }), 'provider'],
      [{ ...body(), location: { city: 'y'.repeat(61) } }, 'location.city'],
      [{ ...body(), room: '12' }, ''],
      [body({ startsAt: undefined }), 'startsAt'],
      [body({ date: '2031-01-01' }), 'startsAt'],
      [body({ startsAt: '2031-01-01T10:00:00' }), 'startsAt'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(newId(), payload);
      const error = expectError(res, 400, 'validation_failed');
      if (field) expect(error.field, JSON.stringify(payload)).toBe(field);
    }
  });

  it('answers 404 for another facility’s patient, whether the MRN or the client is another facility’s', async () => {
    expectError(await put(newId(), body(), riverside, 'LCC-2001'), 404, 'not_found');
    const lakeside = await tokenOf('clinical', 'lakeside');
    expectError(await put(newId(), body(), lakeside), 404, 'not_found');
  });

  it('answers 403 to a token without the clinical scope', async () => {
    const res = await put(newId(), body(), await tokenOf('patients events'));
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe('DELETE /integration/v1/patients/:mrn/appointments/:externalId', () => {
  it('withdraws: gone from jane’s page and dashboard, kept in the database; put again brings it back', async () => {
    const externalId = newId();
    const { id } = (await put(externalId, body())).json<IntegrationRecordPut>();
    expect(await withdraw(externalId).then((r) => r.statusCode)).toBe(204);
    expect(await withdraw(externalId).then((r) => r.statusCode)).toBe(204);
    expect((await janeAppointments()).some((a) => a.id === id)).toBe(false);
    expect((await janeUpcoming()).some((u) => u.id === id && u.upcomingAppointmentType === 'ExternalAppointment')).toBe(
      false,
    );
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);

    const back = await put(externalId, body());
    expect(back.json()).toMatchObject({ id, created: false, changed: true });
    expect((await janeAppointments()).some((a) => a.id === id)).toBe(true);
  });

  it('answers 404 for an identifier the patient does not have, or another facility’s patient', async () => {
    expectError(await withdraw(newId()), 404, 'not_found');
    expectError(await withdraw(newId(), riverside, 'LCC-2001'), 404, 'not_found');
  });
});
