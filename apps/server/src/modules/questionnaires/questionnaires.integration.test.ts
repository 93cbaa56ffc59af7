import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssignedQuestionnaire,
  AssignedQuestionnaireSummary,
  FhirQuestionnaireResponse,
  IntegrationEvent,
  IntegrationEventsPageSchema,
  IntegrationQuestionnaireAssignmentState,
  IntegrationQuestionnaireInterpretation,
  IntegrationQuestionnaireTemplate,
  IntegrationQuestionnaireTemplatePut,
  IntegrationRecordPut,
  QuestionnaireAnswer,
} from '@portal/contracts';
import type { z } from 'zod';
import {
  auditEvents,
  patients,
  questionnaireAssignments,
  questionnaireDrafts,
  questionnaireTemplates,
} from '../../db/schema/index';
import { addDays, localDate } from '../../platform/time/time';
import {
  expectError,
  expectNoContent,
  expectOk,
  openApiApp,
  request,
  type ApiCaller,
  type TestApp,
} from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';
import { eventsAfter } from '../integration/integration.service';
import { withWebhookReceiver } from '../../../test/webhook-receiver';
import { fhirIssues } from '../../../test/fhir-validator';
import { ASSIGNMENT_NOT_FOUND_MESSAGE, TEMPLATE_NOT_FOUND_MESSAGE } from './questionnaires.integration.routes';
import { ALREADY_ANSWERED_MESSAGE, UNKNOWN_TEMPLATE_MESSAGE } from './questionnaires.intake';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
/** Riverside's forms system (templates), its EHR (assignments) and its integration engine (events). */
let forms: string;
let ehr: string;
let engine: string;
let today: string;

const JANE_MRN = 'RCC-100234';
const SD = 'http://hl7.org/fhir/StructureDefinition';
const PORTAL = 'https://fhir.patient-portal.dev/StructureDefinition';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  [forms, ehr, engine] = await Promise.all([tokenOf('content'), tokenOf('clinical'), tokenOf('events')]);
  today = localDate(new Date(), 'America/New_York');
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const tokenOf = (scopes: string, facility = 'riverside') => integrationToken(t, scopes, facility);
const newId = (prefix: string) => `${prefix}-${randomUUID()}`;

