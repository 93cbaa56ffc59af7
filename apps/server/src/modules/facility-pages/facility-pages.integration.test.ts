import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationRecordPut } from '@portal/contracts';
import { auditEvents, contentItems, facilityContacts, facilityFaqs, facilityForms } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectNoContent, openApiApp, request, type TestApp } from '../../../test/api';
import { integrationToken } from '../../../test/integration-client';
import { campusMapPng } from '../../demo/demo-facility-pages';

let t: TestApp;
let db: TestApp['database']['db'];
let content: string;
let clinical: string;

beforeAll(async () => {
  ({ t, db } = await openApiApp());
  content = await integrationToken(t, 'content');
  clinical = await integrationToken(t, 'clinical');
});
afterAll(async () => {
  await t?.close();
});

const API = '/integration/v1/facility';
const put = (path: string, body: unknown, token = content) => request(t, 'PUT', `${API}${path}`, { token, body });
const get = (path: string, token = content) => request(t, 'GET', `${API}${path}`, { token });
const del = (path: string, token = content) => request(t, 'DELETE', `${API}${path}`, { token });
const newId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

const faqBody = (overrides: Record<string, unknown> = {}) => ({
  viewOrder: 7,
  texts: {
    en: { question: '<p>Where do I park?</p>', answer: '<p>In <strong>Lot A</strong>.</p>' },
    es: { question: '<p>¿Dónde me estaciono?</p>', answer: '<p>En el <strong>Lote A</strong>.</p>' },
  },
  ...overrides,
});

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64');
const formBody = (file: Record<string, unknown> = {}) => ({
  viewOrder: 4,
  texts: { en: { title: 'Parking map', description: 'Lot A and B' }, fr: { title: 'Plan du stationnement' } },
  file: { fileName: 'parking map.png', contentType: 'image/png', content: b64(campusMapPng(20, 10)), ...file },
});

