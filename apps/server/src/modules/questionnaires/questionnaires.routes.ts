import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AssignedQuestionnaireParams,
  AssignedQuestionnaireSchema,
  AssignedQuestionnaireSummarySchema,
  DeclineQuestionnaireBodySchema,
  ErrorBodySchema,
  PatientIdParams,
  PortalLanguageSchema,
  QUESTIONNAIRE_DECLINE_AUDIT_EVENT,
  QUESTIONNAIRE_DRAFT_AUDIT_EVENT,
  QUESTIONNAIRE_DRAFT_DISCARD_AUDIT_EVENT,
  QUESTIONNAIRE_MISSED_AFTER_DAYS,
  QUESTIONNAIRE_REVIEW_AUDIT_EVENT,
  QUESTIONNAIRE_SUBMIT_AUDIT_EVENT,
  QUESTIONNAIRE_VIEW_AUDIT_EVENT,
  QuestionnaireAnswersBodySchema,
  QuestionnaireCountSchema,
} from '@portal/contracts';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { NO_CONTENT, patientRoute, type RouteApp } from '../../platform/http/routes';
import { AppError } from '../../platform/errors/app-error';
import type { AnswerProblem } from './answer-checks';
import {
  CLOSED_MESSAGE,
  DECLINED_MESSAGE,
  INVALID_MESSAGE,
  NOT_FOUND_MESSAGE,
  QuestionnairesService,
  SUBMITTED_MESSAGE,
} from './questionnaires.service';

const TAGS = ['Questionnaires'];

/**
 * The tab these routes belong to (403 module_not_granted when the facility does not grant it to the caller's kind),
 * and who may use them: the patient, an authorised representative, and the kiosk and link sessions of the patient
 * (questionnaires are what those sessions are for).
 */
const ACCESS = {
  module: 'Questionnaires',
  relationships: ['self', 'representative', 'kioskUser', 'linkUser'],
} as const;

const WHO =
  ' The patient, an authorised representative, or a kiosk or link session of the patient; anyone else 404 (a ' +
  'patient’s record is not shown to strangers, nor is its existence).';
const NOT_FOUND =
  ' An assignment of another patient, withdrawn by the facility, not yet available, or an unknown id: 404 ' +
  `not_found (“${NOT_FOUND_MESSAGE}”).`;
const ONE = `${NOT_FOUND} id not a positive integer: 400 validation_failed naming id.`;
const LANGUAGE =
  ' Texts are in the caller’s language: ?language (a locale the portal speaks, else 400 naming language), else the ' +
  'language the user saved (a kiosk or link session: the patient’s), else Accept-Language, else the facility’s.';
const TODAY =
  ' Days are the calendar days of the patient’s home facility. A questionnaire not answered ' +
  `${QUESTIONNAIRE_MISSED_AFTER_DAYS} days after its due date is Missed (never stored: it reads so from that day on, ` +
  'everywhere); until then one past its due date stays current (the page shows it Overdue).';

const LanguageQuery = z.object({
  language: PortalLanguageSchema.optional().describe('The language of the texts (en-US, es-MX, fr-CA, pt-BR, zh)'),
});

const INVALID_400 =
  ' Answers that do not fit: 400 questionnaire_invalid, `field` naming the first question at fault ' +
  '(patientQuestionAnswerList[questionnaireItemId=3]) and `errors` listing each with its message';

/** The 400 of answers that do not fit the questionnaire: the first question at fault, and each of them. */
/** The 400 of answers that break the rules: the first item in `field`, every one in `errors`. */
function invalidAnswers(problems: AnswerProblem[]): AppError {
  const errors = problems.map(({ field, message }) => ({ field, message }));
  return new AppError(400, 'questionnaire_invalid', INVALID_MESSAGE, problems[0]!.field, errors);
}

