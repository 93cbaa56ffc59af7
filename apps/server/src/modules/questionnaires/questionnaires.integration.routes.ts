import {
  ClinicalRecordParams,
  ErrorBodySchema,
  FHIR_QUESTIONNAIRE_LIMITS,
  FhirQuestionnaireBodySchema,
  IntegrationQuestionnaireAssignmentSchema,
  IntegrationQuestionnaireAssignmentStateSchema,
  IntegrationQuestionnaireInterpretationSchema,
  QuestionnaireInterpretationSchema,
  IntegrationQuestionnaireTemplatePutSchema,
  IntegrationQuestionnaireTemplateSchema,
  QuestionnaireTemplateParams,
} from '@portal/contracts';
import { integrationCallerOf } from '../../platform/access/access-control';
import { notFound } from '../../platform/errors/app-error';
import { integrationRoute, NO_CONTENT, type RouteApp } from '../../platform/http/routes';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import { integrationPatientOf } from '../../platform/integration/integration-patients';
import { questionnaireResponsesOf } from '../../platform/integration/questionnaire-responses';
import type { QuestionnaireDefinition } from './definition';
import { interpretationOf, putInterpretation } from './questionnaire-interpretation';
import {
  questionnaireAssignmentRecords,
  putQuestionnaireTemplate,
  questionnaireAssignmentOf,
  questionnaireTemplateOf,
  withdrawQuestionnaireTemplate,
} from './questionnaires.intake';

const TAGS = ['Questionnaires'];
const TEMPLATE_PATH = '/integration/v1/questionnaire-templates/:externalId';
const INTERPRETATION_PATH = `${TEMPLATE_PATH}/interpretation`;
const ASSIGNMENT_PATH = '/integration/v1/patients/:mrn/questionnaire-assignments/:externalId';
export const TEMPLATE_NOT_FOUND_MESSAGE = 'Your facility has no questionnaire template with this externalId.';
export const ASSIGNMENT_NOT_FOUND_MESSAGE = 'This patient has no questionnaire assignment with this externalId.';
/** FHIR's own media type; JSON as well. */
export const FHIR_JSON = 'application/fhir+json';

/** What the patient sees of a definition: the items shown and the scores computed. */
const summaryOf = (definition: QuestionnaireDefinition) => ({
  items: definition.items.length,
  scores: definition.scales.map((s) => s.code),
});

/**
 * Questionnaires in from the facility's systems (docs/adr/0009-questionnaires.md): templates as FHIR R4
 * Questionnaires (scope 'content': instruments, no patient data) and their assignment to patients (scope
 * 'clinical'), whose GET answers the completed QuestionnaireResponse.
 */
