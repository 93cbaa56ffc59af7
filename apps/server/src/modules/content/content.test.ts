import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, ErrorBody, LanguagePackResponse } from '@portal/contracts';
import { openApiApp, type TestApp } from '../../../test/api';
import { contentItems, languagePackOverrides } from '../../db/schema/index';
import { DEFAULT_CONTENT } from '../../db/seed/default-content';
import { applyReferenceData } from '../../db/seed/reference-data';
import { forgetLanguageSettings } from '../../platform/content/caller-language';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const PACK_URL = '/api/content/languagepack/patientPortal';

async function pack(query = '') {
  const res = await get(`${PACK_URL}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<LanguagePackResponse>();
}

async function content(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  return res.json<Content>();
}

describe('GET /api/content/languagepack/patientPortal', () => {
  it('resolves to en-US without a language', async () => {
    const body = await pack();
    expect(body.locale).toBe('en-US');
    expect(body.language).toBe('en');
    expect(body.strings['login.title']).toBe('Log In');
    expect(Object.keys(body.strings).length).toBeGreaterThan(20);
  });

  it('is cacheable for a short while', async () => {
    const res = await get(PACK_URL);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is sent compressed as the browser takes it (brotli, else gzip), the same pack each time', async () => {
    const plain = await get(`${PACK_URL}?language=fr-CA`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('accept-encoding');
    const asked = (encoding: string) =>
      t.app.inject({ method: 'GET', url: `${PACK_URL}?language=fr-CA`, headers: { 'accept-encoding': encoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await asked('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.json<LanguagePackResponse>().locale).toBe('fr-CA');
  });

  it('names the locale asked for when two share their strings (en-US, en-GB)', async () => {
    const american = await pack('?language=en-US');
    const british = await pack('?language=en-GB');
    expect([american.locale, british.locale]).toEqual(['en-US', 'en-GB']);
    expect([american.language, british.language]).toEqual(['en', 'en']);
  });

  it('answers Spanish for es-MX', async () => {
    const english = await pack();
    const body = await pack('?language=es-MX');
    expect(body.locale).toBe('es-MX');
    expect(body.language).toBe('es');
    expect(body.strings['login.title']).toEqual(expect.any(String));
    expect(body.strings['login.title']).not.toBe(english.strings['login.title']);
    // Every English key is present whatever the language; beyond them only the plural forms Spanish has and
    // English does not ('many').
    expect(Object.keys(body.strings)).toEqual(expect.arrayContaining(Object.keys(english.strings)));
    const extra = Object.keys(body.strings).filter((k) => !(k in english.strings));
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.filter((k) => !k.endsWith('.many'))).toEqual([]);
  });

  it('falls back to en-US for an unsupported language', async () => {
    const body = await pack('?language=de-DE');
    expect(body).toMatchObject({ locale: 'en-US', language: 'en' });
    expect(body.strings['login.title']).toBe('Log In');
  });

  it('maps every Chinese variant to zh', async () => {
    expect(await pack('?language=zh-TW')).toMatchObject({ locale: 'zh', language: 'zh' });
  });

  it("applies a facility's overrides only when that facility is asked for", async () => {
    await t.database.db
      .insert(languagePackOverrides)
      .values({ facilityId: 1, language: 'en', key: 'login.title', value: 'Sign in' });
    // Written behind the server's back: a facility's wording is kept 30 s, so the test lets it go.
    forgetLanguageSettings();
    try {
      expect((await pack('?facilityId=1')).strings['login.title']).toBe('Sign in');
      expect((await pack('?facilityId=1&language=en-GB')).strings['login.title']).toBe('Sign in');
      expect((await pack()).strings['login.title']).toBe('Log In');
      expect((await pack('?facilityId=2')).strings['login.title']).toBe('Log In');
      // An English override does not leak into another language.
      expect((await pack('?facilityId=1&language=es-MX')).strings['login.title']).not.toBe('Sign in');
    } finally {
      await t.database.db.delete(languagePackOverrides);
      forgetLanguageSettings();
    }
  });

  it("keeps a facility's wording for 30 s: a change written behind its back shows once the kept pack is let go", async () => {
    expect((await pack('?facilityId=1')).strings['login.title']).toBe('Log In');
    await t.database.db
      .insert(languagePackOverrides)
      .values({ facilityId: 1, language: 'en', key: 'login.title', value: 'Welcome back' });
    try {
      expect((await pack('?facilityId=1')).strings['login.title']).toBe('Log In');
      forgetLanguageSettings();
      const fresh = await get(`${PACK_URL}?facilityId=1`);
      expect(fresh.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(fresh.headers['cache-control']).toBe('public, max-age=300');
      expect(fresh.json<{ strings: Record<string, string> }>().strings['login.title']).toBe('Welcome back');
    } finally {
      await t.database.db.delete(languagePackOverrides);
      forgetLanguageSettings();
    }
  });

  it('answers 400 naming facilityId for a facility id that is not a number', async () => {
    const res = await get(`${PACK_URL}?facilityId=abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', field: 'facilityId' });
  });
});

