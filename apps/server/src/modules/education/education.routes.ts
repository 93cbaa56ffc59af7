import { z } from 'zod';
import {
  EDUCATION_ARTICLE_VIEW_AUDIT_EVENT,
  EDUCATION_VIEW_AUDIT_EVENT,
  EducationArchiveSchema,
  EducationArticleParams,
  EducationArticleSchema,
  EducationContentQuery,
  EducationCountSchema,
  EducationListQuery,
  PatientIdParams,
} from '@portal/contracts';
import { NO_CONTENT, patientRoute, type RouteApp } from '../../platform/http/routes';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { sendDocument } from '../../platform/http/documents';
import { EducationService } from './education.service';

const TAGS = ['Education'];

const WHO =
  ' Self and authorised representatives; a kiosk or link user gets 403, anyone else 404, as for every patient route.';
const ARTICLE_ACCESS =
  ' The path names no patient: the one patient access check runs on the patient the article belongs to, so an ' +
  'article id that does not exist, is not a number, or is another patient’s answers 404 not_found alike.' +
  WHO;

/** The tab this module's routes belong to: the facility must grant it (403 module_not_granted). */
const GRANT = { module: 'Education' } as const;

export async function educationRoutes(app: RouteApp) {
  const service = new EducationService(app.deps.database.db);
  const articlePatient = {
    patientOf: (_db: unknown, params: Record<string, string>) => service.patientOfArticle(Number(params.articleId)),
  };

  app.get(
    '/api/patients/:patientId/education',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The education articles the care team assigned to the patient',
        description:
          'Without archived articles unless includeArchived=true (only true or false, else 400 validation_failed ' +
          'naming includeArchived). Ordered as the page groups them: assignedDate newest first, then category by ' +
          'categorySortOrder then categoryName, then title, then articleId. assignedDate is a day (YYYY-MM-DD, no ' +
          'time part). wasReadByPatient is the instant the article was first opened in the portal (PUT .../read), ' +
          'null while unread; an article is new when it is unread and not archived. The content is not part of ' +
          'the list: see GET /api/education/articles/{articleId}/content. Viewing the page is audited by the ' +
          `browser (POST /api/users/{userId}/audit with ${EDUCATION_VIEW_AUDIT_EVENT}).` +
          WHO,
        params: PatientIdParams,
        querystring: EducationListQuery,
        response: { 200: z.array(EducationArticleSchema) },
      },
      GRANT,
    ),
    async (request) => service.list(scopeOf(request), request.query.includeArchived),
  );

  app.get(
    '/api/patients/:patientId/education/UnreadCount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many of the patient’s articles are new (the header badge)',
        description:
          'A plain JSON number: the articles that are unread (never opened) and not archived, which is what the ' +
          'page marks new and the Education tab’s badge counts.' +
          WHO,
        params: PatientIdParams,
        response: { 200: EducationCountSchema },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.unreadCount(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/education/ArchivedCount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many of the patient’s articles are archived (the N of ‘Show archived (N)’)',
        description: 'A plain JSON number: the archived articles, read or not.' + WHO,
        params: PatientIdParams,
        response: { 200: EducationCountSchema },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.archivedCount(scopeOf(request)),
  );

  app.put(
    '/api/education/articles/:articleId/read',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Mark an article read (opening it)',
        description:
          'Sets wasReadByPatient to now when the article is unread; an article already read keeps its first ' +
          'time, so calling again is harmless (204 each time). No body. The unread count drops at once. An ' +
          'authorised representative opening the article marks it read as well.' +
          ARTICLE_ACCESS,
        params: EducationArticleParams,
        response: { 204: NO_CONTENT },
      },
      { ...articlePatient, ...GRANT },
    ),
    async (request, reply) => {
      await service.markRead(scopeOf(request), request.params.articleId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/education/articles/:articleId/archived',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Archive or unarchive an article',
        description:
          'Our addition to the spec’s list of calls (its feature list says patients archive articles, without a ' +
          'path): body { isArchived: true } archives, { isArchived: false } brings the article back; anything ' +
          'else is 400 validation_failed naming the field (isArchived must be a boolean; no other field). Setting ' +
          'the state it already has is harmless (204). An archived article is never new, whether read or not, ' +
          'so archiving an unread one lowers the unread count, and it is listed only with includeArchived=true.' +
          ARTICLE_ACCESS,
        params: EducationArticleParams,
        body: EducationArchiveSchema,
        response: { 204: NO_CONTENT },
      },
      { ...articlePatient, ...GRANT },
    ),
    async (request, reply) => {
      await service.setArchived(scopeOf(request), request.params.articleId, request.body.isArchived);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/education/articles/:articleId/content',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The article itself, as an HTML document (for the frame or a new window)',
        description:
          'A complete HTML document (text/html; charset=utf-8): the title as heading, then the facility’s text ' +
          'sanitised with the rich-text allowlist (no script, style, frame, form or image from elsewhere), with a ' +
          'small built-in stylesheet. It is opened outside the API client, so besides the bearer header it takes ' +
          '?token= from POST /api/urlTokens for exactly this path (valid 5 minutes, for the session that asked). ' +
          'It may be framed by the portal’s own pages only, and is sandboxed. Does not mark the article read ' +
          `(PUT .../read does). Writes ${EDUCATION_ARTICLE_VIEW_AUDIT_EVENT} (user, patient, session, article ` +
          'id) before the document leaves. Errors are JSON like every other call.' +
          ARTICLE_ACCESS,
        params: EducationArticleParams,
        querystring: EducationContentQuery,
        produces: ['text/html'],
        response: { 200: z.string().describe('text/html document') },
      },
      { urlToken: true, ...articlePatient, ...GRANT },
    ),
    async (request, reply) => {
      const { body, audit } = await service.content(scopeOf(request), request.params.articleId);
      // The read's one audit row (written by the access hook before the document leaves) is the article view's.
      request.readAudit = { event: EDUCATION_ARTICLE_VIEW_AUDIT_EVENT, detail: audit };
      return sendDocument(reply, { contentType: 'text/html', body });
    },
  );
}
