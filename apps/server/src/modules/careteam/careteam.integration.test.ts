import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareTeamMember, IntegrationCareProvider, IntegrationRecordPut } from '@portal/contracts';
import { careProviders, profileImages } from '../../db/schema/index';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;

const JANE_MRN = 'RCC-100234';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-fake')]);

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await tokenOf();
});
afterAll(async () => {
  await t?.close();
});

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

const providerUrl = (externalId: string) => `/integration/v1/care-providers/${encodeURIComponent(externalId)}`;
const putProvider = (externalId: string, body: unknown, token = riverside) =>
  request(t, 'PUT', providerUrl(externalId), { token, body });
const withdrawProvider = (externalId: string, token = riverside) =>
  request(t, 'DELETE', providerUrl(externalId), { token });
const putTeam = (body: unknown, token = riverside, mrn = JANE_MRN) =>
  request(t, 'PUT', `/integration/v1/patients/${mrn}/care-team`, { token, body });
const newId = () => `NPI-${randomUUID()}`;

function provider(overrides: Partial<IntegrationCareProvider> = {}): IntegrationCareProvider {
  return {
    firstName: 'Ada',
    lastName: `Okoye-${randomUUID().slice(0, 8)}`,
    suffix: 'MD',
    title: 'Surgical Oncologist',
    titleValue: 'SurgicalOncologist',
    publicPhone: '5185550399',
    preferredSecureMessageSystemId: 1,
    photo: { contentType: 'image/png', content: PNG.toString('base64') },
    ...overrides,
  };
}

async function janeTeam() {
  return expectOk<CareTeamMember[]>(await api.get(`/api/patients/${fx.patientA}/careTeamMembers`, 'patientA'));
}