describe('GET /api/content/:contentKey/facilityToken/:facilityId', () => {
  it('answers the French terms of use for fr-CA', async () => {
    const body = await content('/api/content/TermsOfUse/facilityToken/1?language=fr-CA');
    expect(body).toEqual({ contentKey: 'TermsOfUse', language: 'fr', body: DEFAULT_CONTENT.fr.TermsOfUse });
    expect(body.body).toMatch(/^<(p|h\d)>/);
    const english = await content('/api/content/TermsOfUse/facilityToken/1');
    expect(english.language).toBe('en');
    expect(body.body).not.toBe(english.body);
  });

  it("prefers the facility's own text for that facility only", async () => {
    await t.database.db.insert(contentItems).values({
      facilityId: 1,
      contentKey: 'PrivacyStatement',
      language: 'en',
      body: '<p>Riverside privacy rules</p>',
    });
    try {
      expect(await content('/api/content/PrivacyStatement/facilityToken/1')).toEqual({
        contentKey: 'PrivacyStatement',
        language: 'en',
        body: '<p>Riverside privacy rules</p>',
      });
      const other = await content('/api/content/PrivacyStatement/facilityToken/2');
      expect(other).toEqual({
        contentKey: 'PrivacyStatement',
        language: 'en',
        body: DEFAULT_CONTENT.en.PrivacyStatement,
      });
      // The product-wide endpoint never shows a facility's text.
      expect((await content('/api/content/PrivacyStatement')).body).not.toContain('Riverside privacy rules');
    } finally {
      await t.database.db.delete(contentItems).where(eq(contentItems.facilityId, 1));
    }
  });

  it('strips script, event handlers and javascript: links from stored text', async () => {
    const evil = '<script>alert(1)</script><p onclick="x()">hi</p><a href="javascript:alert(1)">x</a>';
    await t.database.db
      .insert(contentItems)
      .values({ facilityId: 1, contentKey: 'SecurityMessageLegal', language: 'en', body: evil });
    try {
      const body = await content('/api/content/SecurityMessageLegal/facilityToken/1');
      expect(body.body).toContain('<p>hi</p>');
      expect(body.body).toContain('>x</a>');
      expect(body.body.toLowerCase()).not.toContain('<script');
      expect(body.body).not.toContain('alert(1)</script>');
      expect(body.body.toLowerCase()).not.toContain('onclick');
      expect(body.body.toLowerCase()).not.toContain('javascript:');
    } finally {
      await t.database.db.delete(contentItems).where(eq(contentItems.facilityId, 1));
    }
  });

  it('answers 400 naming facilityId for a bad facility id', async () => {
    const res = await get('/api/content/TermsOfUse/facilityToken/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', field: 'facilityId' });
  });
});

describe('GET /api/content/:contentKey', () => {
  it('answers Portuguese accessibility help for pt-BR', async () => {
    const body = await content('/api/content/AccessibilityHelp?language=pt-BR');
    expect(body).toEqual({
      contentKey: 'AccessibilityHelp',
      language: 'pt',
      body: DEFAULT_CONTENT.pt.AccessibilityHelp,
    });
    const english = await content('/api/content/AccessibilityHelp');
    expect(body.body).not.toBe(english.body);
  });

  it('answers English for an unsupported language', async () => {
    const body = await content('/api/content/AccessibilityHelp?language=de-DE');
    expect(body).toEqual({
      contentKey: 'AccessibilityHelp',
      language: 'en',
      body: DEFAULT_CONTENT.en.AccessibilityHelp,
    });
  });

  it('answers 400 naming contentKey for an unknown key', async () => {
    const res = await get('/api/content/Nope');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', field: 'contentKey' });
  });

  it('answers 404 content_not_found when no text exists for a key', async () => {
    await t.database.db
      .delete(contentItems)
      .where(and(eq(contentItems.contentKey, 'PatientIdentifierLabel'), isNull(contentItems.facilityId)));
    try {
      const res = await get('/api/content/PatientIdentifierLabel');
      expect(res.statusCode).toBe(404);
      const body = res.json<ErrorBody>();
      expect(body).toEqual({
        error: 'content_not_found',
        message: 'This content is not available.',
        requestId: body.requestId,
      });
      expect((await get('/api/content/PatientIdentifierLabel/facilityToken/1')).statusCode).toBe(404);
    } finally {
      await applyReferenceData(t.database.db);
    }
    expect((await get('/api/content/PatientIdentifierLabel')).statusCode).toBe(200);
  });
});