export async function questionnaireRoutes(app: RouteApp) {
  const service = new QuestionnairesService(app.deps.database.db);
  const languageOf = (request: FastifyRequest & { query: { language?: string | undefined } }) =>
    service.language({
      caller: request.caller,
      requested: request.query.language,
      acceptLanguage: request.headers['accept-language'],
    });

  app.get(
    '/api/patients/:patientId/assignedquestionnaires',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s current questionnaires (the Current list)',
        description:
          'The questionnaires assigned to the patient that are still to answer (statusDescription Assigned: never ' +
          'opened, or Started: opened or a draft saved), from their availableFrom day on, by due date then id. ' +
          'isNew: never opened; hasDraft: answers were saved as the patient went (on a kiosk, a link or here). ' +
          'Completed, declined and Missed ones are in .../history.' +
          TODAY +
          LANGUAGE +
          WHO,
        params: PatientIdParams,
        querystring: LanguageQuery,
        response: { 200: z.array(AssignedQuestionnaireSummarySchema) },
      },
      ACCESS,
    ),
    async (request) => service.current(scopeOf(request), await languageOf(request)),
  );

  app.get(
    '/api/patients/:patientId/assignedquestionnaires/newcount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many current questionnaires were never opened (the header badge)',
        description:
          'A plain JSON number: the questionnaires of the Current list with isNew true. Opening one ' +
          '(GET .../assignedquestionnaires/{id}) lowers it at once.' +
          WHO,
        params: PatientIdParams,
        response: { 200: QuestionnaireCountSchema },
      },
      { ...ACCESS, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.newCount(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/assignedquestionnaires/history',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s completed, declined and missed questionnaires (the History list)',
        description:
          'Newest first: by the day it was completed or declined (completedDate, an ISO 8601 instant), a Missed ' +
          'one by its due date (its completedDate is null). A completed one can be reviewed with ' +
          '.../history/{id}. The answers of a questionnaire withdrawn by the facility stay here.' +
          TODAY +
          LANGUAGE +
          WHO,
        params: PatientIdParams,
        querystring: LanguageQuery,
        response: { 200: z.array(AssignedQuestionnaireSummarySchema) },
      },
      ACCESS,
    ),
    async (request) => service.history(scopeOf(request), await languageOf(request)),
  );

  app.get(
    '/api/patients/:patientId/assignedquestionnaires/history/:id',
    patientRoute(
      {
        tags: TAGS,
        summary: 'One questionnaire of the history, read-only (the review page)',
        description:
          'The questionnaire as it was answered: the items, the submitted answers, completedDate, the scores ' +
          '(patientScoreList: each scale’s name, the number stored at submit and the message of the range it ' +
          'falls in, null when none) and defaultMsgOnCompletion. A declined or Missed one has no answers nor ' +
          `scores. Writes the audit row ${QUESTIONNAIRE_REVIEW_AUDIT_EVENT} (the assignment and template ids, ` +
          'never the answers). A current questionnaire is 404 here (open it with .../{id}).' +
          ONE +
          LANGUAGE +
          WHO,
        params: AssignedQuestionnaireParams,
        querystring: LanguageQuery,
        response: { 200: AssignedQuestionnaireSchema },
      },
      ACCESS,
    ),
    async (request) => {
      const { questionnaire, audit } = await service.review(
        scopeOf(request),
        request.params.id,
        await languageOf(request),
      );
      // The read's one audit row (written by the access hook, group-committed) is the review's.
      request.readAudit = { event: QUESTIONNAIRE_REVIEW_AUDIT_EVENT, detail: audit };
      return questionnaire;
    },
  );

  app.get(
    '/api/patients/:patientId/assignedquestionnaires/:id',
    patientRoute(
      {
        tags: TAGS,
        summary: 'A current questionnaire to answer, with the answers saved so far',
        description:
          'The questionnaire in the caller’s language: title, description, patientInstructions, ' +
          'defaultMsgOnCompletion (the template’s completion message, else the portal’s default), the items by ' +
          'sortOrder (matrix rows share questionMatrixGuid; their listAnswers are the columns), and ' +
          'patientQuestionAnswerList: the draft saved as the patient went (PUT .../{id}/draft), empty at first. ' +
          'The first opening stamps the view (isNew false from now on, the new count drops) and makes it Started; ' +
          `every opening leaves the audit row ${QUESTIONNAIRE_VIEW_AUDIT_EVENT}. A completed, declined or ` +
          'Missed questionnaire is 404 here (see .../history/{id}).' +
          ONE +
          LANGUAGE +
          WHO,
        params: AssignedQuestionnaireParams,
        querystring: LanguageQuery,
        response: { 200: AssignedQuestionnaireSchema },
      },
      ACCESS,
    ),
    async (request) => {
      const { questionnaire, audit } = await service.open(
        scopeOf(request),
        request.params.id,
        await languageOf(request),
      );
      // The read's one audit row (written by the access hook, group-committed) is the view's.
      request.readAudit = { event: QUESTIONNAIRE_VIEW_AUDIT_EVENT, detail: audit };
      return questionnaire;
    },
  );

  app.put(
    '/api/patients/:patientId/assignedquestionnaires/:id/draft',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Save the answers so far (our addition: finish on another device)',
        description:
          'Our addition to the spec’s calls (docs/adr/0009-questionnaires.md): the body is the questionnaire as ' +
          'the browser holds it (only patientQuestionAnswerList is read; an assignedQuestionnaireId other than the ' +
          'path’s is 400 naming it); the answers replace the saved draft, which GET .../{id} answers on any ' +
          'device, kiosk and link sessions included. Only their shape is checked, not their completeness: each ' +
          'names a question of this questionnaire and one of its options, a single-choice question has one answer ' +
          'at most, texts are at most 2000 characters.' +
          INVALID_400 +
          `. 204; the questionnaire is Started. Writes the audit row ${QUESTIONNAIRE_DRAFT_AUDIT_EVENT}. ` +
          `Completed or declined: 409 already_answered. Missed: 409 questionnaire_closed (“${CLOSED_MESSAGE}”).` +
          ONE +
          WHO,
        params: AssignedQuestionnaireParams,
        body: QuestionnaireAnswersBodySchema,
        response: { 204: NO_CONTENT, 409: ErrorBodySchema },
      },
      ACCESS,
    ),
    async (request, reply) => {
      const problems = await service.saveDraft(scopeOf(request), request.params.id, request.body);
      if (problems.length > 0) throw invalidAnswers(problems);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/patients/:patientId/assignedquestionnaires/:id/draft',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Discard the answers saved so far (“Yes, I want to cancel”)',
        description:
          'Our addition (issue 32, finding 1): deletes the caller’s own draft, which no one else is shown: a ' +
          'representative’s is theirs, the patient’s (their account, the kiosk, a link) the patient’s; the others ' +
          `stay. 204, also when there was none. Writes the audit row ${QUESTIONNAIRE_DRAFT_DISCARD_AUDIT_EVENT} ` +
          'when a draft was deleted. Completed or declined: 409 already_answered. Missed: 409 questionnaire_closed.' +
          ONE +
          WHO,
        params: AssignedQuestionnaireParams,
        response: { 204: NO_CONTENT, 409: ErrorBodySchema },
      },
      ACCESS,
    ),
    async (request, reply) => {
      await service.discardDraft(scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/patients/:patientId/assignedquestionnaires/declinequestionnaire',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Decline a current questionnaire',
        description:
          'Body: { assignedQuestionnaireId } (the questionnaire as the browser holds it may be sent; only its id ' +
          'is read). The questionnaire becomes Declined, with completedDate the moment of declining and who ' +
          `declined it, and the audit row ${QUESTIONNAIRE_DECLINE_AUDIT_EVENT}, in one transaction. Answers the ` +
          'declined questionnaire (no answers, no scores). Declining it again changes nothing and answers the same. ' +
          `Already submitted: 409 already_answered (“${SUBMITTED_MESSAGE}”). Missed: 409 questionnaire_closed.` +
          NOT_FOUND +
          LANGUAGE +
          WHO,
        params: PatientIdParams,
        querystring: LanguageQuery,
        body: DeclineQuestionnaireBodySchema,
        response: { 200: AssignedQuestionnaireSchema, 409: ErrorBodySchema },
      },
      ACCESS,
    ),
    async (request) =>
      service.decline(scopeOf(request), request.body.assignedQuestionnaireId, await languageOf(request)),
  );

  app.put(
    '/api/patients/:patientId/assignedquestionnaires/:id',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Submit the answers of a current questionnaire',
        description:
          'The body is the questionnaire as the browser holds it; only patientQuestionAnswerList is read (an ' +
          'assignedQuestionnaireId other than the path’s is 400 validation_failed naming it). Date answers are ' +
          'calendar days (YYYY-MM-DD), the same in every time zone. The server validates as the browser does: ' +
          'required questions answered (a section header never is), an ‘Other’ option with its text, texts at ' +
          'most 2000 characters, numbers within the question’s bounds, options of the question itself.' +
          INVALID_400 +
          ' (Required, Enter the text for the other option, ...). Valid answers are scored (each scale: the ' +
          'options’ ordinal values, checked checkboxes added, a number or slider its value) and stored with the ' +
          'scores, the time and who answered (the user; a kiosk or link session by its login type), with the ' +
          `audit row ${QUESTIONNAIRE_SUBMIT_AUDIT_EVENT} (ids only, never the answers), in one transaction. ` +
          'Answers the completed questionnaire: the answers kept, patientScoreList with each range’s message, ' +
          'defaultMsgOnCompletion. Sent again, it changes nothing and answers what was stored the first time. ' +
          `Declined: 409 already_answered (“${DECLINED_MESSAGE}”). Missed: 409 questionnaire_closed ` +
          `(“${CLOSED_MESSAGE}”).` +
          ONE +
          LANGUAGE +
          WHO,
        params: AssignedQuestionnaireParams,
        querystring: LanguageQuery,
        body: QuestionnaireAnswersBodySchema,
        response: { 200: AssignedQuestionnaireSchema, 409: ErrorBodySchema },
      },
      ACCESS,
    ),
    async (request) => {
      const outcome = await service.submit(
        scopeOf(request),
        request.params.id,
        request.body,
        await languageOf(request),
      );
      if ('problems' in outcome) throw invalidAnswers(outcome.problems);
      return outcome.questionnaire;
    },
  );
}