describe('PUT /integration/v1/care-providers/:externalId and /patients/:mrn/care-team', () => {
  it('creates a provider with a photo the portal serves, and puts it on jane’s care team at once', async () => {
    const externalId = newId();
    const body = provider();
    const res = await putProvider(externalId, body);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<IntegrationRecordPut>();
    expect(out).toEqual({ id: expect.any(Number), externalId, created: true, changed: true });

    const before = await janeTeam();
    const team = await putTeam({
      members: [
        ...before.map((m) => ({
          providerExternalId: `demo-cp-${m.firstName}-${m.lastName}`.toLowerCase(),
          isSecureMessageRecipient: m.secureMessageRecipientForPatient,
        })),
        { providerExternalId: externalId, isSecureMessageRecipient: true },
      ],
    });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json()).toEqual({ members: before.length + 1, changed: true });

    const after = await janeTeam();
    expect(after.map((m) => m.careTeamId)).toEqual(expect.arrayContaining(before.map((m) => m.careTeamId)));
    const member = after.find((m) => m.careProviderId === out.id);
    expect(member).toMatchObject({
      firstName: 'Ada',
      lastName: body.lastName,
      careProviderTitle: 'Surgical Oncologist',
      secureMessageRecipientForPatient: true,
      photoFilename: expect.stringMatching(/^cp-[A-Za-z0-9_-]{32}\.png$/),
    });
    const image = await request(t, 'GET', `/api/images/userprofileimage/${member?.photoThumbnailFilename}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // The same team again changes nothing.
    const again = await putTeam({
      members: [
        ...before.map((m) => ({
          providerExternalId: `demo-cp-${m.firstName}-${m.lastName}`.toLowerCase(),
          isSecureMessageRecipient: m.secureMessageRecipientForPatient,
        })),
        { providerExternalId: externalId, isSecureMessageRecipient: true },
      ],
    });
    expect(again.json()).toEqual({ members: before.length + 1, changed: false });
    expect(await janeTeam()).toEqual(after);
  });

  it('replaces a provider keeping its id; a new photo gets a new name and the old one goes; a resend changes nothing', async () => {
    const externalId = newId();
    const body = provider();
    const { id } = (await putProvider(externalId, body)).json<IntegrationRecordPut>();
    const [first] = await db.select().from(careProviders).where(eq(careProviders.id, id));
    const replaced = await putProvider(externalId, {
      ...body,
      title: 'Breast Surgeon',
      photo: { contentType: 'image/jpeg', content: JPEG.toString('base64') },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ id, externalId, created: false, changed: true });
    const [row] = await db.select().from(careProviders).where(eq(careProviders.id, id));
    expect(row?.title).toBe('Breast Surgeon');
    expect(row?.photoFilename).toMatch(/\.jpg$/);
    const old = await db
      .select()
      .from(profileImages)
      .where(eq(profileImages.fileName, first?.photoFilename ?? ''));
    expect(old).toEqual([]);

    const again = await putProvider(externalId, {
      ...body,
      title: 'Breast Surgeon',
      photo: { contentType: 'image/jpeg', content: JPEG.toString('base64') },
    });
    expect(again.json()).toMatchObject({ id, created: false, changed: false });
    const [rowAfter] = await db.select().from(careProviders).where(eq(careProviders.id, id));
    expect(rowAfter).toEqual(row);
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [provider({ firstName: '' }), 'firstName'],
      [provider({ lastName: 'x'.repeat(101) }), 'lastName'],
      [provider({ publicPhone: '(518) 555' }), 'publicPhone'],
      [provider({ publicEmail: 'not-an-email' }), 'publicEmail'],
      [{ ...provider(), specialty: 'x' }, ''],
      [provider({ photo: { contentType: 'image/png', content: JPEG.toString('base64') } }), 'photo.content'],
      [provider({ photo: { contentType: 'image/jpeg', content: 'not base64!' } }), 'photo.content'],
      [{ ...provider(), photo: { contentType: 'image/gif', content: PNG.toString('base64') } }, 'photo.contentType'],
    ];
    for (const [payload, field] of cases) {
      const error = expectError(await putProvider(newId(), payload), 400, 'validation_failed');
      if (field) expect(error.field, field).toBe(field);
    }
    const unknown = expectError(
      await putTeam({ members: [{ providerExternalId: newId(), isSecureMessageRecipient: false }] }),
      400,
      'validation_failed',
    );
    expect(unknown.field).toBe('members.0.providerExternalId');
    const twice = { providerExternalId: 'demo-cp-priya-raman', isSecureMessageRecipient: false };
    expect(expectError(await putTeam({ members: [twice, twice] }), 400, 'validation_failed').field).toBe(
      'members.1.providerExternalId',
    );
  });

  it('takes a photo up to 2 MiB (a larger body limit on this route only) and refuses a larger one', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 1);
    PNG.copy(big);
    expect(
      (await putProvider(newId(), provider({ photo: { contentType: 'image/png', content: big.toString('base64') } })))
        .statusCode,
    ).toBe(201);
    const tooBig = Buffer.concat([big, Buffer.alloc(16)]);
    const res = await putProvider(
      newId(),
      provider({ photo: { contentType: 'image/png', content: tooBig.toString('base64') } }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('keeps facilities apart: 404 for another facility’s patient, another facility’s provider is unknown', async () => {
    expectError(await putTeam({ members: [] }, riverside, 'LCC-2001'), 404, 'not_found');
    const lakeside = await tokenOf('clinical', 'lakeside');
    expectError(await putTeam({ members: [] }, lakeside), 404, 'not_found');
    const theirs = newId();
    expect((await putProvider(theirs, provider(), lakeside)).statusCode).toBe(201);
    const error = expectError(
      await putTeam({ members: [{ providerExternalId: theirs, isSecureMessageRecipient: false }] }),
      400,
      'validation_failed',
    );
    expect(error.field).toBe('members.0.providerExternalId');
    expectError(await withdrawProvider(theirs), 404, 'not_found');
  });

  it('answers 403 to a token without the clinical scope', async () => {
    expect((await putProvider(newId(), provider(), await tokenOf('patients events'))).statusCode).toBe(403);
    expect((await putTeam({ members: [] }, await tokenOf('content'))).statusCode).toBe(403);
  });
});

describe('DELETE /integration/v1/care-providers/:externalId', () => {
  it('withdraws: the provider leaves jane’s care team at once, kept in the database; put again brings it back', async () => {
    const externalId = newId();
    const { id } = (await putProvider(externalId, provider())).json<IntegrationRecordPut>();
    const current = (await janeTeam()).map((m) => ({
      providerExternalId: `demo-cp-${m.firstName}-${m.lastName}`.toLowerCase(),
      isSecureMessageRecipient: m.secureMessageRecipientForPatient,
    }));
    // Keep only the demo's providers plus this one (earlier tests may have added others).
    const demo = current.filter((m) => /^demo-cp-[a-z]+-[a-z]+$/.test(m.providerExternalId));
    expect(
      (await putTeam({ members: [...demo, { providerExternalId: externalId, isSecureMessageRecipient: false }] }))
        .statusCode,
    ).toBe(200);
    expect((await janeTeam()).some((m) => m.careProviderId === id)).toBe(true);

    expect((await withdrawProvider(externalId)).statusCode).toBe(204);
    expect((await withdrawProvider(externalId)).statusCode).toBe(204);
    expect((await janeTeam()).some((m) => m.careProviderId === id)).toBe(false);
    const [row] = await db.select().from(careProviders).where(eq(careProviders.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);

    expect((await putProvider(externalId, { ...provider(), lastName: row?.lastName })).json()).toMatchObject({
      id,
      changed: true,
    });
    expect((await janeTeam()).some((m) => m.careProviderId === id)).toBe(true);
  });

  it('answers 404 for an identifier the facility does not have', async () => {
    expectError(await withdrawProvider(newId()), 404, 'not_found');
  });
});