export async function questionnaireIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  // FHIR servers and engines send resources as application/fhir+json; read it as JSON (only these routes see it).
  app.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  // Templates and answers are no one's to keep: no cache stores them (the portal's /api answers do the same).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  app.put(
    TEMPLATE_PATH,
    {
      ...integrationRoute('content', {
        tags: TAGS,
        summary: 'Create or replace a questionnaire template of your facility (a FHIR R4 Questionnaire)',
        description:
          'The body is a FHIR R4 Questionnaire as published (application/fhir+json or application/json, up to 4 ' +
          'MiB), keyed by your own identifier of the template (externalId, unique in your facility). The portal ' +
          'reads it once, here: the item types, options and their ordinalValue scores, translations, the ' +
          'portal’s extensions (patient-instructions, completion-message, score) and a calculated total are ' +
          'described in docs/integration.md. Anything it cannot show a patient (an attachment, reference, ' +
          'quantity, url, boolean or time item, enableWhen, an answerValueSet that is not contained, a table whose ' +
          'rows are not choice items, more than 500 items or 5 levels) is a 400 invalid_questionnaire whose field ' +
          'is the JSON path at fault (item[2].item[0].type), and nothing is stored. A new externalId creates the ' +
          'template (201, outcome created). The same content again changes nothing (200, unchanged). Other content ' +
          'is stored as a new version (200, updated): assignments no patient has opened yet move to it, started, ' +
          'completed and declined ones keep the version they were given, so their answers match their questions. ' +
          'A withdrawn template put again is back (its withdrawn assignments are not).',
        params: QuestionnaireTemplateParams,
        body: FhirQuestionnaireBodySchema,
        response: { 200: IntegrationQuestionnaireTemplatePutSchema, 201: IntegrationQuestionnaireTemplatePutSchema },
      }),
      bodyLimit: FHIR_QUESTIONNAIRE_LIMITS.bodyBytes,
    },
    async (request, reply) => {
      const { externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const put = await putQuestionnaireTemplate(db, facilityId, externalId, request.body);
      return reply
        .status(put.outcome === 'created' ? 201 : 200)
        .send({ templateId: put.templateId, externalId, outcome: put.outcome, ...summaryOf(put.definition) });
    },
  );

  app.get(
    TEMPLATE_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Read a questionnaire template of your facility',
      description:
        'The current version as stored: its title, status (active, or withdrawn by DELETE), how many versions ' +
        'the externalId has had, what the portal shows of it (items, score codes), and the FHIR Questionnaire ' +
        'as you sent it. 404 not_found when your facility has no template with this externalId.',
      params: QuestionnaireTemplateParams,
      response: { 200: IntegrationQuestionnaireTemplateSchema },
    }),
    async (request) => {
      const { externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const template = await questionnaireTemplateOf(db, facilityId, externalId);
      if (!template) throw notFound('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
      return {
        templateId: template.id,
        externalId,
        title: template.title,
        status: template.withdrawnAt ? ('withdrawn' as const) : ('active' as const),
        versions: template.versions,
        importedAt: template.createdAt.toISOString(),
        ...summaryOf(template.definition),
        resource: template.resource as Record<string, unknown>,
      };
    },
  );

  app.put(
    INTERPRETATION_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Set your interpretation of a questionnaire template: score bands and safety messages',
      description:
        'For any template, a published instrument as LOINC or LHC-Forms publish it included: bands (score ranges ' +
        'with a label the patient reads on completion, for the template’s first score or the one scoreCode ' +
        'names) and safety messages (shown after the score messages when a question’s score, such as the ' +
        'PHQ-9’s item 9 above 0, or a score is in a range). Every text in en, es, fr, pt and zh: each patient ' +
        'reads their own language. It replaces what was set before (empty lists clear it), is kept across new ' +
        'versions of the template, and applies to every completed questionnaire of it when next read. Checked ' +
        'against the current version: a scoreCode it does not compute, a linkId that names no scored question, ' +
        'overlapping bands of one score or a max below its min are a 400 validation_failed naming the field ' +
        '(bands.1.min). 404 not_found when your facility has no template with this externalId.',
      params: QuestionnaireTemplateParams,
      body: QuestionnaireInterpretationSchema,
      response: { 200: IntegrationQuestionnaireInterpretationSchema },
    }),
    async (request) => {
      const { externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const set = await putInterpretation(db, facilityId, externalId, request.body);
      if (!set) throw notFound('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
      return set;
    },
  );

  app.get(
    INTERPRETATION_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Read your interpretation of a questionnaire template',
      description:
        'The bands and safety messages as set (empty lists, updatedAt null, when none was). 404 not_found when ' +
        'your facility has no template with this externalId.',
      params: QuestionnaireTemplateParams,
      response: { 200: IntegrationQuestionnaireInterpretationSchema },
    }),
    async (request) => {
      const { externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const found = await interpretationOf(db, facilityId, externalId);
      if (!found) throw notFound('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
      return found;
    },
  );

  app.delete(
    TEMPLATE_PATH,
    integrationRoute('content', {
      tags: TAGS,
      summary: 'Withdraw a questionnaire template of your facility',
      description:
        'No patient can be given it any more, and its open assignments (not yet completed or declined, of every ' +
        'version) are withdrawn with it: patients no longer see them. Completed and declined ones stay in the ' +
        'patients’ history. The portal keeps the template, its versions and every audit row. 204, also for a ' +
        'template already withdrawn; 404 not_found when your facility has no template with this externalId. PUT ' +
        'it again to use it again.',
      params: QuestionnaireTemplateParams,
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const { externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const id = await withdrawQuestionnaireTemplate(db, facilityId, externalId);
      if (id === undefined) throw notFound('not_found', TEMPLATE_NOT_FOUND_MESSAGE);
      return reply.status(204).send(null);
    },
  );

  keyedResourceRoutes(app, {
    owner: 'patient',
    path: ASSIGNMENT_PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationQuestionnaireAssignmentSchema,
    putRefusals: { 409: ErrorBodySchema },
    put: {
      summary: 'Assign a questionnaire template to a patient',
      description:
        "Scope 'clinical': which questionnaires a patient is given is part of their record. An idempotent upsert " +
        'keyed by the patient (MRN at your facility) and your identifier of the assignment (externalId, unique ' +
        'per patient). A new externalId assigns the template’s current version (201): the patient sees it from ' +
        'availableFrom (default: today at your facility) and it is due on dueDate; 30 days after that, unanswered, ' +
        'it is Missed. While it is open, a PUT replaces the due date, availableFrom and the template (200): ' +
        'another template starts it afresh (answers saved as the patient went are dropped); the same template ' +
        'keeps the version a started assignment was given. The same values again change nothing (changed: ' +
        'false). Once the patient has completed or declined it, other values are a 409 already_answered. A ' +
        'withdrawn assignment put again is back. 400 naming templateExternalId when it is not a template of ' +
        'your facility (or is withdrawn); 404 not_found for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw a questionnaire assigned to a patient',
      description:
        'The patient no longer sees it (in the current list, the kiosk, or the history once answered); the ' +
        'portal keeps the assignment, its answers and every audit row about it. 204, also for one already ' +
        'withdrawn. 404 not_found when the patient has no assignment with this externalId, or the MRN is not a ' +
        'patient of your facility. PUT the same externalId to assign it again.',
    },
    notFoundMessage: ASSIGNMENT_NOT_FOUND_MESSAGE,
    records: questionnaireAssignmentRecords,
    recordOf: (body) => body,
  });

  app.get(
    ASSIGNMENT_PATH,
    integrationRoute('clinical', {
      tags: TAGS,
      summary: 'Read a patient’s questionnaire assignment, with the answers once completed',
      description:
        'Its status (assigned: not opened yet; started; completed; declined; missed: unanswered 30 days after ' +
        'its due date), days, whether it was withdrawn, and once completed the answers and scores as a FHIR R4 ' +
        'QuestionnaireResponse (the same the questionnaire.completed event carries). 404 not_found when the ' +
        'patient has no assignment with this externalId, or the MRN is not a patient of your facility.',
      params: ClinicalRecordParams,
      response: { 200: IntegrationQuestionnaireAssignmentStateSchema },
    }),
    async (request) => {
      const { mrn, externalId } = request.params;
      const patientId = await integrationPatientOf(db, request, mrn);
      const assignment = await questionnaireAssignmentOf(db, patientId, externalId);
      if (!assignment) throw notFound('not_found', ASSIGNMENT_NOT_FOUND_MESSAGE);
      const outcome = (await questionnaireResponsesOf(db, assignment.facilityId, [assignment.id])).get(assignment.id);
      return {
        id: assignment.id,
        externalId,
        templateExternalId: assignment.templateExternalId,
        templateId: assignment.templateId,
        status: assignment.status,
        dueDate: assignment.dueDate,
        availableFrom: assignment.availableFrom,
        completedAt: assignment.completedAt?.toISOString() ?? null,
        withdrawn: assignment.withdrawnAt !== null,
        questionnaireResponse: outcome?.questionnaireResponse ?? null,
      };
    },
  );
}
