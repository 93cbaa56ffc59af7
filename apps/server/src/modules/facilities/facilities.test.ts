import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facility } from '@portal/contracts';
import { expectError, openApiApp, type TestApp } from '../../../test/api';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/facilities', () => {
  it('returns every field of the seeded facility for its host name', async () => {
    const res = await get('/api/facilities?facilityAlias=localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Facility>();
    expect(body).toEqual({
      facilityId: 1,
      facilityName: 'Riverside Cancer Center',
      facilityPortalName: 'Riverside Patient Portal',
      facilityShortName: 'Riverside',
      theme: { id: 1 },
      timeZone: { id: 'America/New_York', abbreviation: expect.any(String), offset: expect.any(Number) },
      defaultCommunicationLanguage: { id: 1, name: 'English' },
      hasLogo: true,
      resources: { faqs: true, usefulLinks: true, downloadableForms: true },
    });
    // Abbreviation and offset follow daylight saving, and must agree with each other.
    expect([
      ['EST', -300],
      ['EDT', -240],
    ]).toContainEqual([body.timeZone.abbreviation, body.timeZone.offset]);
  });

  it('matches the alias case-insensitively', async () => {
    const lower = await get('/api/facilities?facilityAlias=localhost');
    const upper = await get('/api/facilities?facilityAlias=LOCALHOST');
    expect(upper.statusCode).toBe(200);
    expect(upper.json()).toEqual(lower.json());
  });

  it('serves the facility on 127.0.0.1 as well', async () => {
    const res = await get('/api/facilities?facilityAlias=127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json<Facility>()).toMatchObject({ facilityId: 1, facilityName: 'Riverside Cancer Center' });
  });

  it('tells the second facility apart by its host name', async () => {
    const res = await get('/api/facilities?facilityAlias=lakeside.localhost');
    expect(res.statusCode).toBe(200);
    const body = res.json<Facility>();
    expect(body).toEqual({
      facilityId: 2,
      facilityName: 'Lakeside Community Clinic',
      facilityPortalName: 'Lakeside MyHealth',
      facilityShortName: 'Lakeside',
      theme: { id: 2 },
      timeZone: { id: 'America/Chicago', abbreviation: expect.any(String), offset: expect.any(Number) },
      defaultCommunicationLanguage: { id: 2, name: 'Español' },
      hasLogo: false,
      resources: { faqs: false, usefulLinks: false, downloadableForms: false },
    });
    expect([
      ['CST', -360],
      ['CDT', -300],
    ]).toContainEqual([body.timeZone.abbreviation, body.timeZone.offset]);
  });

  it('answers 404 facility_not_found for an unknown host name', async () => {
    const body = expectError(await get('/api/facilities?facilityAlias=nowhere.example.org'), 404, 'facility_not_found');
    expect(body).toEqual({
      error: 'facility_not_found',
      message: 'No portal is configured for this address.',
      requestId: body.requestId,
    });
  });

  it('answers 400 validation_failed naming facilityAlias when the alias is missing', async () => {
    expectError(await get('/api/facilities'), 400, 'validation_failed', 'facilityAlias');
  });

  it('answers 400 for an alias that is not a host name', async () => {
    const body = expectError(
      await get('/api/facilities?facilityAlias=a%20b%3C'),
      400,
      'validation_failed',
      'facilityAlias',
    );
    expect(body.message).toContain('facilityAlias');
  });
});

describe('GET /api/facilities/:facilityId/images/logoUrl', () => {
  it('serves the logo as a cacheable SVG', async () => {
    const res = await get('/api/facilities/1/images/logoUrl');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.body.trimStart()).toMatch(/^<svg[\s>]/);
    expect(res.body).toContain('Riverside');
  });

  it('answers 404 logo_not_found for a facility without a logo', async () => {
    expectError(await get('/api/facilities/2/images/logoUrl'), 404, 'logo_not_found');
  });

  it('answers 404 logo_not_found for a facility that does not exist', async () => {
    expectError(await get('/api/facilities/999/images/logoUrl'), 404, 'logo_not_found');
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 400 naming facilityId for the id %s', async (id) => {
    expectError(await get(`/api/facilities/${id}/images/logoUrl`), 400, 'validation_failed', 'facilityId');
  });
});

describe('GET /api/themes/:themeId/css', () => {
  it('serves the theme as CSS custom properties', async () => {
    const res = await get('/api/themes/1/css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.body).toContain('--portal-primary: #0f6b63;');
    expect(res.body).toContain('--mantine-primary-color-filled: #0f6b63;');
    expect(res.body).toMatch(/^:root:root \{/);
  });

  it('serves each theme with its own colours', async () => {
    const res = await get('/api/themes/2/css');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('--portal-primary: #1f4e9c;');
  });

  it('answers 404 theme_not_found for an unknown theme', async () => {
    expectError(await get('/api/themes/999/css'), 404, 'theme_not_found');
  });

  it('answers 400 naming themeId for a theme id that is not a number', async () => {
    expectError(await get('/api/themes/blue/css'), 400, 'validation_failed', 'themeId');
  });
});
