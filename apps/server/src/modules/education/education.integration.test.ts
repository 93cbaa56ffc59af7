import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EducationArticle, IntegrationRecordPut } from '@portal/contracts';
import { auditEvents, educationArticles, educationMaterials } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
/** Riverside's content system (the library) and its EHR (assignments to patients). */
let library: string;
let ehr: string;

const JANE_MRN = 'RCC-100234';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  library = await tokenOf('content');
  ehr = await tokenOf('clinical');
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (scopes: string, facility = 'riverside') => integrationToken(t, scopes, facility);

const articleUrl = (externalId: string) => `/integration/v1/education/articles/${encodeURIComponent(externalId)}`;
const assignmentUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/education/${encodeURIComponent(externalId)}`;
const putArticle = (externalId: string, body: unknown, token = library) =>
  request(t, 'PUT', articleUrl(externalId), { token, body });
const withdrawArticle = (externalId: string, token = library) =>
  request(t, 'DELETE', articleUrl(externalId), { token });
const assign = (externalId: string, body: unknown, token = ehr, mrn = JANE_MRN) =>
  request(t, 'PUT', assignmentUrl(externalId, mrn), { token, body });
const unassign = (externalId: string, token = ehr, mrn = JANE_MRN) =>
  request(t, 'DELETE', assignmentUrl(externalId, mrn), { token });

const newId = (prefix: string) => `${prefix}-${randomUUID()}`;
const today = () => new Date().toISOString().slice(0, 10);

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Sleep well during treatment ${randomUUID().slice(0, 8)}`,
  categoryName: 'Staying Well During Treatment',
  categorySortOrder: 4,
  language: 'en',
  contentHtml: '<h2>Tips</h2><ul><li>Go to bed at the same time each day.</li></ul>',
  ...overrides,
});

const janeList = async () =>
  expectOk<EducationArticle[]>(
    await api.get(`/api/patients/${fx.patientA}/education?includeArchived=true`, 'patientA'),
  );
const janeUnread = async () =>
  expectOk<number>(await api.get(`/api/patients/${fx.patientA}/education/UnreadCount`, 'patientA'));
const janeContent = (articleId: number) => api.get(`/api/education/articles/${articleId}/content`, 'patientA');

/** A new article in the library and its assignment to jane: its portal ids. */
async function assigned(body = articleBody(), assignedDate = today()) {
  const articleId = newId('ART');
  const put = await putArticle(articleId, body);
  expect(put.statusCode, put.body).toBe(201);
  const assignmentId = newId('EDU');
  const res = await assign(assignmentId, { articleExternalId: articleId, assignedDate });
  expect(res.statusCode, res.body).toBe(201);
  return {
    articleId,
    assignmentId,
    materialId: put.json<IntegrationRecordPut>().id,
    id: res.json<IntegrationRecordPut>().id,
  };
}

/* ---------------------------------------------------------------- library */