describe('FAQs through the integration API', () => {
  it('creates (201), resends unchanged (200), replaces, reads back and withdraws an FAQ', async () => {
    const id = newId('FAQ');
    const created = await put(`/faqs/${id}`, faqBody());
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<IntegrationRecordPut>();
    expect(body).toEqual({ id: expect.any(Number), externalId: id, created: true, changed: true });
    const again = await put(`/faqs/${id}`, faqBody());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, created: false, changed: false });
    const replaced = await put(`/faqs/${id}`, faqBody({ viewOrder: 8 }));
    expect(replaced.json()).toMatchObject({ id: body.id, changed: true });

    const read = await get(`/faqs/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: body.id, externalId: id, viewOrder: 8, texts: faqBody().texts });

    expectNoContent(await del(`/faqs/${id}`));
    expectNoContent(await del(`/faqs/${id}`));
    expectError(await get(`/faqs/${id}`), 404, 'not_found');
    const back = await put(`/faqs/${id}`, faqBody({ viewOrder: 8 }));
    expect(back.json()).toMatchObject({ id: body.id, created: false, changed: true });
  });

  it('sanitises on the way in: script, onclick and javascript: links are never stored', async () => {
    const id = newId('FAQ');
    const evil = {
      question: '<p onclick="steal()">Visiting hours?</p><script>alert(1)</script>',
      answer:
        '<p>See <a href="javascript:alert(1)">here</a> or <a href="https://example.org" target="_blank">there</a></p><img src=x onerror=alert(1)>',
    };
    expect((await put(`/faqs/${id}`, { texts: { en: evil } })).statusCode).toBe(201);
    const [row] = await db.select().from(facilityFaqs).where(eq(facilityFaqs.externalId, id));
    const stored = JSON.stringify(row?.texts).toLowerCase();
    for (const bad of ['<script', 'onclick', 'javascript:', 'onerror', '<img', 'alert(1)']) {
      expect(stored).not.toContain(bad);
    }
    expect(row?.texts.en.question).toBe('<p>Visiting hours?</p>');
    expect(row?.texts.en.answer).toContain('rel="noopener noreferrer"');
    expect(row?.viewOrder).toBe(0);
  });

  it('refuses a text with nothing left once cleaned, naming it', async () => {
    const res = await put(`/faqs/${newId('FAQ')}`, {
      texts: {
        en: { question: '<p>Q</p>', answer: '<p>A</p>' },
        zh: { question: '<script>x()</script>', answer: 'A' },
      },
    });
    expectError(res, 400, 'validation_failed', 'texts.zh.question');
  });

  it('answers 400 naming the field for a missing English text, an unknown language or an unknown field', async () => {
    expectError(
      await put(`/faqs/${newId('FAQ')}`, { texts: { es: faqBody().texts.es } }),
      400,
      'validation_failed',
      'texts.en',
    );
    const de = await put(`/faqs/${newId('FAQ')}`, { texts: { ...faqBody().texts, de: faqBody().texts.es } });
    expect(de.statusCode).toBe(400);
    expectError(await put(`/faqs/${newId('FAQ')}`, faqBody({ colour: 'red' })), 400, 'validation_failed');
    expectError(await put('/faqs/bad%20id', faqBody()), 400, 'validation_failed', 'externalId');
  });

  it('answers 404 for an FAQ the facility does not have, and 403 without the content scope', async () => {
    expectError(await del(`/faqs/${newId('NONE')}`), 404, 'not_found');
    expectError(await get(`/faqs/${newId('NONE')}`), 404, 'not_found');
    expectError(await put(`/faqs/${newId('FAQ')}`, faqBody(), clinical), 403, 'insufficient_scope');
    expectError(await put(`/faqs/${newId('FAQ')}`, faqBody(), ''), 401, 'invalid_token');
  });

  it("keeps each facility's FAQs apart", async () => {
    const id = newId('FAQ');
    await put(`/faqs/${id}`, faqBody());
    const lakeside = await integrationToken(t, 'content', 'lakeside');
    expectError(await get(`/faqs/${id}`, lakeside), 404, 'not_found');
    expectError(await del(`/faqs/${id}`, lakeside), 404, 'not_found');
  });

  it('audits every call with the client and the identifier', async () => {
    const id = newId('FAQ');
    await put(`/faqs/${id}`, faqBody());
    const [row] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row).toMatchObject({ route: 'PUT /integration/v1/facility/faqs/:externalId', outcome: 'success' });
    expect(row?.detail).toMatchObject({ externalId: id, status: 201 });
  });
});

describe('downloadable forms through the integration API', () => {
  it('stores the file with its size, type and digest, reads it back without the bytes, withdraws it', async () => {
    const id = newId('FORM');
    const png = campusMapPng(20, 10);
    const created = await put(`/forms/${id}`, formBody());
    expect(created.statusCode, created.body).toBe(201);
    expect((await put(`/forms/${id}`, formBody())).json()).toMatchObject({ changed: false });
    const read = await get(`/forms/${id}`);
    expect(read.json()).toMatchObject({
      externalId: id,
      fileName: 'parking_map.png',
      contentType: 'image/png',
      sizeBytes: png.length,
      texts: {
        en: { title: 'Parking map', description: 'Lot A and B' },
        fr: { title: 'Plan du stationnement', description: null },
      },
    });
    expect(read.json()).not.toHaveProperty('data');
    expectNoContent(await del(`/forms/${id}`));
    expectError(await get(`/forms/${id}`), 404, 'not_found');
  });

  it('takes a PDF and plain text, and refuses bytes that are not the declared type', async () => {
    const pdf = await put(
      `/forms/${newId('FORM')}`,
      formBody({ contentType: 'application/pdf', content: b64('%PDF-1.7\n%%EOF') }),
    );
    expect(pdf.statusCode).toBe(201);
    const text = await put(
      `/forms/${newId('FORM')}`,
      formBody({ contentType: 'text/plain', content: b64('Bring your ID.\nThank you.') }),
    );
    expect(text.statusCode).toBe(201);
    const fake = await put(
      `/forms/${newId('FORM')}`,
      formBody({ contentType: 'application/pdf', content: b64('<html>') }),
    );
    expectError(fake, 400, 'validation_failed', 'file.content');
    const binary = await put(
      `/forms/${newId('FORM')}`,
      formBody({ contentType: 'text/plain', content: b64(Buffer.from([0, 1, 2])) }),
    );
    expectError(binary, 400, 'validation_failed', 'file.content');
    const html = await put(`/forms/${newId('FORM')}`, formBody({ contentType: 'text/html' }));
    expectError(html, 400, 'validation_failed', 'file.contentType');
    expectError(
      await put(`/forms/${newId('FORM')}`, formBody({ content: 'not base64!' })),
      400,
      'validation_failed',
      'file.content',
    );
  });

  it('answers 404 for a form the facility does not have', async () => {
    expectError(await del(`/forms/${newId('NONE')}`), 404, 'not_found');
  });
});

describe('useful links, contacts and facility texts through the integration API', () => {
  it('sets, reads back and removes the useful links page, sanitised', async () => {
    const before = await get('/useful-links');
    const page = {
      en: '<p>Links</p><script>x()</script><ul><li><a href="https://example.org">Example</a></li></ul>',
      pt: '<p>Links úteis</p>',
    };
    expect((await put('/useful-links', { contentHtml: page })).json()).toEqual({ changed: true });
    expect((await put('/useful-links', { contentHtml: page })).json()).toEqual({ changed: false });
    const read = await get('/useful-links');
    expect(read.json().contentHtml.en).toBe('<p>Links</p><ul><li><a href="https://example.org">Example</a></li></ul>');
    expectNoContent(await del('/useful-links'));
    expectError(await del('/useful-links'), 404, 'not_found');
    expectError(await get('/useful-links'), 404, 'not_found');
    // The demo's page back for the other tests of this run.
    if (before.statusCode === 200) await put('/useful-links', before.json());
  });

  it('replaces the Contact Us list in the order given, and reads it back', async () => {
    const before = (await get('/contacts')).json<{ contacts: unknown[] }>();
    const contacts = [
      { contactName: 'Billing', phone: '5185550103', email: 'billing@example.org' },
      { contactName: 'Main reception', phone: '5185550100', city: 'Albany', state: 'NY' },
    ];
    expect((await put('/contacts', { contacts })).json()).toEqual({ contacts: 2, changed: true });
    expect((await put('/contacts', { contacts })).json()).toEqual({ contacts: 2, changed: false });
    const rows = await db.select().from(facilityContacts).where(eq(facilityContacts.facilityId, 1));
    expect(rows.map((r) => [r.contactName, r.sortOrder])).toEqual([
      ['Billing', 0],
      ['Main reception', 1],
    ]);
    expect((await get('/contacts')).json().contacts[1]).toMatchObject({
      contactName: 'Main reception',
      city: 'Albany',
    });
    expectError(
      await put('/contacts', { contacts: [{ contactName: 'X', phone: '(518) 555' }] }),
      400,
      'validation_failed',
      'contacts.0.phone',
    );
    await put('/contacts', before);
  });

  it('sets the Contact Us instructions per language, which the content route then serves; DELETE restores the default', async () => {
    const put1 = await put('/texts/ContactUs', {
      contentHtml: { en: '<p>Call us <b onclick="x()">any day</b></p>', es: '<p>Llámenos</p>' },
    });
    expect(put1.json()).toEqual({ changed: true });
    const served = await request(t, 'GET', '/api/content/ContactUs/facilityToken/1?language=es-MX');
    expect(served.json()).toMatchObject({ language: 'es', body: '<p>Llámenos</p>' });
    const english = await request(t, 'GET', '/api/content/ContactUs/facilityToken/1');
    expect(english.json().body).toBe('<p>Call us <b>any day</b></p>');
    expect((await get('/texts/ContactUs')).json()).toEqual({
      contentHtml: { en: '<p>Call us <b>any day</b></p>', es: '<p>Llámenos</p>' },
    });
    expectNoContent(await del('/texts/ContactUs'));
    const rows = await db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.facilityId, 1), eq(contentItems.contentKey, 'ContactUs')));
    expect(rows).toEqual([]);
    expectError(await del('/texts/ContactUs'), 404, 'not_found');
    expectError(await put('/texts/Nope', { contentHtml: { en: '<p>x</p>' } }), 400, 'validation_failed', 'contentKey');
  });
});

describe('forms table', () => {
  it('keeps the bytes of a form as sent', async () => {
    const id = newId('FORM');
    await put(`/forms/${id}`, formBody({ contentType: 'text/plain', content: b64('Hello') }));
    const [row] = await db.select().from(facilityForms).where(eq(facilityForms.externalId, id));
    expect(Buffer.from(row!.data).toString()).toBe('Hello');
  });
});

describe('the API descriptions', () => {
  it('describe the facility page routes, the integration ones and the patient ones each in their own', async () => {
    const integration = await t.app.inject({ url: '/integration/v1/openapi.json' });
    const integrationPaths = Object.keys(integration.json<{ paths: Record<string, unknown> }>().paths);
    for (const route of ['faqs/{externalId}', 'forms/{externalId}', 'useful-links', 'contacts', 'texts/{contentKey}']) {
      expect(integrationPaths).toContain(`/integration/v1/facility/${route}`);
    }
    const portal = await t.app.inject({ url: '/api/openapi.json' });
    const portalPaths = Object.keys(portal.json<{ paths: Record<string, unknown> }>().paths);
    expect(portalPaths).toContain('/api/facilities/{facilityId}/downloadableContent/{formId}');
  });
});
