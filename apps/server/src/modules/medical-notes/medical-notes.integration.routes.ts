import {
  ClinicalRecordParams,
  INTEGRATION_NOTE_BODY_LIMIT_BYTES,
  INTEGRATION_NOTE_PAGE_MAX_BYTES,
  INTEGRATION_NOTE_PAGES_MAX,
  IntegrationMedicalNoteSchema,
  type IntegrationMedicalNote,
} from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { medicalNoteRecords, type MedicalNoteRecord } from './medical-notes.intake';

const TAGS = ['Medical notes'];
const PATH = '/integration/v1/patients/:mrn/medical-notes/:externalId';
export const MEDICAL_NOTE_NOT_FOUND_MESSAGE = 'This patient has no medical note with this externalId.';

const MIB = 1024 * 1024;

/** The body as the intake takes it: pages decoded from base64, an absent note to the patient null. */
export function medicalNoteRecordOf(body: IntegrationMedicalNote): MedicalNoteRecord {
  return {
    serviceDate: body.serviceDate,
    documentType: body.documentType,
    authoredBy: body.authoredBy,
    status: body.status,
    noteToPatient: body.noteToPatient ?? null,
    isPublished: body.isPublished,
    pages: body.pages.map((page) => ({
      contentType: page.contentType,
      content: Buffer.from(page.content, 'base64'),
    })),
  };
}

/** Medical notes in from the facility's document system (integration API, scope 'clinical'). */
export async function medicalNoteIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'patient',
    path: PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationMedicalNoteSchema,
    // Pages travel base64-encoded in the JSON: this route alone takes bodies up to 20 MiB (every other one keeps
    // the server's 1 MiB), enough for about 15 MiB of pages; a larger body is a 413 payload_too_large.
    bodyLimit: INTEGRATION_NOTE_BODY_LIMIT_BYTES,
    put: {
      summary: 'Create or replace a medical note with its pages under your identifier',
      description:
        'An idempotent upsert keyed by the patient (MRN at your facility) and your own identifier of the note ' +
        '(externalId). A new externalId creates the note (201); a known one replaces it, pages included, in one ' +
        'transaction (200), keeping the portal id. Sending the same content again changes nothing (changed: ' +
        'false). When the content changes the note is not reviewed again: a published note is shown to the ' +
        'patient as new, and counted in the Medical Notes badge, until opened. Each page is a document of its ' +
        'own, base64-encoded: a PDF (application/pdf) or a scanned image (image/png, image/jpeg); its bytes ' +
        'must be what contentType says (400 validation_failed naming pages.N.content otherwise). At most ' +
        `${INTEGRATION_NOTE_PAGES_MAX} pages of ${INTEGRATION_NOTE_PAGE_MAX_BYTES / MIB} MiB each; the body may ` +
        `be up to ${INTEGRATION_NOTE_BODY_LIMIT_BYTES / MIB} MiB on this route (413 payload_too_large beyond). ` +
        'A withdrawn note put again is shown again. An unknown field, a missing one or one too long is a 400 ' +
        'validation_failed naming it. 404 not_found for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw a medical note',
      description:
        'The note and its pages disappear for the patient at once (list, badge count, page documents); the ' +
        'portal keeps them, and every audit row about them, for the audit trail. 204, also for a note already ' +
        'withdrawn. 404 not_found when the patient has no note with this externalId, or the MRN is not a patient ' +
        'of your facility. PUT the same externalId to bring it back.',
    },
    notFoundMessage: MEDICAL_NOTE_NOT_FOUND_MESSAGE,
    records: medicalNoteRecords,
    recordOf: medicalNoteRecordOf,
  });
}