const templateUrl = (externalId: string) => `/integration/v1/questionnaire-templates/${encodeURIComponent(externalId)}`;
const assignmentUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/questionnaire-assignments/${encodeURIComponent(externalId)}`;
const FHIR_JSON = { 'content-type': 'application/fhir+json' };
const putTemplate = (
  externalId: string,
  resource: unknown,
  token = forms,
  headers: Record<string, string> = FHIR_JSON,
) => request(t, 'PUT', templateUrl(externalId), { token, body: resource, headers });
const getTemplate = (externalId: string, token = forms) => request(t, 'GET', templateUrl(externalId), { token });
const withdrawTemplate = (externalId: string, token = forms) =>
  request(t, 'DELETE', templateUrl(externalId), { token });
const assign = (externalId: string, body: unknown, token = ehr, mrn = JANE_MRN) =>
  request(t, 'PUT', assignmentUrl(externalId, mrn), { token, body });
const getAssignment = (externalId: string, token = ehr, mrn = JANE_MRN) =>
  request(t, 'GET', assignmentUrl(externalId, mrn), { token });
const unassign = (externalId: string, token = ehr, mrn = JANE_MRN) =>
  request(t, 'DELETE', assignmentUrl(externalId, mrn), { token });

const ordinal = (value: number) => [{ url: `${SD}/ordinalValue`, valueDecimal: value }];
const frequency = [
  { valueCoding: { system: 'http://loinc.org', code: 'LA6568-5', display: 'Not at all' }, extension: ordinal(0) },
  { valueCoding: { system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days' }, extension: ordinal(1) },
  {
    valueCoding: { system: 'http://loinc.org', code: 'LA6570-1', display: 'More than half the days' },
    extension: ordinal(2),
  },
];

/**
 * A small instrument: a scored radio (item 1), a table of two scored rows (header 2, rows 3 and 4), a drop-down
 * with an 'other' option (5) and a text (6); one score over every scored item, with ranges.
 */
const wellbeing = (title = 'Wellbeing check') => ({
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://fhir.riverside.example/Questionnaire/wellbeing',
  version: '1',
  title,
  _title: {
    extension: [
      {
        url: `${SD}/translation`,
        extension: [
          { url: 'lang', valueCode: 'es-MX' },
          { url: 'content', valueString: 'Control de bienestar' },
        ],
      },
    ],
  },
  extension: [
    { url: `${PORTAL}/patient-instructions`, valueString: 'Think of the last two weeks.' },
    {
      url: `${PORTAL}/score`,
      extension: [
        { url: 'code', valueCode: 'total' },
        { url: 'name', valueString: 'Total' },
        {
          url: 'range',
          extension: [
            { url: 'min', valueDecimal: 0 },
            { url: 'max', valueDecimal: 2 },
            { url: 'message', valueString: 'Low' },
          ],
        },
        {
          url: 'range',
          extension: [
            { url: 'min', valueDecimal: 3 },
            { url: 'max', valueDecimal: 6 },
            { url: 'message', valueString: 'Raised' },
          ],
        },
      ],
    },
  ],
  item: [
    { linkId: 'mood', text: 'Feeling down?', type: 'choice', required: true, answerOption: frequency },
    {
      linkId: 'week',
      text: 'In the last week',
      type: 'group',
      extension: [{ url: `${SD}/questionnaire-itemControl`, valueCodeableConcept: { coding: [{ code: 'gtable' }] } }],
      item: [
        { linkId: 'week-sleep', text: 'Trouble sleeping', type: 'choice', answerOption: frequency },
        { linkId: 'week-appetite', text: 'Poor appetite', type: 'choice', answerOption: frequency },
      ],
    },
    {
      linkId: 'transport',
      text: 'How did you get here?',
      type: 'choice',
      extension: [
        { url: `${SD}/questionnaire-itemControl`, valueCodeableConcept: { coding: [{ code: 'drop-down' }] } },
      ],
      answerOption: [
        { valueCoding: { system: 'https://fhir.riverside.example/cs', code: 'car', display: 'Car' } },
        {
          valueCoding: { system: 'https://fhir.riverside.example/cs', code: 'other', display: 'Other' },
          extension: [{ url: `${PORTAL}/other-option`, valueBoolean: true }],
        },
      ],
    },
    { linkId: 'notes', text: 'Anything else?', type: 'text' },
  ],
});

const PHQ9: unknown = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/fhir/phq-9-loinc.json'), 'utf8'),
);

/** A new template of `resource` (201): its externalId and portal id. */
async function template(resource: unknown = wellbeing()) {
  const externalId = newId('QT');
  const res = await putTemplate(externalId, resource);
  expect(res.statusCode, res.body).toBe(201);
  return { externalId, templateId: res.json<IntegrationQuestionnaireTemplatePut>().templateId };
}

/** A new assignment of `templateExternalId` to jane, due today (201): its externalId and portal id. */
async function assigned(templateExternalId: string, dueDate = today) {
  const externalId = newId('QA');
  const res = await assign(externalId, { templateExternalId, dueDate });
  expect(res.statusCode, res.body).toBe(201);
  return { externalId, id: res.json<IntegrationRecordPut>().id };
}

const janeQuestionnaires = () => `/api/patients/${fx.patientA}/assignedquestionnaires`;
const janeCurrent = async () =>
  expectOk<AssignedQuestionnaireSummary[]>(await api.get(janeQuestionnaires(), 'patientA'));
const janeOpens = (id: number) => api.get(`${janeQuestionnaires()}/${id}`, 'patientA');

const answer = (questionnaireItemId: number, fields: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionnaireItemId,
  listAnswerId: null,
  otherOptionText: null,
  isChecked: null,
  numberAnswer: null,
  textAnswer: null,
  dateAnswer: null,
  ...fields,
});
/** Mood: several days (1); sleep: more than half the days (2); appetite: not at all (0); other transport; a note. */
const WELLBEING_ANSWERS = [
  answer(1, { listAnswerId: 2 }),
  answer(3, { listAnswerId: 3 }),
  answer(4, { listAnswerId: 1 }),
  answer(5, { listAnswerId: 2, otherOptionText: 'My neighbour drove me' }),
  answer(6, { textAnswer: 'Tired in the afternoons' }),
];
const janeSubmits = (id: number, answers = WELLBEING_ANSWERS) =>
  api.put(`${janeQuestionnaires()}/${id}`, 'patientA', {
    assignedQuestionnaireId: id,
    patientQuestionAnswerList: answers,
  });
const janeDeclines = (id: number) =>
  api.put(`${janeQuestionnaires()}/declinequestionnaire`, 'patientA', { assignedQuestionnaireId: id });

const latestAuditId = async () =>
  Number((await db.select({ id: sql<string | null>`max(${auditEvents.id})` }).from(auditEvents))[0]?.id ?? 0);
type EventsPage = z.infer<typeof IntegrationEventsPageSchema>;
const eventsSince = async (after: number, token = engine) => {
  const res = await request(t, 'GET', `/integration/v1/events?after=${after}&limit=500`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventsPage>().events;
};

/** The QuestionnaireResponse of the wellbeing answers (WELLBEING_ANSWERS), for jane. */
const expectWellbeingResponse = (
  response: FhirQuestionnaireResponse | null | undefined,
  id: number,
  externalId: string,
) => {
  expect(fhirIssues(response)).toEqual([]);
  expect(response).toMatchObject({
    resourceType: 'QuestionnaireResponse',
    id: String(id),
    identifier: { value: externalId },
    questionnaire: 'https://fhir.riverside.example/Questionnaire/wellbeing|1',
    status: 'completed',
    subject: { type: 'Patient', identifier: { value: JANE_MRN } },
    author: { type: 'Patient', identifier: { value: JANE_MRN } },
    extension: [
      {
        url: `${PORTAL}/score`,
        extension: [
          { url: 'code', valueCode: 'total' },
          { url: 'name', valueString: 'Total' },
          { url: 'value', valueDecimal: 3 },
        ],
      },
    ],
  });
  expect(response?.item).toEqual([
    {
      linkId: 'mood',
      text: 'Feeling down?',
      answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days' } }],
    },
    {
      linkId: 'week',
      text: 'In the last week',
      item: [
        {
          linkId: 'week-sleep',
          text: 'Trouble sleeping',
          answer: [
            { valueCoding: { system: 'http://loinc.org', code: 'LA6570-1', display: 'More than half the days' } },
          ],
        },
        {
          linkId: 'week-appetite',
          text: 'Poor appetite',
          answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA6568-5', display: 'Not at all' } }],
        },
      ],
    },
    {
      linkId: 'transport',
      text: 'How did you get here?',
      answer: [
        { valueCoding: { system: 'https://fhir.riverside.example/cs', code: 'other', display: 'Other' } },
        { valueString: 'My neighbour drove me' },
      ],
    },
    { linkId: 'notes', text: 'Anything else?', answer: [{ valueString: 'Tired in the afternoons' }] },
  ]);
};

/* -------------------------------------------------------------- templates */

describe('PUT /integration/v1/questionnaire-templates/:externalId', () => {
  it('creates a template from a FHIR Questionnaire; a resend changes nothing; other content is a new version', async () => {
    const externalId = newId('QT');
    const created = await putTemplate(externalId, wellbeing());
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<IntegrationQuestionnaireTemplatePut>();
    expect(first).toEqual({
      templateId: expect.any(Number),
      externalId,
      outcome: 'created',
      items: 6,
      scores: ['total'],
    });

    // The same resource, its keys in another order and sent as plain JSON, is the same content.
    const reordered = Object.fromEntries(Object.entries(wellbeing()).reverse());
    const again = await putTemplate(externalId, reordered, forms, { 'content-type': 'application/json' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<IntegrationQuestionnaireTemplatePut>()).toMatchObject({
      templateId: first.templateId,
      outcome: 'unchanged',
    });

    const changed = await putTemplate(externalId, wellbeing('Wellbeing check (2026)'));
    expect(changed.statusCode, changed.body).toBe(200);
    const second = changed.json<IntegrationQuestionnaireTemplatePut>();
    expect(second.outcome).toBe('updated');
    expect(second.templateId).not.toBe(first.templateId);

    const rows = await db
      .select()
      .from(questionnaireTemplates)
      .where(eq(questionnaireTemplates.externalId, externalId))
      .orderBy(asc(questionnaireTemplates.id));
    expect(rows.map((r) => [r.id, r.title, r.supersededAt === null, r.withdrawnAt])).toEqual([
      [first.templateId, 'Wellbeing check', false, null],
      [second.templateId, 'Wellbeing check (2026)', true, null],
    ]);
    expect(rows[1]?.resource).toEqual(wellbeing('Wellbeing check (2026)'));
    expect(rows[1]?.definition).toMatchObject({
      title: {
        text: 'Wellbeing check (2026)',
        translations: { 'es-MX': 'Control de bienestar', es: 'Control de bienestar' },
      },
      patientInstructions: { text: 'Think of the last two weeks.' },
    });
  });

  it('reads the PHQ-9 as LHC-Forms publishes it: 10 questions and its calculated total as the score', async () => {
    const res = await putTemplate(newId('PHQ9'), PHQ9);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<IntegrationQuestionnaireTemplatePut>()).toMatchObject({ items: 10, scores: ['44261-6'] });
  });

  it('refuses what the portal cannot show with 400 invalid_questionnaire naming the JSON path; nothing is stored', async () => {
    const externalId = newId('QT');
    const resource = wellbeing() as Record<string, unknown> & { item: Record<string, unknown>[] };
    const withItem = (extra: Record<string, unknown>, at = 1) => ({
      ...resource,
      item: resource.item.map((item, i) => (i === at ? { ...item, ...extra } : item)),
    });
    const attachment = expectError(
      await putTemplate(externalId, withItem({ type: 'attachment' }, 3)),
      400,
      'invalid_questionnaire',
      'item[3].type',
    );
    expect(attachment.message).toContain("'attachment'");
    const row = {
      ...resource,
      item: resource.item.map((item) =>
        item.linkId === 'week'
          ? { ...item, item: [(item.item as unknown[])[0], { linkId: 'w3', text: 'Weight', type: 'decimal' }] }
          : item,
      ),
    };
    expect(
      expectError(await putTemplate(externalId, row), 400, 'invalid_questionnaire', 'item[1].item[1].type').message,
    ).toContain('must be choice items');
    expectError(
      await putTemplate(
        externalId,
        withItem({ enableWhen: [{ question: 'mood', operator: 'exists', answerBoolean: true }] }, 3),
      ),
      400,
      'invalid_questionnaire',
      'item[3].enableWhen',
    );
    expectError(
      await putTemplate(
        externalId,
        withItem({ answerOption: undefined, answerValueSet: 'http://loinc.org/vs/LL358-3' }, 0),
      ),
      400,
      'invalid_questionnaire',
      'item[0].answerValueSet',
    );
    expectError(
      await putTemplate(externalId, { ...resource, resourceType: 'Patient' }),
      400,
      'invalid_questionnaire',
      'resourceType',
    );
    expectError(await putTemplate(externalId, [resource]), 400, 'validation_failed');
    const notJson = await t.app.inject({
      method: 'PUT',
      url: templateUrl(externalId),
      headers: { authorization: `Bearer ${forms}`, ...FHIR_JSON },
      payload: '{"resourceType": "Questionnaire",',
    });
    expectError(notJson, 400, 'bad_request');
    expect(
      await db.select().from(questionnaireTemplates).where(eq(questionnaireTemplates.externalId, externalId)),
    ).toEqual([]);
  });

  it('needs the content scope: no token 401, a clinical token or a patient’s session 403/401', async () => {
    expectError(await request(t, 'PUT', templateUrl(newId('QT')), { body: wellbeing() }), 401, 'invalid_token');
    expectError(await putTemplate(newId('QT'), wellbeing(), ehr), 403, 'insufficient_scope');
    expectError(await getTemplate(newId('QT'), ehr), 403, 'insufficient_scope');
    expectError(await withdrawTemplate(newId('QT'), ehr), 403, 'insufficient_scope');
    const jane = await api.tokenOf('patientA');
    expectError(await putTemplate(newId('QT'), wellbeing(), jane ?? ''), 401, 'invalid_token');
  });
});

describe('GET /integration/v1/questionnaire-templates/:externalId', () => {
  it('answers the current version, its version count and the resource as sent; 404 for another facility', async () => {
    const { externalId, templateId } = await template();
    let body = expectOk<IntegrationQuestionnaireTemplate>(await getTemplate(externalId));
    expect(body).toEqual({
      templateId,
      externalId,
      title: 'Wellbeing check',
      status: 'active',
      versions: 1,
      importedAt: expect.any(String),
      items: 6,
      scores: ['total'],
      resource: wellbeing(),
    });
    await putTemplate(externalId, wellbeing('Renamed'));
    body = expectOk<IntegrationQuestionnaireTemplate>(await getTemplate(externalId));
    expect(body).toMatchObject({ title: 'Renamed', versions: 2 });
    expect(body.templateId).not.toBe(templateId);

    expectError(await getTemplate(newId('QT')), 404, 'not_found', { message: TEMPLATE_NOT_FOUND_MESSAGE });
    const lakeside = await tokenOf('content', 'lakeside');
    expectError(await getTemplate(externalId, lakeside), 404, 'not_found');
  });
});

describe('DELETE /integration/v1/questionnaire-templates/:externalId', () => {
  it('withdraws the template and its open assignments; answered ones stay; put again, it is back', async () => {
    const { externalId } = await template();
    const open = await assigned(externalId);
    const answered = await assigned(externalId);
    expect((await janeSubmits(answered.id)).statusCode).toBe(200);

    expectNoContent(await withdrawTemplate(externalId));
    expect((await janeCurrent()).some((q) => q.assignedQuestionnaireId === open.id)).toBe(false);
    expect(expectOk<IntegrationQuestionnaireTemplate>(await getTemplate(externalId)).status).toBe('withdrawn');
    expect(expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(open.externalId))).toMatchObject({
      status: 'assigned',
      withdrawn: true,
    });
    expect(expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(answered.externalId))).toMatchObject({
      status: 'completed',
      withdrawn: false,
    });
    expectNoContent(await withdrawTemplate(externalId));

    // A withdrawn template cannot be assigned.
    expectError(
      await assign(newId('QA'), { templateExternalId: externalId, dueDate: today }),
      400,
      'validation_failed',
      {
        field: 'templateExternalId',
        message: UNKNOWN_TEMPLATE_MESSAGE,
      },
    );
    const back = await putTemplate(externalId, wellbeing());
    expect(back.json<IntegrationQuestionnaireTemplatePut>().outcome).toBe('updated');
    expect(expectOk<IntegrationQuestionnaireTemplate>(await getTemplate(externalId)).status).toBe('active');
    expect((await janeCurrent()).some((q) => q.assignedQuestionnaireId === open.id)).toBe(false);

    expectError(await withdrawTemplate(newId('QT')), 404, 'not_found', { message: TEMPLATE_NOT_FOUND_MESSAGE });
  });
});

/* ------------------------------------------------------------ assignments */

describe('PUT /integration/v1/patients/:mrn/questionnaire-assignments/:externalId', () => {
  it('assigns a template to jane: in her Current list at once; a resend changes nothing; new days replace the old', async () => {
    const { externalId: templateExternalId, templateId } = await template();
    const externalId = newId('QA');
    const created = await assign(externalId, { templateExternalId, dueDate: addDays(today, 3) });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<IntegrationRecordPut>();
    expect(created.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: true, changed: true });
    const [row] = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id));
    expect(row).toMatchObject({
      patientId: fx.patientA,
      templateId,
      externalId,
      dueDate: addDays(today, 3),
      availableFrom: today,
      status: 'assigned',
      withdrawnAt: null,
    });
    expect((await janeCurrent()).find((q) => q.assignedQuestionnaireId === id)).toMatchObject({
      templateTitle: 'Wellbeing check',
      statusDescription: 'Assigned',
      dueDate: addDays(today, 3),
    });

    const again = await assign(externalId, { templateExternalId, dueDate: addDays(today, 3) });
    expect(again.statusCode).toBe(200);
    expect(again.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: false });

    const moved = await assign(externalId, {
      templateExternalId,
      dueDate: addDays(today, 10),
      availableFrom: addDays(today, 1),
    });
    expect(moved.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: true });
    const [after] = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id));
    expect(after).toMatchObject({ dueDate: addDays(today, 10), availableFrom: addDays(today, 1) });
    expect((await janeCurrent()).some((q) => q.assignedQuestionnaireId === id)).toBe(false);
  });

  it('another template starts a started assignment afresh: its draft is dropped', async () => {
    const first = await template();
    const second = await template(wellbeing('Another check'));
    const { externalId, id } = await assigned(first.externalId);
    expect((await janeOpens(id)).statusCode).toBe(200);
    await db
      .insert(questionnaireDrafts)
      .values({ assignmentId: id, author: 'patient', answers: [], savedAt: new Date() });
    const res = await assign(externalId, { templateExternalId: second.externalId, dueDate: today });
    expect(res.json<IntegrationRecordPut>().changed).toBe(true);
    const [row] = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id));
    expect(row).toMatchObject({ templateId: second.templateId, status: 'assigned', viewedAt: null });
    expect(await db.select().from(questionnaireDrafts).where(eq(questionnaireDrafts.assignmentId, id))).toEqual([]);
  });

  it('refuses what it cannot assign: an unknown template (400), an unknown MRN (404), a bad body (400)', async () => {
    expectError(
      await assign(newId('QA'), { templateExternalId: newId('QT'), dueDate: today }),
      400,
      'validation_failed',
      { field: 'templateExternalId', message: UNKNOWN_TEMPLATE_MESSAGE },
    );
    const { externalId: templateExternalId } = await template();
    expectError(await assign(newId('QA'), { templateExternalId, dueDate: today }, ehr, 'RCC-NOBODY'), 404, 'not_found');
    expectError(
      await assign(newId('QA'), { templateExternalId, dueDate: '2026-02-30' }),
      400,
      'validation_failed',
      'dueDate',
    );
    expectError(
      await assign(newId('QA'), { templateExternalId, dueDate: today, availableFrom: addDays(today, 1) }),
      400,
      'validation_failed',
      'availableFrom',
    );
    expectError(await assign(newId('QA'), { templateExternalId, dueDate: today, extra: 1 }), 400, 'validation_failed');
    // Another facility's template is not one of Lakeside's.
    const lakeside = await tokenOf('clinical', 'lakeside');
    expectError(
      await assign(newId('QA'), { templateExternalId, dueDate: today }, lakeside, 'LCC-2001'),
      400,
      'validation_failed',
      'templateExternalId',
    );
  });

  it('needs the clinical scope', async () => {
    const { externalId: templateExternalId } = await template();
    expectError(await assign(newId('QA'), { templateExternalId, dueDate: today }, forms), 403, 'insufficient_scope');
    expectError(await getAssignment(newId('QA'), forms), 403, 'insufficient_scope');
    expectError(await unassign(newId('QA'), forms), 403, 'insufficient_scope');
    expectError(await request(t, 'GET', assignmentUrl(newId('QA'))), 401, 'invalid_token');
  });
});

describe('versions: an assignment keeps the version it was given once started', () => {
  it('a new version takes the unopened assignments; the started one keeps its questions', async () => {
    const { externalId, templateId: v1 } = await template();
    const unopened = await assigned(externalId);
    const started = await assigned(externalId);
    expect((await janeOpens(started.id)).statusCode).toBe(200);

    const changed = wellbeing('Wellbeing check, revised');
    changed.item = changed.item.filter((item) => item.linkId !== 'notes');
    const res = await putTemplate(externalId, changed);
    const v2 = res.json<IntegrationQuestionnaireTemplatePut>().templateId;

    const state = async (id: string) => expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(id));
    expect(await state(unopened.externalId)).toMatchObject({ templateId: v2, status: 'assigned' });
    expect(await state(started.externalId)).toMatchObject({ templateId: v1, status: 'started' });
    const startedView = expectOk<AssignedQuestionnaire>(await janeOpens(started.id));
    expect(startedView.templateTitle).toBe('Wellbeing check');
    expect(startedView.questionnaireItems).toHaveLength(6);
    const unopenedView = expectOk<AssignedQuestionnaire>(await janeOpens(unopened.id));
    expect(unopenedView.templateTitle).toBe('Wellbeing check, revised');
    expect(unopenedView.questionnaireItems).toHaveLength(5);

    // Put again with the same template, the started one still keeps its version.
    await assign(started.externalId, { templateExternalId: externalId, dueDate: addDays(today, 1) });
    expect(await state(started.externalId)).toMatchObject({ templateId: v1, dueDate: addDays(today, 1) });
  });
});

describe('GET and DELETE /integration/v1/patients/:mrn/questionnaire-assignments/:externalId', () => {
  it('answers the state; once completed, the QuestionnaireResponse; a change after that is 409 already_answered', async () => {
    const { externalId: templateExternalId } = await template();
    const { externalId, id } = await assigned(templateExternalId);
    expect(expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(externalId))).toEqual({
      id,
      externalId,
      templateExternalId,
      templateId: expect.any(Number),
      status: 'assigned',
      dueDate: today,
      availableFrom: today,
      completedAt: null,
      withdrawn: false,
      questionnaireResponse: null,
    });

    const submitted = await janeSubmits(id);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const body = expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(externalId));
    expect(body).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expectWellbeingResponse(body.questionnaireResponse, id, externalId);
    expect(body.questionnaireResponse?.authored).toBe(body.completedAt);

    expectError(await assign(externalId, { templateExternalId, dueDate: addDays(today, 5) }), 409, 'already_answered', {
      message: ALREADY_ANSWERED_MESSAGE,
    });
    expect(
      (await assign(externalId, { templateExternalId, dueDate: today })).json<IntegrationRecordPut>().changed,
    ).toBe(false);
  });

  it('says missed 30 days after the due date', async () => {
    const { externalId: templateExternalId } = await template();
    const externalId = newId('QA');
    await assign(externalId, { templateExternalId, dueDate: addDays(today, -31), availableFrom: addDays(today, -40) });
    expect(expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(externalId)).status).toBe('missed');
  });

  it('withdraws an assignment: gone for jane; the row stays; put again, it is back', async () => {
    const { externalId: templateExternalId } = await template();
    const { externalId, id } = await assigned(templateExternalId);
    expectNoContent(await unassign(externalId));
    expect((await janeCurrent()).some((q) => q.assignedQuestionnaireId === id)).toBe(false);
    expectError(await janeOpens(id), 404, 'not_found');
    expect(expectOk<IntegrationQuestionnaireAssignmentState>(await getAssignment(externalId)).withdrawn).toBe(true);
    expectNoContent(await unassign(externalId));
    const back = await assign(externalId, { templateExternalId, dueDate: today });
    expect(back.json<IntegrationRecordPut>()).toMatchObject({ id, changed: true });
    expect((await janeCurrent()).some((q) => q.assignedQuestionnaireId === id)).toBe(true);

    expectError(await unassign(newId('QA')), 404, 'not_found', { message: ASSIGNMENT_NOT_FOUND_MESSAGE });
    expectError(await getAssignment(newId('QA')), 404, 'not_found', { message: ASSIGNMENT_NOT_FOUND_MESSAGE });
    const lakeside = await tokenOf('clinical', 'lakeside');
    expectError(await getAssignment(externalId, lakeside), 404, 'not_found');
  });
});

/* ------------------------------------------ interpretation (issue 32, finding 6) */

describe('PUT and GET /integration/v1/questionnaire-templates/:externalId/interpretation', () => {
  const interpretationUrl = (externalId: string) => `${templateUrl(externalId)}/interpretation`;
  const putInterpretation = (externalId: string, body: unknown, token = forms) =>
    request(t, 'PUT', interpretationUrl(externalId), { token, body });
  const five = (en: string, es: string) => ({ en, es, fr: `${en} (fr)`, pt: `${en} (pt)`, zh: `${en} (zh)` });
  const PHQ9_BANDS = [
    { min: 0, max: 4, label: five('Minimal depression', 'Depresión mínima') },
    { min: 5, max: 9, label: five('Mild depression', 'Depresión leve') },
    { min: 10, max: 14, label: five('Moderate depression', 'Depresión moderada') },
    { min: 15, max: 19, label: five('Moderately severe depression', 'Depresión moderadamente grave') },
    { min: 20, max: 27, label: five('Severe depression', 'Depresión grave') },
  ];
  const CRISIS = five(
    'If you are thinking of hurting yourself, call or text 988 now.',
    'Si está pensando en hacerse daño, llame o envíe un mensaje de texto al 988 ahora.',
  );
  const PHQ9_INTERPRETATION = {
    bands: PHQ9_BANDS,
    safetyMessages: [{ when: { kind: 'item', linkId: '/44260-8', min: 1 }, message: CRISIS }],
  };
  /** The LHC-Forms PHQ-9 with a canonical url and version, as a facility's forms server may hold it. */
  const PHQ9_CANONICAL = {
    ...(PHQ9 as Record<string, unknown>),
    url: 'http://loinc.org/q/44249-1',
    version: '2.72',
  };
  // Items 1-9 (options 1-4 score 0-3) then the difficulty question (10): 1+1+2+1+3+1+0+1+1 = 11; item 9 scores 1.
  const PHQ9_ANSWERS = [2, 2, 3, 2, 4, 2, 1, 2, 2, 2].map((listAnswerId, i) => answer(i + 1, { listAnswerId }));

  it('sets and reads bands and safety messages; jane’s imported PHQ-9 then says 11, its band and the crisis message', async () => {
    const { externalId: templateExternalId } = await template(PHQ9_CANONICAL);
    const empty = expectOk<IntegrationQuestionnaireInterpretation>(
      await request(t, 'GET', interpretationUrl(templateExternalId), { token: forms }),
    );
    expect(empty).toEqual({ externalId: templateExternalId, bands: [], safetyMessages: [], updatedAt: null });

    const before = await latestAuditId();
    const set = expectOk<IntegrationQuestionnaireInterpretation>(
      await putInterpretation(templateExternalId, PHQ9_INTERPRETATION),
    );
    expect(set).toEqual({ externalId: templateExternalId, ...PHQ9_INTERPRETATION, updatedAt: expect.any(String) });
    expect(
      expectOk<IntegrationQuestionnaireInterpretation>(
        await request(t, 'GET', interpretationUrl(templateExternalId), { token: forms }),
      ),
    ).toEqual(set);
    // Audited as every integration call is: who, which route and template, the outcome; never the texts.
    const audits = await db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.id} > ${before}`);
    const put = audits.find(
      (a) => a.route === 'PUT /integration/v1/questionnaire-templates/:externalId/interpretation',
    );
    expect(put).toMatchObject({
      eventType: 'integrationcallauditevent',
      outcome: 'success',
      detail: { externalId: templateExternalId, status: 200 },
    });
    expect(JSON.stringify(put)).not.toContain('988');

    const { externalId, id } = await assigned(templateExternalId);
    const submitted = await janeSubmits(id, PHQ9_ANSWERS);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json<AssignedQuestionnaire>();
    expect(result.patientScoreList).toEqual([
      {
        scoreCode: '44261-6',
        scoreName: 'Patient health questionnaire 9 item total score',
        score: 11,
        patientMessageOnCompletion: 'Moderate depression',
        interpretation: 'Moderate depression',
      },
    ]);
    expect(result.safetyMessages).toEqual([CRISIS.en]);

    // Read again in Spanish: the same numbers, the facility's texts in the reader's language.
    const spanish = expectOk<AssignedQuestionnaire>(
      await api.get(`${janeQuestionnaires()}/history/${id}?language=es-MX`, 'patientA'),
    );
    expect(spanish.patientScoreList[0]).toMatchObject({ score: 11, interpretation: 'Depresión moderada' });
    expect(spanish.safetyMessages).toEqual([CRISIS.es]);
    const chinese = expectOk<AssignedQuestionnaire>(
      await api.get(`${janeQuestionnaires()}/history/${id}?language=zh`, 'patientA'),
    );
    expect(chinese.safetyMessages).toEqual([CRISIS.zh]);

    // What goes back: the total as the answer of its calculated item, the canonical, codings with their system.
    const response = expectOk<IntegrationQuestionnaireAssignmentState>(
      await getAssignment(externalId),
    ).questionnaireResponse;
    // Valid FHIR R4 as @medplum/core's validator reads the base StructureDefinitions.
    expect(fhirIssues(response)).toEqual([]);
    expect(response?.questionnaire).toBe('http://loinc.org/q/44249-1|2.72');
    expect(response?.item.map((i) => i.linkId)).toEqual([
      '/44250-9',
      '/44255-8',
      '/44259-0',
      '/44254-1',
      '/44251-7',
      '/44258-2',
      '/44252-5',
      '/44253-3',
      '/44260-8',
      '/44261-6',
      '/69722-7',
    ]);
    expect(response?.item[9]).toEqual({
      linkId: '/44261-6',
      text: 'Patient health questionnaire 9 item total score',
      answer: [{ valueDecimal: 11 }],
    });
    expect(response?.item[8]?.answer).toEqual([
      { valueCoding: { system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days' } },
    ]);
    expect(response?.item.flatMap((i) => i.answer ?? []).filter((a) => a.valueCoding && !a.valueCoding.system)).toEqual(
      [],
    );
  });

  it('item 9 "Not at all": the band but no crisis message; cleared, neither', async () => {
    const { externalId: templateExternalId } = await template(PHQ9);
    expectOk(await putInterpretation(templateExternalId, PHQ9_INTERPRETATION));
    const { id } = await assigned(templateExternalId);
    const answers = PHQ9_ANSWERS.map((a) => (a.questionnaireItemId === 9 ? { ...a, listAnswerId: 1 } : a));
    const result = expectOk<AssignedQuestionnaire>(await janeSubmits(id, answers));
    expect(result.patientScoreList.map((s) => [s.score, s.interpretation])).toEqual([[10, 'Moderate depression']]);
    expect(result.safetyMessages).toEqual([]);
    expectOk(await putInterpretation(templateExternalId, { bands: [], safetyMessages: [] }));
    const again = expectOk<AssignedQuestionnaire>(await api.get(`${janeQuestionnaires()}/history/${id}`, 'patientA'));
    expect(again.patientScoreList.map((s) => [s.score, s.interpretation, s.patientMessageOnCompletion])).toEqual([
      [10, null, null],
    ]);
  });

  it('refuses what the template cannot read with a 400 naming the field; 404 for an unknown template; scope content', async () => {
    const { externalId } = await template(PHQ9);
    const band = PHQ9_BANDS[0]!;
    const refused = async (body: unknown, code: string, field: string) =>
      expectError(await putInterpretation(externalId, body), 400, code, field).message;
    expect(
      await refused(
        { bands: [{ ...band, scoreCode: 'anxiety' }], safetyMessages: [] },
        'validation_failed',
        'bands.0.scoreCode',
      ),
    ).toContain('44261-6');
    expect(
      await refused({ bands: [band, { ...band, min: 3 }], safetyMessages: [] }, 'validation_failed', 'bands.1.min'),
    ).toContain('overlaps');
    await refused({ bands: [{ ...band, min: 5, max: 4 }], safetyMessages: [] }, 'validation_failed', 'bands.0.max');
    await refused(
      { bands: [], safetyMessages: [{ when: { kind: 'item', linkId: '/69722-7', min: 1 }, message: CRISIS }] },
      'validation_failed',
      'safetyMessages.0.when.linkId',
    );
    // Shape: every language, nothing unknown.
    await refused(
      { bands: [{ ...band, label: { en: 'Minimal' } }], safetyMessages: [] },
      'validation_failed',
      'bands.0.label.es',
    );
    await refused({ bands: [], safetyMessages: [], colour: 'red' }, 'validation_failed', 'colour');
    await refused({ bands: [] }, 'validation_failed', 'safetyMessages');
    // A NUL in a text is hostile input: refused before anything is stored.
    await refused(
      { bands: [{ ...band, label: { ...band.label, es: 'Depresión\u0000 mínima' } }], safetyMessages: [] },
      'validation_failed',
      'bands.0.label.es',
    );
    expect(
      expectOk<IntegrationQuestionnaireInterpretation>(
        await request(t, 'GET', interpretationUrl(externalId), { token: forms }),
      ).bands,
    ).toEqual([]);

    // A template without a score has nothing for a band to read.
    const { externalId: unscored } = await template({
      resourceType: 'Questionnaire',
      status: 'active',
      title: 'Notes',
      item: [{ linkId: 'n', type: 'string', text: 'Anything?' }],
    });
    expect(
      expectError(
        await putInterpretation(unscored, { bands: [band], safetyMessages: [] }),
        400,
        'validation_failed',
        'bands.0',
      ).message,
    ).toContain('no score');

    expectError(await putInterpretation(newId('QT'), PHQ9_INTERPRETATION), 404, 'not_found', {
      message: TEMPLATE_NOT_FOUND_MESSAGE,
    });
    expectError(await putInterpretation(externalId, PHQ9_INTERPRETATION, ehr), 403, 'insufficient_scope');
    const lakeside = await tokenOf('content', 'lakeside');
    expectError(await putInterpretation(externalId, PHQ9_INTERPRETATION, lakeside), 404, 'not_found');
  });
});

