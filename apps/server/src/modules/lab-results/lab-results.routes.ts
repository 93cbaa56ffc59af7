import { z } from 'zod';
import {
  LabResultListItemSchema,
  LabResultParams,
  LabResultPdfQuery,
  LabResultSchema,
  NotReviewedCountSchema,
  PatientIdParams,
} from '@portal/contracts';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { sendDocument } from '../../platform/http/documents';
import {
  DETAIL_VIEW_AUDIT_EVENT,
  LabResultsService,
  NOT_FOUND_MESSAGE,
  PRINT_AUDIT_EVENT,
} from './lab-results.service';

const TAGS = ['Test results'];

/** Routes of this module (spec 002, test results). */
/** The tab this module's routes belong to: the facility must grant it (403 module_not_granted). */
const GRANT = { module: 'TestResults' } as const;

export async function labResultRoutes(app: RouteApp) {
  const service = new LabResultsService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/labresults/published',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The published test results of the patient',
        description:
          'Every lab result the care team has published, newest collection first (startDate, then the newest ' +
          'id). Unpublished results are never served. Each carries its groups’ ids and names (testResultGroups ' +
          'without testResultDetails) so the list can name the procedures and the test procedure filter can ' +
          'offer them; the tests themselves come with GET .../labresults/{labResultId}, which also marks the ' +
          'result reviewed. isReviewedByPatient false shows the new badge. Filtering by date, procedure and ' +
          'ordering physician is done by the browser. Viewing the list is audited by the browser (POST ' +
          '/api/users/{userId}/audit with testresultsviewauditevent). Self and authorised representatives.',
        params: PatientIdParams,
        response: { 200: z.array(LabResultListItemSchema) },
      },
      GRANT,
    ),
    async (request) => service.list(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/labresults/NotReviewedCount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many published test results the patient has not reviewed (the header badge)',
        description:
          'A bare integer: the published results whose isReviewedByPatient is false. Unpublished results do ' +
          'not count. Self and authorised representatives.',
        params: PatientIdParams,
        response: { 200: NotReviewedCountSchema },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.notReviewedCount(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/labresults/:labResultId',
    patientRoute(
      {
        tags: TAGS,
        summary: 'One published test result with its groups and tests',
        description:
          'The result, its groups in their order and each group’s tests in their order (test name, value, ' +
          'unit, reference range, abnormal flag, status, comment). A test is abnormal when abnormalFlag is ' +
          'present and not N. Viewing marks the result reviewed by the patient (the first view sets the time; ' +
          'a representative’s view counts too, as the badge is shared); every view, the first or not, leaves one ' +
          `audit row ${DETAIL_VIEW_AUDIT_EVENT} before the answer leaves; the answer has isReviewedByPatient true. ` +
          `A result of another patient, an unpublished one or an unknown id: 404 not_found (“${NOT_FOUND_MESSAGE}”). ` +
          'labResultId not a positive integer: 400 validation_failed naming labResultId. Self and authorised ' +
          'representatives.',
        params: LabResultParams,
        response: { 200: LabResultSchema },
      },
      GRANT,
    ),
    async (request) => {
      const { result, audit } = await service.view(scopeOf(request), request.params.labResultId);
      // The read's one audit row (written by the access hook, group-committed) is the detail view's.
      request.readAudit = { event: DETAIL_VIEW_AUDIT_EVENT, detail: audit };
      return result;
    },
  );

  app.post(
    '/api/patients/:patientId/labresults/published/:labResultId/pdf',
    patientRoute(
      {
        tags: TAGS,
        summary: 'A printable PDF of one published test result',
        description:
          'Answers application/pdf (inline, file name test-result-YYYY-MM-DD.pdf from the collection day, never ' +
          'cached), which the browser opens in a new window to print: the facility, the patient, the ' +
          'procedures, date collected (in the facility’s time zone), ordered by, the lab, status, the print time, ' +
          'the remarks (note to the patient, lab comment), then each group as a table of test, value, unit, ' +
          'reference range, flag, status and comment, abnormal tests (abnormalFlag present and not N) in bold ' +
          'with a marker; a group of exactly one test whose value is longer than 20 characters prints as text. ' +
          'Labels are in ?language (a locale such as es-MX; unsupported ones fall back to en-US), else the ' +
          'user’s chosen language, else the facility’s; Chinese prints with an embedded Chinese font. No body. ' +
          `Printing does not mark the result reviewed; it writes the audit row ${PRINT_AUDIT_EVENT}. A result ` +
          'of another patient, an unpublished one or an unknown id: 404 not_found. Self and authorised ' +
          'representatives.',
        params: LabResultParams,
        querystring: LabResultPdfQuery,
        response: { 200: z.any().describe('The PDF') },
      },
      GRANT,
    ),
    async (request, reply) => {
      const document = await service.pdf(scopeOf(request), request.params.labResultId, request.query.language);
      return sendDocument(reply, { contentType: 'application/pdf', body: document.body, fileName: document.fileName });
    },
  );
}
