import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  ACTIVITY_LOG_PAGE_SIZE,
  ACTIVITY_LOG_VIEW_AUDIT_EVENT,
  ActivityLogQuerySchema,
  PERSONAL_DATA_EXPORT_AUDIT_EVENT,
  PERSONAL_DATA_SCHEMA_PATH,
  PatientIdParams,
  PersonalDataExportQuerySchema,
} from '@portal/contracts';
import { scopeOf } from '../../platform/access/access-control';
import { callerLanguage } from '../../platform/content/caller-language';
import { sendDocument } from '../../platform/http/documents';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { PersonalDataService } from './personal-data.service';
import { PERSONAL_DATA_XSD } from './personal-data.xsd';

// The activity log report and the personal data export (spec 002, 2.9 and 7).

const TAGS = ['Personal data'];
const WHO =
  ' The patient and their active authorised representatives; a kiosk or link user gets 403, anyone else 404 ' +
  'not_found, as for every patient route.';

export async function personalDataRoutes(app: RouteApp) {
  const { database } = app.deps;
  const service = new PersonalDataService(database, app.deps.urlTokens);
  const languageOf = (
    request: { caller: Parameters<typeof callerLanguage>[1]['caller']; headers: Record<string, unknown> },
    requested?: string,
  ) =>
    callerLanguage(
      database.db,
      {
        caller: request.caller,
        requested,
        acceptLanguage:
          typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined,
      },
      { cached: true },
    );

  app.get(
    '/api/patients/:patientId/audits/report',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The activity log: every audited act on the patient’s record in a date range, as an HTML page',
        description:
          'The spec names GET /api/users/{userId}/audits/report; the portal serves the report per patient, so that a ' +
          'representative reads the log of the patient they act for and the one patient access check decides. ' +
          'Opened in a new window: besides the bearer header it takes ?token= from POST /api/urlTokens for exactly ' +
          'this path (5 minutes, bound to the session). startDate and endDate (YYYY-MM-DD, both required, else 400 ' +
          'naming the field; a start after the end is swapped) are days on the patient’s home facility clock. Each ' +
          `row: when (that clock), who (the patient, which representative, a kiosk or link session, or which ` +
          `facility system), what (a readable name in the reader’s language), from which address. ${ACTIVITY_LOG_PAGE_SIZE} ` +
          'rows per page (?page=, 1-based; past the last page shows the last), newest first, consecutive identical ' +
          'events (the same act by the same person from the same address on the same record) folded into one row ' +
          'with their count and first time; ?who= (user-{id}, system-{id}, other) and ?kind= (views, changes, ' +
          'sharing, account, systems) filter it, from a form on the page; the header’s badge counts ' +
          '(patientrecordcountauditevent) are not listed, as they are no read of a record. The page links and the ' +
          `form carry a fresh token. Printable. Viewing it writes ${ACTIVITY_LOG_VIEW_AUDIT_EVENT}.` +
          WHO,
        params: PatientIdParams,
        querystring: ActivityLogQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string().describe('text/html document') },
      },
      { urlToken: true, auditRead: ACTIVITY_LOG_VIEW_AUDIT_EVENT },
    ),
    async (request, reply) => {
      const { startDate, endDate, page, who, kind, language } = request.query;
      request.readAudit = { detail: { startDate, endDate, page, who, kind } };
      const { locale, strings } = await languageOf(request, language);
      const body = await service.activityReport(scopeOf(request), {
        startDate,
        endDate,
        page,
        who,
        kind,
        locale,
        strings,
      });
      // The page's only form is its own filter, which reloads this page.
      return sendDocument(reply, { contentType: 'text/html', body, allowForms: true });
    },
  );

  app.get(
    '/api/patients/:patientId/export',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Download Personal Data: everything the portal keeps about the patient, as one XML file',
        description:
          'application/xml, an attachment named {FirstName}{LastName}_{YYYY-MM-DD}_PersonalData.xml (today on the ' +
          `home facility’s clock), valid against the schema at ${PERSONAL_DATA_SCHEMA_PATH}: demographics and ` +
          'registration details, the account and its preferences, contacts and representatives, the care team, ' +
          'appointments, follow-up plans and their follow-ups with their tasks, published results with their tests, ' +
          'published notes with the note to the patient and each page (base64), the treatment summary, education ' +
          'articles with their text, questionnaires with each answer’s question, chosen option (text, code, score) ' +
          'and the scores with their interpretation as the patient read them (in the reader’s language), and who ' +
          'answered, messages, health summaries (C-CDA) with each document’s XML as received, notification ' +
          'settings and the activity log, each send with its addressee. Streamed section by section; stored files ' +
          'are read a batch at a time. Writes ' +
          `${PERSONAL_DATA_EXPORT_AUDIT_EVENT}. ?language= (the language the portal shows) is the one its ` +
          'questions, answers, score messages and activity names are written in, else the saved one.' +
          WHO,
        params: PatientIdParams,
        querystring: PersonalDataExportQuerySchema,
        produces: ['application/xml'],
        response: { 200: z.string().describe('application/xml document') },
      },
      { auditRead: PERSONAL_DATA_EXPORT_AUDIT_EVENT },
    ),
    async (request, reply) => {
      const { locale, strings } = await languageOf(request, request.query.language);
      const { fileName, chunks } = await service.personalData(scopeOf(request), { locale, strings });
      const stream = Readable.from(chunks);
      // A failure after the first chunk cannot become an error answer: the download ends short, and the log says
      // why (ids only).
      stream.on('error', (error) =>
        request.log.error({ err: error, patientId: request.params.patientId }, 'export failed'),
      );
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
      reply.type('application/xml; charset=utf-8');
      // Fastify pipes a stream as it is (no serializer runs); the schema's string is what the client receives.
      return reply.send(stream as unknown as string);
    },
  );

  app.get(
    PERSONAL_DATA_SCHEMA_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'The XML schema of the personal data export',
        produces: ['application/xml'],
        response: { 200: z.string().describe('XML Schema 1.0 document') },
      },
    },
    async (_request, reply) =>
      sendDocument(reply, { contentType: 'application/xml; charset=utf-8', body: PERSONAL_DATA_XSD }),
  );
}