/* ----------------------------------------------------------------- events */

describe('the event feed: questionnaire.completed and questionnaire.declined', () => {
  it('a submit in the portal is a questionnaire.completed event carrying its QuestionnaireResponse', async () => {
    const { externalId: templateExternalId, templateId } = await template();
    const { externalId, id } = await assigned(templateExternalId);
    const cursor = await latestAuditId();
    expect((await janeSubmits(id)).statusCode).toBe(200);

    const events = (await eventsSince(cursor)).filter((e) => e.type.startsWith('questionnaire.'));
    expect(events).toHaveLength(1);
    const [event] = events as [IntegrationEvent];
    expect(event).toMatchObject({
      type: 'questionnaire.completed',
      patient: { mrn: JANE_MRN },
      actor: { relationship: 'self' },
      record: {
        auditEvent: 'questionnairesubmitauditevent',
        assignedQuestionnaireId: id,
        templateId,
        assignmentExternalId: externalId,
        templateExternalId,
      },
    });
    expectWellbeingResponse(event.questionnaireResponse, id, externalId);
    // The feed never carries anything else of the answers.
    expect(JSON.stringify(event.record)).not.toContain('neighbour');
  });

  it('a decline is a questionnaire.declined event without a response; another facility sees neither', async () => {
    const { externalId: templateExternalId } = await template();
    const { externalId, id } = await assigned(templateExternalId);
    const cursor = await latestAuditId();
    expect((await janeDeclines(id)).statusCode).toBe(200);
    const [event] = (await eventsSince(cursor)).filter((e) => e.type.startsWith('questionnaire.'));
    expect(event).toMatchObject({
      type: 'questionnaire.declined',
      record: {
        auditEvent: 'questionnairedeclineauditevent',
        assignedQuestionnaireId: id,
        assignmentExternalId: externalId,
      },
    });
    expect(event).not.toHaveProperty('questionnaireResponse');
    const lakeside = await tokenOf('events', 'lakeside');
    expect((await eventsSince(cursor, lakeside)).filter((e) => e.type.startsWith('questionnaire.'))).toEqual([]);
  });

  it('reads a page of events with one query for the audit rows and one for every response of the page', async () => {
    const { externalId: templateExternalId } = await template();
    const cursor = await latestAuditId();
    for (let i = 0; i < 3; i++) {
      const { id } = await assigned(templateExternalId);
      expect((await janeSubmits(id)).statusCode).toBe(200);
    }
    let selects = 0;
    const counted = new Proxy(db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === 'select' && typeof value === 'function') {
          return (...args: unknown[]) => {
            selects += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const [jane] = await db
      .select({ facilityId: patients.homeFacilityId })
      .from(patients)
      .where(eq(patients.id, fx.patientA));
    const events = await eventsAfter(counted, jane!.facilityId, cursor, 500);
    expect(events.filter((e) => e.questionnaireResponse)).toHaveLength(3);
    expect(selects).toBe(2);
  });

  it('webhooks deliver the same event, QuestionnaireResponse included', async () => {
    await withWebhookReceiver(t, async (deliver) => {
      const { externalId: templateExternalId } = await template();
      const { externalId, id } = await assigned(templateExternalId);
      expect((await janeSubmits(id)).statusCode).toBe(200);
      const delivered = (await deliver()).find(
        (e) => e.type === 'questionnaire.completed' && e.record.assignedQuestionnaireId === id,
      );
      expectWellbeingResponse(delivered?.questionnaireResponse, id, externalId);
    });
  });
});

describe('the integration OpenAPI document', () => {
  it('describes every questionnaire route, and the events’ QuestionnaireResponse', async () => {
    const res = await t.app.inject({ url: '/integration/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Operation = { summary?: string; description?: string; tags?: string[] };
    const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
    for (const [url, methods] of [
      ['/integration/v1/questionnaire-templates/{externalId}', ['put', 'get', 'delete']],
      ['/integration/v1/questionnaire-templates/{externalId}/interpretation', ['put', 'get']],
      ['/integration/v1/patients/{mrn}/questionnaire-assignments/{externalId}', ['put', 'get', 'delete']],
    ] as const) {
      for (const method of methods) {
        const operation = doc.paths[url]?.[method];
        expect(operation?.tags, `${method} ${url}`).toEqual(['Questionnaires']);
        expect(operation?.summary?.length, `${method} ${url}`).toBeGreaterThan(10);
        expect(operation?.description?.length, `${method} ${url}`).toBeGreaterThan(100);
      }
    }
    expect(JSON.stringify(doc.paths['/integration/v1/events'])).toContain('questionnaireResponse');
  });
});