describe('PUT /integration/v1/education/articles/:externalId', () => {
  it('creates an article, replaces it under the same identifier, and a resend changes nothing', async () => {
    const externalId = newId('ART');
    const body = articleBody();
    const created = await putArticle(externalId, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<IntegrationRecordPut>();
    expect(created.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: true, changed: true });

    const again = await putArticle(externalId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: false });

    const replaced = await putArticle(externalId, { ...body, title: 'Sleeping well', language: 'es' });
    expect(replaced.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: true });
    const [row] = await db.select().from(educationMaterials).where(eq(educationMaterials.id, id));
    expect(row).toMatchObject({ title: 'Sleeping well', language: 'es', externalId, withdrawnAt: null });
  });

  it('stores the HTML sanitised: no script, no event handler, no javascript: link', async () => {
    const externalId = newId('ART');
    const res = await putArticle(
      externalId,
      articleBody({
        contentHtml:
          '<p onclick="steal()">Read this.</p><script>alert(1)</script>' +
          '<a href="javascript:alert(2)">link</a><img src="x.png" onerror="alert(3)"><h2>Kept</h2>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db.select().from(educationMaterials).where(eq(educationMaterials.externalId, externalId));
    expect(row?.contentHtml).toContain('<p>Read this.</p>');
    expect(row?.contentHtml).toContain('<h2>Kept</h2>');
    expect(row?.contentHtml).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
  });

  it('refuses a body that breaks the schema with a 400 naming the field', async () => {
    const externalId = newId('ART');
    expectError(await putArticle(externalId, articleBody({ title: '' })), 400, 'validation_failed', 'title');
    expectError(
      await putArticle(externalId, articleBody({ title: 'x'.repeat(301) })),
      400,
      'validation_failed',
      'title',
    );
    expectError(
      await putArticle(externalId, articleBody({ contentHtml: `<p>${'x'.repeat(200_000)}</p>` })),
      400,
      'validation_failed',
      'contentHtml',
    );
    expectError(
      await putArticle(externalId, articleBody({ language: 'English!' })),
      400,
      'validation_failed',
      'language',
    );
    const { categoryName: _c, ...noCategory } = articleBody();
    expectError(await putArticle(externalId, noCategory), 400, 'validation_failed', 'categoryName');
    const unknown = expectError(await putArticle(externalId, articleBody({ author: 'x' })), 400, 'validation_failed');
    expect(unknown.message).toContain('author');
    expect(await db.select().from(educationMaterials).where(eq(educationMaterials.externalId, externalId))).toEqual([]);
  });

  it('needs the content scope (403 insufficient_scope): a clinical token may not change the library', async () => {
    expectError(await putArticle(newId('ART'), articleBody(), ehr), 403, 'insufficient_scope');
    expectError(await withdrawArticle(newId('ART'), ehr), 403, 'insufficient_scope');
  });

  it('keeps libraries apart: Lakeside cannot withdraw or assign Riverside’s article', async () => {
    const { articleId } = await assigned();
    const lakeside = await tokenOf('content clinical', 'lakeside');
    expectError(await withdrawArticle(articleId, lakeside), 404, 'not_found');
    expectError(
      await assign(newId('EDU'), { articleExternalId: articleId, assignedDate: today() }, lakeside, 'LCC-2001'),
      400,
      'validation_failed',
      'articleExternalId',
    );
    // Lakeside's own article under the same identifier is another article.
    expect((await putArticle(articleId, articleBody(), lakeside)).statusCode).toBe(201);
  });

  it('withdraws an article: gone for every patient it was assigned to; the rows stay; put again brings it back', async () => {
    const { articleId, id } = await assigned();
    const unread = await janeUnread();
    expect((await janeContent(id)).statusCode).toBe(200);

    expect((await withdrawArticle(articleId)).statusCode).toBe(204);
    expect((await janeList()).some((a) => a.articleId === id)).toBe(false);
    expect(await janeUnread()).toBe(unread - 1);
    expectError(await janeContent(id), 404, 'not_found');
    expectError(await api.put(`/api/education/articles/${id}/read`, 'patientA'), 404, 'not_found');
    expect((await withdrawArticle(articleId)).statusCode).toBe(204);
    const [row] = await db.select().from(educationMaterials).where(eq(educationMaterials.externalId, articleId));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);

    // An assignment may not name a withdrawn article.
    expectError(
      await assign(newId('EDU'), { articleExternalId: articleId, assignedDate: today() }),
      400,
      'validation_failed',
      'articleExternalId',
    );
    expect((await putArticle(articleId, articleBody())).statusCode).toBe(200);
    expect((await janeList()).some((a) => a.articleId === id)).toBe(true);
    expectError(await withdrawArticle(newId('ART')), 404, 'not_found');
  });
});

/* ------------------------------------------------------------ assignments */

