import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EducationArticle, UrlToken } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, expectNoContent, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { auditEvents, educationArticles, educationMaterials } from '../../db/schema/index';
import { DEMO_EDUCATION_MATERIALS } from '../../demo/demo-education';
import { articleDocument, escapeHtml, toArticle } from './education.service';

const NEW_YORK = 'America/New_York';

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

/* ----------------------------------------------------------------- helpers */

const localDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
function daysAgo(days: number): string {
  const [y, m, d] = localDate(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

const list = (patientId: number, who: CallerKind, query = '') =>
  api.call('GET', `/api/patients/${patientId}/education${query}`, who);
const unread = async (patientId: number, who: CallerKind = 'patientA') =>
  expectOk<number>(await api.call('GET', `/api/patients/${patientId}/education/UnreadCount`, who));
const archived = async (patientId: number, who: CallerKind = 'patientA') =>
  expectOk<number>(await api.call('GET', `/api/patients/${patientId}/education/ArchivedCount`, who));

async function articleOf(patientId: number, title: string): Promise<number> {
  const [row] = await db
    .select({ id: educationArticles.id })
    .from(educationArticles)
    .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
    .where(and(eq(educationArticles.patientId, patientId), eq(educationMaterials.title, title)));
  if (!row) throw new Error(`no article ${title}`);
  return row.id;
}

/** A fresh unread assignment of a library material, for tests that change state (removed after the file). */
const created: number[] = [];
async function freshArticle(patientId: number, title: string, assignedDate = daysAgo(1)): Promise<number> {
  const [material] = await db
    .select({ id: educationMaterials.id })
    .from(educationMaterials)
    .where(eq(educationMaterials.title, title));
  const [row] = await db
    .insert(educationArticles)
    .values({ patientId, materialId: material!.id, assignedDate })
    .returning({ id: educationArticles.id });
  created.push(row!.id);
  return row!.id;
}
afterAll(async () => {
  if (created.length > 0 && t) await db.delete(educationArticles).where(inArray(educationArticles.id, created));
});

const T = {
  welcome: DEMO_EDUCATION_MATERIALS.welcome.title,
  nausea: DEMO_EDUCATION_MATERIALS.nausea.title,
  fatigue: DEMO_EDUCATION_MATERIALS.fatigue.title,
  skinCare: DEMO_EDUCATION_MATERIALS.skinCare.title,
  mouthCare: DEMO_EDUCATION_MATERIALS.mouthCare.title,
  lymphedema: DEMO_EDUCATION_MATERIALS.lymphedema.title,
  exercise: DEMO_EDUCATION_MATERIALS.exercise.title,
  emotional: DEMO_EDUCATION_MATERIALS.emotional.title,
  port: DEMO_EDUCATION_MATERIALS.port.title,
  infection: DEMO_EDUCATION_MATERIALS.infection.title,
  nutrition: DEMO_EDUCATION_MATERIALS.nutrition.title,
  radiationPlan: DEMO_EDUCATION_MATERIALS.radiationPlan.title,
};

/* -------------------------------------------------------------- the list */

describe('GET /api/patients/:patientId/education', () => {
  it('answers jane’s articles that are not archived, grouped by day (newest first), category order, title', async () => {
    const body = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA'));
    expect(body.map((a) => [a.assignedDate, a.categoryName, a.title])).toEqual([
      // Last week: 'Staying Well…' (sort order 4) before 'Recovery and Support' (5), though R < S.
      [daysAgo(7), 'Staying Well During Treatment', T.exercise],
      [daysAgo(7), 'Recovery and Support', T.emotional],
      [daysAgo(7), 'Recovery and Support', T.lymphedema],
      [daysAgo(45), 'Radiation Therapy', T.skinCare],
      [daysAgo(120), 'Managing Side Effects', T.fatigue],
      [daysAgo(120), 'Managing Side Effects', T.nausea],
      [daysAgo(200), 'Recovery and Support', T.welcome],
    ]);
    for (const a of body) expect(a.isArchived).toBe(false);
  });

  it('writes out each article with the spec’s fields; unread ones have no read time', async () => {
    const body = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA'));
    const exercise = body.find((a) => a.title === T.exercise)!;
    expect(exercise).toEqual<EducationArticle>({
      articleId: await articleOf(fx.patientA, T.exercise),
      assignedDate: daysAgo(7),
      categoryName: 'Staying Well During Treatment',
      categorySortOrder: 4,
      isArchived: false,
      wasReadByPatient: null,
      title: T.exercise,
    });
    const skin = body.find((a) => a.title === T.skinCare)!;
    expect(skin.wasReadByPatient).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(skin.categorySortOrder).toBe(2);
    // No content in the list.
    expect(Object.keys(skin).sort()).toEqual(
      [
        'articleId',
        'assignedDate',
        'categoryName',
        'categorySortOrder',
        'isArchived',
        'title',
        'wasReadByPatient',
      ].sort(),
    );
  });

  it('adds the archived ones with includeArchived=true, in the same order; false is the default', async () => {
    const all = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA', '?includeArchived=true'));
    expect(all).toHaveLength(11);
    expect(all.filter((a) => a.isArchived).map((a) => a.title)).toEqual([
      T.mouthCare,
      T.nutrition,
      T.port,
      T.infection,
    ]);
    // The unread archived one stays unread.
    expect(all.find((a) => a.title === T.mouthCare)!.wasReadByPatient).toBeNull();
    // Same day 200: Devices (3) before Staying Well (4) before Recovery (5).
    expect(all.filter((a) => a.assignedDate === daysAgo(200)).map((a) => a.title)).toEqual([
      T.port,
      T.infection,
      T.welcome,
    ]);
    const dates = all.map((a) => a.assignedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const withFalse = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA', '?includeArchived=false'));
    expect(withFalse).toEqual(expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA')));
    expect(withFalse).toHaveLength(7);
  });

  it('answers 400 naming includeArchived for anything but true or false', async () => {
    expectError(
      await list(fx.patientA, 'patientA', '?includeArchived=yes'),
      400,
      'validation_failed',
      'includeArchived',
    );
    expectError(await list(fx.patientA, 'patientA', '?includeArchived='), 400, 'validation_failed', 'includeArchived');
  });

  it('answers the representative what jane sees, and john only his own', async () => {
    const jane = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA', '?includeArchived=true'));
    expect(expectOk<EducationArticle[]>(await list(fx.patientA, 'representativeOfA', '?includeArchived=true'))).toEqual(
      jane,
    );
    const john = expectOk<EducationArticle[]>(await list(fx.patientB, 'patientB', '?includeArchived=true'));
    expect(john.map((a) => [a.assignedDate, a.title, a.isArchived, a.wasReadByPatient === null])).toEqual([
      [daysAgo(3), T.fatigue, false, true],
      [daysAgo(30), T.radiationPlan, false, false],
      [daysAgo(30), T.nutrition, true, false],
    ]);
    const janeIds = new Set(jane.map((a) => a.articleId));
    for (const a of john) expect(janeIds.has(a.articleId)).toBe(false);
  });

  it('answers 404 to a stranger and a disabled representative, 403 to kiosk and link users, 401 without a token', async () => {
    expectError(await list(fx.patientA, 'patientB'), 404, 'not_found');
    expectError(await list(fx.patientA, 'disabledRepresentative'), 404, 'not_found');
    expectError(await list(fx.patientA, 'kioskStaff'), 404, 'not_found');
    expectError(await list(fx.patientA, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await list(fx.patientA, 'linkUserOfA'), 403, 'forbidden');
    expectError(await list(fx.patientA, 'anonymous'), 401, 'unauthorized');
    expectError(await list(999999, 'patientA'), 404, 'not_found');
  });
});

/* ---------------------------------------------------------------- counts */

describe('GET .../education/UnreadCount and .../ArchivedCount', () => {
  it('answers plain numbers: new (unread, not archived) and archived', async () => {
    const res = await api.call('GET', `/api/patients/${fx.patientA}/education/UnreadCount`, 'patientA');
    expect(res.body).toBe('3');
    expect(expectOk<number>(res)).toBe(3);
    expect(await archived(fx.patientA)).toBe(4);
    expect(await unread(fx.patientA, 'representativeOfA')).toBe(3);
    expect(await unread(fx.patientB, 'patientB')).toBe(1);
    expect(await archived(fx.patientB, 'patientB')).toBe(1);
  });

  it('matches the list: the unread count is the articles the page marks new', async () => {
    const all = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA', '?includeArchived=true'));
    expect(await unread(fx.patientA)).toBe(all.filter((a) => !a.isArchived && a.wasReadByPatient === null).length);
    expect(await archived(fx.patientA)).toBe(all.filter((a) => a.isArchived).length);
  });

  it('answers 404, 403 and 401 like the list', async () => {
    for (const path of ['UnreadCount', 'ArchivedCount']) {
      const url = `/api/patients/${fx.patientA}/education/${path}`;
      expectError(await api.call('GET', url, 'patientB'), 404, 'not_found');
      expectError(await api.call('GET', url, 'kioskUserOfA'), 403, 'forbidden');
      expectError(await api.call('GET', url, 'anonymous'), 401, 'unauthorized');
    }
  });
});

/* ------------------------------------------------------------- mark read */

describe('PUT /api/education/articles/:articleId/read', () => {
  it('stamps the first reading, drops the unread count, and keeps the first time when called again', async () => {
    const id = await freshArticle(fx.patientA, T.nausea);
    const before = await unread(fx.patientA);
    const startedAt = Date.now();
    expectNoContent(await api.call('PUT', `/api/education/articles/${id}/read`, 'patientA'));
    expect(await unread(fx.patientA)).toBe(before - 1);
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row!.readAt).not.toBeNull();
    expect(row!.readAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    const listed = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA')).find((a) => a.articleId === id)!;
    expect(listed.wasReadByPatient).toBe(row!.readAt!.toISOString());

    // A second reading a minute later (the clock set forward, not waited for) keeps the first time.
    vi.useFakeTimers({ toFake: ['Date'], now: row!.readAt!.getTime() + 60_000 });
    try {
      expectNoContent(await api.call('PUT', `/api/education/articles/${id}/read`, 'patientA'));
    } finally {
      vi.useRealTimers();
    }
    const [again] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(again!.readAt).toEqual(row!.readAt);
    expect(await unread(fx.patientA)).toBe(before - 1);
  });

  it('lets the representative open jane’s article', async () => {
    const id = await freshArticle(fx.patientA, T.fatigue);
    expectNoContent(await api.call('PUT', `/api/education/articles/${id}/read`, 'representativeOfA'));
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row!.readAt).not.toBeNull();
  });

  it('answers 404 for another patient’s article, an unknown id or one that is not a number, and changes nothing', async () => {
    const johns = await freshArticle(fx.patientB, T.exercise);
    const res = await api.call('PUT', `/api/education/articles/${johns}/read`, 'patientA');
    expectError(res, 404, 'not_found');
    // Exactly as for an article that does not exist.
    const missing = await api.call('PUT', '/api/education/articles/999999/read', 'patientA');
    expectError(missing, 404, 'not_found');
    expect({ ...res.json(), requestId: '' }).toEqual({ ...missing.json(), requestId: '' });
    expectError(await api.call('PUT', '/api/education/articles/abc/read', 'patientA'), 404, 'not_found');
    expectError(await api.call('PUT', '/api/education/articles/0/read', 'patientA'), 404, 'not_found');
    expectError(await api.call('PUT', `/api/education/articles/${johns}/read`, 'representativeOfA'), 404, 'not_found');
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, johns));
    expect(row!.readAt).toBeNull();
  });

  it('answers 403 to kiosk and link users of jane, 404 to a disabled representative, 401 without a token', async () => {
    const id = await freshArticle(fx.patientA, T.mouthCare);
    const url = `/api/education/articles/${id}/read`;
    expectError(await api.call('PUT', url, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.call('PUT', url, 'linkUserOfA'), 403, 'forbidden');
    expectError(await api.call('PUT', url, 'disabledRepresentative'), 404, 'not_found');
    expectError(await api.call('PUT', url, 'anonymous'), 401, 'unauthorized');
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row!.readAt).toBeNull();
  });
});

/* ---------------------------------------------------------------- archive */

describe('PUT /api/education/articles/:articleId/archived', () => {
  it('archives and unarchives: the counts and the list follow', async () => {
    const id = await freshArticle(fx.patientA, T.skinCare);
    const [unreadBefore, archivedBefore] = [await unread(fx.patientA), await archived(fx.patientA)];

    expectNoContent(await api.call('PUT', `/api/education/articles/${id}/archived`, 'patientA', { isArchived: true }));
    // An archived article is never new.
    expect(await unread(fx.patientA)).toBe(unreadBefore - 1);
    expect(await archived(fx.patientA)).toBe(archivedBefore + 1);
    expect(expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA')).some((a) => a.articleId === id)).toBe(
      false,
    );
    const all = expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA', '?includeArchived=true'));
    expect(all.find((a) => a.articleId === id)).toMatchObject({ isArchived: true, wasReadByPatient: null });
    // Again: harmless.
    expectNoContent(await api.call('PUT', `/api/education/articles/${id}/archived`, 'patientA', { isArchived: true }));
    expect(await archived(fx.patientA)).toBe(archivedBefore + 1);

    expectNoContent(
      await api.call('PUT', `/api/education/articles/${id}/archived`, 'representativeOfA', { isArchived: false }),
    );
    expect(await unread(fx.patientA)).toBe(unreadBefore);
    expect(await archived(fx.patientA)).toBe(archivedBefore);
    expect(expectOk<EducationArticle[]>(await list(fx.patientA, 'patientA')).some((a) => a.articleId === id)).toBe(
      true,
    );
  });

  it('answers 400 naming the field for a missing, mistyped or unknown field', async () => {
    const id = await freshArticle(fx.patientA, T.emotional);
    const url = `/api/education/articles/${id}/archived`;
    expectError(await api.call('PUT', url, 'patientA', {}), 400, 'validation_failed', 'isArchived');
    expectError(await api.call('PUT', url, 'patientA', { isArchived: 'true' }), 400, 'validation_failed', 'isArchived');
    expectError(await api.call('PUT', url, 'patientA', { isArchived: null }), 400, 'validation_failed', 'isArchived');
    const extra = expectError(
      await api.call('PUT', url, 'patientA', { isArchived: true, patientId: 1 }),
      400,
      'validation_failed',
    );
    expect(extra.message).toMatch(/patientId/);
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row!.isArchived).toBe(false);
  });

  it('answers 404 for another patient’s article and unknown ids, 403 to kiosk users, 401 without a token', async () => {
    const johns = await freshArticle(fx.patientB, T.infection);
    const body = { isArchived: true };
    expectError(await api.call('PUT', `/api/education/articles/${johns}/archived`, 'patientA', body), 404, 'not_found');
    expectError(await api.call('PUT', '/api/education/articles/999999/archived', 'patientA', body), 404, 'not_found');
    expectError(await api.call('PUT', '/api/education/articles/x1/archived', 'patientA', body), 404, 'not_found');
    const janes = await freshArticle(fx.patientA, T.infection);
    expectError(
      await api.call('PUT', `/api/education/articles/${janes}/archived`, 'kioskUserOfA', body),
      403,
      'forbidden',
    );
    expectError(
      await api.call('PUT', `/api/education/articles/${janes}/archived`, 'anonymous', body),
      401,
      'unauthorized',
    );
    const rows = await db
      .select()
      .from(educationArticles)
      .where(inArray(educationArticles.id, [johns, janes]));
    for (const row of rows) expect(row.isArchived).toBe(false);
  });
});

/* --------------------------------------------------------------- content */

describe('GET /api/education/articles/:articleId/content', () => {
  const contentUrl = (id: number) => `/api/education/articles/${id}/content`;
  const audits = (patientId: number) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, 'educationarticleviewauditevent'), eq(auditEvents.patientId, patientId)));

  async function urlToken(who: CallerKind, path: string): Promise<string> {
    const res = await api.call('POST', '/api/urlTokens', who, { path });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UrlToken>().token;
  }

  function expectDocument(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    return res.body;
  }

  it('answers the article as a titled HTML document and writes the audit row', async () => {
    const id = await articleOf(fx.patientA, T.nausea);
    const before = (await audits(fx.patientA)).length;
    const html = expectDocument(await api.call('GET', contentUrl(id), 'patientA'));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<title>${T.nausea}</title>`);
    expect(html).toContain(`<h1>${T.nausea}</h1>`);
    expect(html).toContain('<h2>Take your anti-nausea medicine as prescribed</h2>');
    expect(html).toContain('<style>');
    const after = await audits(fx.patientA);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      eventType: 'educationarticleviewauditevent',
      outcome: 'success',
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      loginType: 'userNamePassword',
      detail: { articleId: id, relationship: 'self' },
    });
    expect(after.at(-1)!.sessionId).toEqual(expect.any(Number));
    // Opening the content does not mark it read: PUT .../read does.
    const [row] = await db
      .select()
      .from(educationArticles)
      .where(eq(educationArticles.id, await articleOf(fx.patientA, T.exercise)));
    expect(row!.readAt).toBeNull();
  });

  it('opens with a URL token for exactly this path, in place of the bearer header', async () => {
    const id = await articleOf(fx.patientA, T.skinCare);
    const token = await urlToken('patientA', contentUrl(id));
    const res = await t.app.inject({ url: `${contentUrl(id)}?token=${encodeURIComponent(token)}` });
    expect(expectDocument(res)).toContain(`<h1>${T.skinCare}</h1>`);
    // A token for another path opens nothing here.
    const other = await articleOf(fx.patientA, T.fatigue);
    expectError(
      await t.app.inject({ url: `${contentUrl(other)}?token=${encodeURIComponent(token)}` }),
      401,
      'unauthorized',
    );
    expectError(await t.app.inject({ url: `${contentUrl(id)}?token=forged-token` }), 401, 'unauthorized');
    expectError(await t.app.inject({ url: contentUrl(id) }), 401, 'unauthorized');
  });

  it('lets the representative read, recording the relationship', async () => {
    const id = await articleOf(fx.patientA, T.lymphedema);
    const token = await urlToken('representativeOfA', contentUrl(id));
    expectDocument(await t.app.inject({ url: `${contentUrl(id)}?token=${encodeURIComponent(token)}` }));
    const last = (await audits(fx.patientA)).at(-1)!;
    expect(last.actorUserId).toBe(fx.userIds.robert);
    // The read's one row: the access hook adds the status.
    expect(last.detail).toEqual({ articleId: id, relationship: 'representative', status: 200 });
  });

  it('answers 404 for another patient’s article, even with a token for its path, and writes no audit row', async () => {
    const johns = await articleOf(fx.patientB, T.radiationPlan);
    const before = (await audits(fx.patientB)).length;
    expectError(await api.call('GET', contentUrl(johns), 'patientA'), 404, 'not_found');
    const token = await urlToken('patientA', contentUrl(johns));
    expectError(
      await t.app.inject({ url: `${contentUrl(johns)}?token=${encodeURIComponent(token)}` }),
      404,
      'not_found',
    );
    expectError(await api.call('GET', contentUrl(999999), 'patientA'), 404, 'not_found');
    expectError(await api.call('GET', '/api/education/articles/1.5/content', 'patientA'), 404, 'not_found');
    expectError(await api.call('GET', contentUrl(johns), 'kioskUserOfA'), 404, 'not_found');
    const janes = await articleOf(fx.patientA, T.welcome);
    expectError(await api.call('GET', contentUrl(janes), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.call('GET', contentUrl(janes), 'linkUserOfA'), 403, 'forbidden');
    expect(await audits(fx.patientB)).toHaveLength(before);
  });

  it('sanitises what the facility stored: no script, handler, style or frame reaches the document', async () => {
    const [material] = await db
      .insert(educationMaterials)
      .values({
        facilityId: fx.facilityId,
        title: 'Tom & Jerry <b>"quoted"</b>',
        categoryName: 'Test',
        contentHtml:
          '<p onclick="steal()">Safe text</p><script>alert(1)</script><img src="https://evil.example/x.png" ' +
          'onerror="alert(2)"><iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
          '<a href="javascript:alert(3)">bad link</a><a href="https://example.org" target="_blank">good link</a>',
      })
      .returning({ id: educationMaterials.id });
    const [article] = await db
      .insert(educationArticles)
      .values({ patientId: fx.patientA, materialId: material!.id, assignedDate: daysAgo(2) })
      .returning({ id: educationArticles.id });
    try {
      const html = expectDocument(await api.call('GET', contentUrl(article!.id), 'patientA'));
      expect(html).toContain('<p>Safe text</p>');
      expect(html).toContain('<title>Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</title>');
      expect(html).toContain('<h1>Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</h1>');
      expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">good link</a>');
      for (const bad of ['<script', 'onclick', 'onerror', '<iframe', 'evil.example', 'javascript:', 'display:none']) {
        expect(html).not.toContain(bad);
      }
    } finally {
      await db.delete(educationMaterials).where(eq(educationMaterials.id, material!.id));
    }
  });
});

/* ------------------------------------------------------------------ units */

describe('articleDocument, escapeHtml and toArticle', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('builds one document: title, heading, sanitised body, inline styles only', () => {
    const html = articleDocument('Fatigue', '<p>Rest <strong>often</strong>.</p><script>x()</script>');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Fatigue</title>');
    expect(html).toContain('<main>\n<h1>Fatigue</h1>\n<p>Rest <strong>often</strong>.</p>\n</main>');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<link|@import|url\(/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });

  it('maps a row to the API article', () => {
    const readAt = new Date('2026-03-04T19:30:00.000Z');
    const row = {
      id: 7,
      assignedDate: '2026-03-01',
      categoryName: 'Radiation Therapy',
      categorySortOrder: 2,
      isArchived: true,
      readAt,
      title: 'Skin care',
    };
    expect(toArticle(row)).toEqual({
      articleId: 7,
      assignedDate: '2026-03-01',
      categoryName: 'Radiation Therapy',
      categorySortOrder: 2,
      isArchived: true,
      wasReadByPatient: '2026-03-04T19:30:00.000Z',
      title: 'Skin care',
    });
    expect(toArticle({ ...row, readAt: null }).wasReadByPatient).toBeNull();
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document', () => {
  it('describes every education route, with its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Op = { summary?: string; description?: string; parameters?: { name: string; in: string }[] };
    const doc = res.json<{ paths: Record<string, Record<string, Op>> }>();
    const ops: [string, string][] = [
      ['/api/patients/{patientId}/education', 'get'],
      ['/api/patients/{patientId}/education/UnreadCount', 'get'],
      ['/api/patients/{patientId}/education/ArchivedCount', 'get'],
      ['/api/education/articles/{articleId}/read', 'put'],
      ['/api/education/articles/{articleId}/archived', 'put'],
      ['/api/education/articles/{articleId}/content', 'get'],
    ];
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
    const listParams = doc.paths['/api/patients/{patientId}/education']!.get!.parameters!.map(
      (p) => `${p.in}:${p.name}`,
    );
    expect(listParams).toEqual(expect.arrayContaining(['path:patientId', 'query:includeArchived']));
    const contentParams = doc.paths['/api/education/articles/{articleId}/content']!.get!.parameters!.map(
      (p) => `${p.in}:${p.name}`,
    );
    expect(contentParams).toEqual(expect.arrayContaining(['path:articleId', 'query:token']));
  });
});
