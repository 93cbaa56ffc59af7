import { z } from 'zod';
import {
  MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT,
  MEDICAL_NOTES_VIEW_AUDIT_EVENT,
  MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT,
  MedicalNoteCountSchema,
  MedicalNotePageParams,
  MedicalNotePageQuery,
  MedicalNoteParams,
  MedicalNotesSchema,
  PatientIdParams,
} from '@portal/contracts';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { sendDocument } from '../../platform/http/documents';
import { MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, MedicalNotesService } from './medical-notes.service';

const TAGS = ['Medical notes'];

/** Routes of medical notes (spec 002, 2.4 and 7). */
/** The tab this module's routes belong to: the facility must grant it (403 module_not_granted). */
const GRANT = { module: 'MedicalNotes' } as const;

export async function medicalNoteRoutes(app: RouteApp) {
  const service = new MedicalNotesService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/medicalnotes/published',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s published medical notes',
        description:
          'Every published note of the patient (unpublished ones are never shown), newest serviceDate first ' +
          '(the same day: the newest record first); the browser sorts by the same rule. serviceDate is a day ' +
          '(YYYY-MM-DD, no time). status is Preliminary, Final, Amended or Corrected. noteToPatient holds the ' +
          'care team’s remarks, or null. isReviewedByPatient turns true through POST .../setasreviewed. pages ' +
          'lists the note’s pages in order (pageNumber 1..n, contentType application/pdf, image/png or ' +
          'image/jpeg), not their content: each is served by GET .../published/{noteId}/page/{pageNumber}/' +
          `content. Viewing is audited by the browser (POST /api/users/{userId}/audit with ` +
          `${MEDICAL_NOTES_VIEW_AUDIT_EVENT} for the list and ${MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT} for each ` +
          'note opened), not by this call. Self and authorised representatives.',
        params: PatientIdParams,
        response: { 200: MedicalNotesSchema },
      },
      GRANT,
    ),
    async (request) => service.list(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/medicalnotes/notReviewedCount',
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many published notes the patient has not reviewed (the header badge)',
        description:
          'A bare integer (0 or more): the published notes whose isReviewedByPatient is false. Self and ' +
          'authorised representatives.',
        params: PatientIdParams,
        response: { 200: MedicalNoteCountSchema },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.notReviewedCount(scopeOf(request)),
  );

  app.post(
    '/api/patients/:patientId/medicalnotes/:noteId/setasreviewed',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Mark a note reviewed (it was opened)',
        description:
          'No body. Sets isReviewedByPatient on a published note of the patient and answers 204; a note already ' +
          `reviewed stays so and also answers 204. The first marking writes ${MEDICAL_NOTE_REVIEWED_AUDIT_EVENT} ` +
          'in the same transaction. 404 not_found for a note that does not exist, is not published or belongs to ' +
          'another patient; 400 validation_failed naming noteId for an id that is not a positive integer. Self ' +
          'and authorised representatives.',
        params: MedicalNoteParams,
        response: { 204: z.null().describe('No content') },
      },
      GRANT,
    ),
    async (request, reply) => {
      await service.setAsReviewed(scopeOf(request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/patients/:patientId/medicalnotes/published/:noteId/page/:pageNumber/content',
    patientRoute(
      {
        tags: TAGS,
        summary: 'One page of a published note (the document frame)',
        description:
          'The page as stored: a PDF (application/pdf) or an image (image/png, image/jpeg), inline and never ' +
          'cached, frame-able by the portal’s own pages only. Opened in a frame or, on mobile devices, as the ' +
          'page itself, where no bearer header goes: so besides the bearer header it accepts ?token= from POST ' +
          '/api/urlTokens for this exact path (5 minutes, bound to the session). 404 not_found when the note is ' +
          'not published, is another patient’s, or has no such page; 400 validation_failed naming pageNumber ' +
          `(1 to 10000) or noteId. Writes ${MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT} (note and page) before the page ` +
          'leaves. Does not mark the note reviewed (the browser calls setasreviewed). Self and ' +
          'authorised representatives.',
        params: MedicalNotePageParams,
        querystring: MedicalNotePageQuery,
        response: { 200: z.any().describe('The page: application/pdf, image/png or image/jpeg') },
      },
      { urlToken: true, ...GRANT },
    ),
    async (request, reply) => {
      const { document, audit } = await service.page(
        scopeOf(request),
        request.params.noteId,
        request.params.pageNumber,
      );
      // The read's one audit row (written by the access hook before the page leaves) is the page view's.
      request.readAudit = { event: MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT, detail: audit };
      return sendDocument(reply, document);
    },
  );
}