describe('PUT /integration/v1/patients/:mrn/education/:externalId', () => {
  it('assigns an article to jane: new for her at once, and her unread count grows', async () => {
    const before = await janeUnread();
    const body = articleBody();
    const { id, assignmentId } = await assigned(body);
    expect(await janeUnread()).toBe(before + 1);
    const article = (await janeList()).find((a) => a.articleId === id);
    expect(article).toMatchObject({
      title: body.title,
      categoryName: body.categoryName,
      assignedDate: today(),
      isArchived: false,
      wasReadByPatient: null,
    });
    const doc = await janeContent(id);
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('<html lang="en">');
    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row?.externalId).toBe(assignmentId);
  });

  it('changes nothing on a resend (reading stays); another day rewrites it, new again', async () => {
    const { id, articleId, assignmentId } = await assigned();
    expect((await api.put(`/api/education/articles/${id}/read`, 'patientA')).statusCode).toBe(204);
    const unread = await janeUnread();

    const resend = await assign(assignmentId, { articleExternalId: articleId, assignedDate: today() });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json<IntegrationRecordPut>()).toEqual({
      id,
      externalId: assignmentId,
      created: false,
      changed: false,
    });
    expect(await janeUnread()).toBe(unread);

    const later = await assign(assignmentId, { articleExternalId: articleId, assignedDate: '2099-01-01' });
    expect(later.json<IntegrationRecordPut>()).toMatchObject({ id, created: false, changed: true });
    expect(await janeUnread()).toBe(unread + 1);
    expect((await janeList()).find((a) => a.articleId === id)?.assignedDate).toBe('2099-01-01');
  });

  it('refuses a second assignment of an article on the same day under another identifier (409)', async () => {
    const { articleId } = await assigned();
    const res = await assign(newId('EDU'), { articleExternalId: articleId, assignedDate: today() });
    expectError(res, 409, 'conflict', 'articleExternalId');
  });

  it('refuses a body that breaks the schema with a 400 naming the field', async () => {
    const externalId = newId('EDU');
    expectError(await assign(externalId, { articleExternalId: 'ART-1' }), 400, 'validation_failed', 'assignedDate');
    expectError(
      await assign(externalId, { articleExternalId: 'ART-1', assignedDate: 'today' }),
      400,
      'validation_failed',
      'assignedDate',
    );
    expectError(
      await assign(externalId, { articleExternalId: 'has space', assignedDate: today() }),
      400,
      'validation_failed',
      'articleExternalId',
    );
    expectError(
      await assign(externalId, { articleExternalId: newId('ART'), assignedDate: today() }),
      400,
      'validation_failed',
      'articleExternalId',
    );
    expect(await db.select().from(educationArticles).where(eq(educationArticles.externalId, externalId))).toEqual([]);
  });

  it('finds only patients of the client’s facility (another facility’s MRN is 404) and needs the clinical scope', async () => {
    const articleId = newId('ART');
    expect((await putArticle(articleId, articleBody())).statusCode).toBe(201);
    const body = { articleExternalId: articleId, assignedDate: today() };
    expectError(await assign(newId('EDU'), body, ehr, 'LCC-2001'), 404, 'not_found');
    expectError(await unassign(newId('EDU'), ehr, 'LCC-2001'), 404, 'not_found');
    expectError(await assign(newId('EDU'), body, library), 403, 'insufficient_scope');
    expectError(await unassign(newId('EDU'), library), 403, 'insufficient_scope');
  });
});

describe('DELETE /integration/v1/patients/:mrn/education/:externalId', () => {
  it('withdraws the assignment: gone from jane’s list, counts and document; the row and the audit trail stay', async () => {
    const { id, assignmentId } = await assigned();
    const unread = await janeUnread();

    const res = await unassign(assignmentId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await janeUnread()).toBe(unread - 1);
    expect((await janeList()).some((a) => a.articleId === id)).toBe(false);
    expectError(await janeContent(id), 404, 'not_found');
    expect((await unassign(assignmentId)).statusCode).toBe(204);

    const [row] = await db.select().from(educationArticles).where(eq(educationArticles.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    const calls = await db
      .select({ route: auditEvents.route })
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT), eq(auditEvents.patientId, fx.patientA)))
      .orderBy(desc(auditEvents.id))
      .limit(5);
    expect(calls.map((c) => c.route)).toContain('DELETE /integration/v1/patients/:mrn/education/:externalId');
    expectError(await unassign(newId('EDU')), 404, 'not_found');
  });
});
