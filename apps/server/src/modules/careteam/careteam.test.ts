import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CareTeamMember, FacilityContactSchema } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { openApiApp, expectError, expectOk, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import { DEMO_PORTRAIT_FILES } from '../../demo/demo-careteam';
import { careTeamMembers, facilities, profileImages } from '../../db/schema/index';
import { contrastRatio } from '../facilities/theme-css';
import { IMAGE_CSP, PROFILE_IMAGE_CACHE } from './careteam.routes';

type FacilityContact = z.infer<typeof FacilityContactSchema>;

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let alex: { userId: number; patientId: number };
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const RIVERSIDE = {
  institution: 'Riverside Cancer Center',
  address1: '1200 River Road',
  address3: null,
  city: 'Riverside',
  state: 'New York',
  country: 'United States',
  zipCode: '12210',
};

/* --------------------------------------------------------------- care team */

describe('GET /api/patients/:patientId/careTeamMembers', () => {
  const team = (who: Who = 'patientA', patientId = fx.patientA) =>
    api.get(`/api/patients/${patientId}/careTeamMembers`, who);

  it('answers jane’s four, sorted by last then first name, every field written out', async () => {
    const res = await team();
    expect(res.headers['cache-control']).toBe('no-store');
    const members = expectOk<CareTeamMember[]>(res);
    expect(members.map((m) => `${m.lastName}, ${m.firstName}`)).toEqual([
      'Brooks, Daniel',
      'Li, Megan',
      'Okafor, Samuel',
      'Raman, Priya',
    ]);
    const [brooks, li, okafor, raman] = members as [CareTeamMember, CareTeamMember, CareTeamMember, CareTeamMember];
    expect(raman).toEqual<CareTeamMember>({
      careTeamId: expect.any(Number),
      patientId: fx.patientA,
      careProviderId: expect.any(Number),
      firstName: 'Priya',
      lastName: 'Raman',
      suffix: 'MD',
      publicEmail: 'priya.raman@riversidecancer.example.org',
      ...RIVERSIDE,
      address2: 'Oncology Clinic B, 4th Floor',
      publicPhone: '5185550105',
      publicPhoneExt: '2214',
      fax: null,
      careProviderTitleValue: 'MedicalOncologist',
      careProviderTitle: 'Medical Oncologist',
      photoFilename: 'priya-raman.svg',
      photoThumbnailFilename: 'priya-raman-thumb.svg',
      preferredSecureMessageIfSystemId: 1,
      secureMessageRecipientForPatient: true,
      // The codes the browser names the title, state and country by in the reader's language (issue 32, finding 10).
      codes: { careProviderTitle: 'MedicalOncologist', state: 'US.NY', country: 'US' },
    });
    expect(okafor).toMatchObject({
      careProviderTitle: 'Radiation Oncologist',
      fax: '5185550107',
      publicPhoneExt: null,
      preferredSecureMessageIfSystemId: 1,
      secureMessageRecipientForPatient: true,
    });
    // Takes secure messages, but not from jane.
    expect(li).toMatchObject({
      careProviderTitle: 'Oncology Nurse Navigator',
      suffix: 'RN, OCN',
      preferredSecureMessageIfSystemId: 1,
      secureMessageRecipientForPatient: false,
    });
    // Takes none.
    expect(brooks).toMatchObject({
      careProviderTitle: 'Oncology Social Worker',
      preferredSecureMessageIfSystemId: null,
      secureMessageRecipientForPatient: false,
    });
    for (const m of members) {
      expect(m.patientId).toBe(fx.patientA);
      expect(m.photoThumbnailFilename).toMatch(/^[a-z-]+-thumb\.svg$/);
    }
    expect(new Set(members.map((m) => m.photoThumbnailFilename)).size).toBe(4);
  });

  it('gives john his own team, with his own secure-message setting for a shared provider', async () => {
    const john = expectOk<CareTeamMember[]>(await team('patientB', fx.patientB));
    expect(john.map((m) => [m.lastName, m.secureMessageRecipientForPatient, m.patientId])).toEqual([
      ['Marsh', true, fx.patientB],
      ['Okafor', false, fx.patientB],
    ]);
    expect(john[0]).toMatchObject({ photoFilename: null, photoThumbnailFilename: null });
    const jane = expectOk<CareTeamMember[]>(await team());
    expect(jane.map((m) => m.lastName)).not.toContain('Marsh');
    const janeRows = await db
      .select({ id: careTeamMembers.id })
      .from(careTeamMembers)
      .where(eq(careTeamMembers.patientId, fx.patientA));
    expect(jane.map((m) => m.careTeamId).sort()).toEqual(janeRows.map((r) => r.id).sort());
    const sharedForJane = jane.find((m) => m.lastName === 'Okafor')!;
    const sharedForJohn = john.find((m) => m.lastName === 'Okafor')!;
    expect(sharedForJohn.careProviderId).toBe(sharedForJane.careProviderId);
    expect(sharedForJohn.careTeamId).not.toBe(sharedForJane.careTeamId);
  });

  it('answers the representative what jane sees', async () => {
    expect(expectOk(await team('representativeOfA'))).toEqual(expectOk(await team()));
  });

  it('answers an empty list for a patient without a care team', async () => {
    expect(expectOk(await team('alex', alex.patientId))).toEqual([]);
  });

  it('answers 404 to a stranger, 403 to a link user, 401 without a token', async () => {
    expectError(await team('patientB'), 404, 'not_found');
    expectError(await team('linkUserOfA'), 403, 'forbidden');
    expectError(await team('anonymous'), 401, 'unauthorized');
  });
});

/* ---------------------------------------------------------- profile images */

describe('GET /api/images/userprofileimage/:fileName', () => {
  const image = (fileName: string) => api.get(`/api/images/userprofileimage/${fileName}`, 'anonymous');

  it('serves every portrait of the demo without a token, as a cacheable SVG that can run nothing', async () => {
    expect(DEMO_PORTRAIT_FILES).toHaveLength(8);
    const bodies = new Set<string>();
    for (const fileName of DEMO_PORTRAIT_FILES) {
      const res = await image(fileName);
      expect(res.statusCode, fileName).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe(PROFILE_IMAGE_CACHE);
      expect(res.headers['content-security-policy']).toBe(IMAGE_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).not.toMatch(/<script|on\w+=|href=/i);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(8);
  });

  it('draws each provider’s initials in white on a colour of their own, legible at WCAG AA', async () => {
    const members = expectOk<CareTeamMember[]>(
      await api.get(`/api/patients/${fx.patientA}/careTeamMembers`, 'patientA'),
    );
    const colours = new Set<string>();
    for (const m of members) {
      const svg = (await image(m.photoThumbnailFilename!)).body;
      expect(svg).toContain(`>${m.firstName[0]}${m.lastName[0]}</text>`);
      expect(svg).toContain(`<title>${m.firstName} ${m.lastName}</title>`);
      expect(svg).toContain('fill="#ffffff"');
      const fill = /<circle[^>]* fill="(#[0-9a-f]{6})"/.exec(svg)![1]!;
      expect(contrastRatio(fill, '#ffffff'), m.lastName).toBeGreaterThanOrEqual(4.5);
      colours.add(fill);
      // The full-size photo is the same portrait, bigger.
      const photo = (await image(m.photoFilename!)).body;
      expect(photo).toContain(`fill="${fill}"`);
      expect(photo).toContain('width="240"');
      expect(svg).toContain('width="96"');
    }
    expect(colours.size).toBe(4);
  });

  it('answers 404 image_not_found for an unknown name, matching the name exactly', async () => {
    expectError(await image('nobody.svg'), 404, 'image_not_found');
    expectError(await image('PRIYA-RAMAN-THUMB.SVG'), 404, 'image_not_found');
  });

  it.each(['bad%20name.svg', 'a%2Fb.svg', '..%5Cwin.ini', 'x'.repeat(101), '%3Cscript%3E', 'caf%C3%A9.png'])(
    'answers 400 naming fileName for %s',
    async (fileName) => {
      expectError(await image(fileName), 400, 'validation_failed', 'fileName');
    },
  );

  it('accepts a name of 100 characters', async () => {
    expectError(await image('x'.repeat(100)), 404, 'image_not_found');
  });

  it('sends anything that is not an image type as a download, never as a page', async () => {
    await db.insert(profileImages).values([
      { fileName: 'odd.html', contentType: 'text/html', data: new TextEncoder().encode('<p>hi</p>') },
      { fileName: 'photo.PNG', contentType: 'IMAGE/PNG', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    const odd = await image('odd.html');
    expect(odd.statusCode).toBe(200);
    expect(odd.headers['content-type']).toBe('application/octet-stream');
    const png = await image('photo.PNG');
    expect(png.headers['content-type']).toBe('image/png');
    expect([...png.rawPayload]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});

/* ------------------------------------------------------- facility contacts */

describe('GET /api/facilities/:facilityId/contacts', () => {
  it('lists riverside’s four contacts in sort order, without a token', async () => {
    const contacts = expectOk<FacilityContact[]>(await api.get('/api/facilities/1/contacts', 'anonymous'));
    expect(contacts.map((c) => c.contactName)).toEqual([
      'Main reception',
      'Appointments desk',
      'Billing',
      'After-hours nurse line',
    ]);
    expect(contacts.map((c) => c.sortOrder)).toEqual([1, 2, 3, 4]);
    expect(contacts[2]).toEqual({
      contactName: 'Billing',
      address1: '55 Commerce Street',
      address2: 'Suite 300',
      city: 'Albany',
      state: 'New York',
      zipCode: '12207',
      country: 'United States',
      phone: '5185550103',
      fax: '5185550104',
      email: 'billing@riversidecancer.example.org',
      sortOrder: 3,
    });
    expect(contacts.filter((c) => c.fax !== null)).toHaveLength(1);
    for (const c of contacts) {
      expect(c.phone).toMatch(/^\d{10}$/);
      expect(c.address1).toEqual(expect.any(String));
    }
  });

  it('lists lakeside’s one contact', async () => {
    const contacts = expectOk<FacilityContact[]>(await api.get('/api/facilities/2/contacts', 'anonymous'));
    expect(contacts).toEqual([expect.objectContaining({ contactName: 'Front desk', city: 'Chicago' })]);
  });

  it('answers an empty list for a facility without contacts, 404 for no facility, 400 for a bad id', async () => {
    const [empty] = await db
      .insert(facilities)
      .values({
        name: 'Empty Clinic',
        portalName: 'Empty Portal',
        shortName: 'Empty',
        themeId: 1,
        timeZoneId: 'UTC',
        defaultLanguageId: 1,
      })
      .returning({ id: facilities.id });
    expect(expectOk(await api.get(`/api/facilities/${empty!.id}/contacts`, 'anonymous'))).toEqual([]);
    expectError(await api.get('/api/facilities/999/contacts', 'anonymous'), 404, 'facility_not_found');
    expectError(await api.get('/api/facilities/abc/contacts', 'anonymous'), 400, 'validation_failed', 'facilityId');
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document and the route table', () => {
  it('describes every route of the module', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const path of [
      '/api/patients/{patientId}/careTeamMembers',
      '/api/images/userprofileimage/{fileName}',
      '/api/facilities/{facilityId}/contacts',
    ]) {
      const op = doc.paths[path]?.get;
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
  });

  it('makes the images and the contact list public and the care team a patient route', () => {
    const rule = (url: string) => t.app.routeTable.find((r) => r.method === 'GET' && r.url === url)?.access;
    expect(rule('/api/images/userprofileimage/:fileName')).toBe('public');
    expect(rule('/api/facilities/:facilityId/contacts')).toBe('public');
    expect(rule('/api/patients/:patientId/careTeamMembers')).toBe('patient');
  });
});
