import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACILITY_FORM_DOWNLOAD_AUDIT_EVENT,
  type DownloadableItem,
  type Faq,
  type UsefulLinks,
} from '@portal/contracts';
import { auditEvents, capabilityProfiles, facilityFaqs, users } from '../../db/schema/index';
import { forgetModuleGrants } from '../../platform/access/module-grants';
import { expectError, expectOk, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { faqRecordOf, faqRecords } from './facility-pages.intake';

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

const F = '/api/facilities/1';

async function withoutModule(moduleName: string, run: () => Promise<void>) {
  const riversidePatients = and(eq(capabilityProfiles.facilityId, 1), eq(capabilityProfiles.audience, 'patient'));
  const [profile] = await db.select().from(capabilityProfiles).where(riversidePatients);
  await db
    .update(capabilityProfiles)
    .set({ modules: profile!.modules.filter((m) => m.moduleName !== moduleName) })
    .where(riversidePatients);
  forgetModuleGrants();
  try {
    await run();
  } finally {
    await db.update(capabilityProfiles).set({ modules: profile!.modules }).where(riversidePatients);
    forgetModuleGrants();
  }
}

describe('GET /api/facilities/{facilityId}/faqs', () => {
  it("answers the demo facility's FAQs by viewOrder, in English by default", async () => {
    const faqs = expectOk<Faq[]>(await api.get(`${F}/faqs?language=en-US`, 'patientA'));
    expect(faqs.length).toBeGreaterThanOrEqual(4);
    expect(faqs[0]!.question).toBe('<p>What can I do in the patient portal?</p>');
    const orders = faqs.map((f) => f.viewOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("answers the caller's language, and English for an FAQ not written in it", async () => {
    await db.transaction((tx) =>
      faqRecords.put(
        tx,
        1,
        'test-english-only',
        faqRecordOf({
          viewOrder: 99,
          texts: { en: { question: '<p>English only?</p>', answer: '<p>Yes.</p>' } },
        }),
      ),
    );
    const faqs = expectOk<Faq[]>(await api.get(`${F}/faqs?language=fr-CA`, 'patientA'));
    expect(faqs[0]!.question).toBe('<p>Que puis-je faire dans le portail patient ?</p>');
    expect(faqs.at(-1)).toMatchObject({ question: '<p>English only?</p>', viewOrder: 99 });
    await db.delete(facilityFaqs).where(eq(facilityFaqs.externalId, 'test-english-only'));
  });

  it("takes the user's saved language without ?language", async () => {
    await db.update(users).set({ preferredLanguage: 'zh' }).where(eq(users.id, fx.userIds.jane));
    try {
      const faqs = expectOk<Faq[]>(await api.get(`${F}/faqs`, 'patientA'));
      expect(faqs[0]!.question).toBe('<p>我可以在患者门户中做什么？</p>');
    } finally {
      await db.update(users).set({ preferredLanguage: 'en-US' }).where(eq(users.id, fx.userIds.jane));
    }
  });

  it('serves a representative, and refuses callers the facility does not grant the module', async () => {
    expect((await api.get(`${F}/faqs`, 'representativeOfA')).statusCode).toBe(200);
    expectError(await api.get(`${F}/faqs`, 'kioskUserOfA'), 403, 'module_not_granted');
    expectError(await api.get(`${F}/faqs`, 'kioskStaff'), 403, 'module_not_granted');
    expectError(await api.get(`${F}/faqs`, 'anonymous'), 401, 'unauthorized');
    await withoutModule('Faqs', async () => {
      expectError(await api.get(`${F}/faqs`, 'patientA'), 403, 'module_not_granted', {
        message: 'This part of the portal is not offered by your facility.',
      });
    });
  });

  it("answers 404 for another facility's pages and 400 for a bad id", async () => {
    expectError(await api.get('/api/facilities/2/faqs', 'patientA'), 404, 'not_found');
    expectError(await api.get('/api/facilities/abc/faqs', 'patientA'), 400, 'validation_failed', 'facilityId');
  });
});

describe('GET /api/facilities/{facilityId}/usefulLinks', () => {
  it('answers the page in the language asked for, sanitised', async () => {
    const page = expectOk<UsefulLinks>(await api.get(`${F}/usefulLinks?language=es-MX`, 'patientA'));
    expect(page.language).toBe('es');
    expect(page.body).toContain('MedlinePlus en español');
    expect(page.body).toContain('rel="noopener noreferrer"');
  });

  it('is behind the UsefulLinks module', async () => {
    await withoutModule('UsefulLinks', async () => {
      expectError(await api.get(`${F}/usefulLinks`, 'patientA'), 403, 'module_not_granted');
    });
  });
});

describe('GET /api/facilities/{facilityId}/downloadableContent and the download', () => {
  const forms = async (who: 'patientA' | 'representativeOfA' = 'patientA', language = 'en-US') =>
    expectOk<DownloadableItem[]>(await api.get(`${F}/downloadableContent?language=${language}`, who));

  it('lists the forms by viewOrder with their type and size', async () => {
    const list = await forms();
    expect(list.map((f) => f.contentType)).toEqual(['application/pdf', 'image/png', 'text/plain']);
    expect(list[0]).toMatchObject({
      facilityId: 1,
      title: 'Authorization to release medical records',
      fileType: 'pdf',
      viewOrder: 1,
      url: `${F}/downloadableContent/${list[0]!.downloadableItemId}`,
    });
    expect(list[0]!.fileSize).toBeGreaterThan(500);
    expect(list[2]!.description).toBeNull();
    expect((await forms('patientA', 'pt-BR'))[1]!.title).toBe('Mapa do campus e estacionamento');
  });

  it('downloads a form with a URL token, with safe headers, and audits it', async () => {
    const [pdf] = await forms();
    const { bearer } = await api.token('patientA');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/urlTokens',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { path: pdf!.url },
    });
    const { token } = issued.json<{ token: string }>();
    const res = await t.app.inject({ url: `${pdf!.url}?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('inline; filename="records-release.pdf"');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(pdf!.fileSize);
    const [row] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, FACILITY_FORM_DOWNLOAD_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row).toMatchObject({ actorUserId: fx.userIds.jane, facilityId: 1, outcome: 'success' });
    expect(row?.detail).toEqual({ facilityId: 1, formId: pdf!.downloadableItemId });
  });

  it('sends plain text as UTF-8 text', async () => {
    const text = (await forms()).find((f) => f.contentType === 'text/plain')!;
    const res = await api.get(text.url, 'patientA');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('what to bring to your first visit');
  });

  it('refuses a token for another path, a made-up token and no token', async () => {
    const [pdf, png] = await forms();
    const { bearer } = await api.token('patientA');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/urlTokens',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { path: png!.url },
    });
    const { token } = issued.json<{ token: string }>();
    expectError(await t.app.inject({ url: `${pdf!.url}?token=${token}` }), 401, 'unauthorized');
    expectError(await t.app.inject({ url: `${pdf!.url}?token=made-up` }), 401, 'unauthorized');
    expectError(await t.app.inject({ url: pdf!.url }), 401, 'unauthorized');
  });

  it('answers 404 form_not_found for an unknown form, and audits the failed try', async () => {
    expectError(await api.get(`${F}/downloadableContent/999999`, 'patientA'), 404, 'form_not_found', {
      message: 'This form is not available.',
    });
    const [row] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, FACILITY_FORM_DOWNLOAD_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'failure', detail: { facilityId: 1, formId: 999999 } });
    expectError(await api.get('/api/facilities/2/downloadableContent/1', 'patientA'), 404, 'not_found');
  });

  it('is behind the DownloadableItems module, list and download alike', async () => {
    const [pdf] = await forms();
    await withoutModule('DownloadableItems', async () => {
      expectError(await api.get(`${F}/downloadableContent`, 'patientA'), 403, 'module_not_granted');
      expectError(await api.get(pdf!.url, 'patientA'), 403, 'module_not_granted');
    });
  });

  it('refuses a user who has not accepted the terms of use', async () => {
    await db.update(users).set({ isEulaAccepted: false }).where(eq(users.id, fx.userIds.jane));
    try {
      expectError(await api.get(`${F}/downloadableContent`, 'patientA'), 403, 'terms_not_accepted');
    } finally {
      await db.update(users).set({ isEulaAccepted: true }).where(eq(users.id, fx.userIds.jane));
    }
  });
});
