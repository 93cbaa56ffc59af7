import {
  ClinicalRecordParams,
  ContentRecordParams,
  ErrorBodySchema,
  IntegrationEducationArticleSchema,
  IntegrationEducationAssignmentSchema,
} from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { badRequest } from '../../platform/errors/app-error';
import { liveMaterialId, educationArticleRecords, educationMaterialRecords } from './education.intake';

const TAGS = ['Education'];
const ARTICLE_PATH = '/integration/v1/education/articles/:externalId';
const ASSIGNMENT_PATH = '/integration/v1/patients/:mrn/education/:externalId';
export const ARTICLE_NOT_FOUND_MESSAGE = 'Your library has no article with this externalId.';
export const ASSIGNMENT_NOT_FOUND_MESSAGE = 'This patient has no education article with this externalId.';
export const UNKNOWN_ARTICLE_MESSAGE = 'articleExternalId names no article of your library (or a withdrawn one).';

/**
 * Patient education in from the facility's systems: the library of articles (scope 'content': the texts, no
 * patient data) and the articles assigned to patients (scope 'clinical').
 */
export async function educationIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'facility',
    path: ARTICLE_PATH,
    scope: 'content',
    tags: TAGS,
    params: ContentRecordParams,
    body: IntegrationEducationArticleSchema,
    put: {
      summary: "Create or replace an article of your facility's education library",
      description:
        "An idempotent upsert keyed by your own identifier of the article (externalId), unique in your facility's " +
        'library. A new externalId creates it (201); a known one replaces it (200), keeping the portal id, so every ' +
        'patient it is assigned to sees the new text at once; whether they have read it stays as it was (a ' +
        'corrected text is not new again). Sending the same content again changes nothing (changed: false). The ' +
        'HTML is sanitised on the way in: scripts, styles, event handlers (onclick...), frames, forms and ' +
        'javascript: links are removed and never stored. Up to 200,000 characters of HTML; an unknown field, a ' +
        'missing one or one too long is a 400 validation_failed naming it. A withdrawn article put again is back. ' +
        'Assign it to patients with PUT /integration/v1/patients/{mrn}/education/{externalId}.',
    },
    withdraw: {
      summary: "Withdraw an article from your facility's education library",
      description:
        'The article disappears at once for every patient it was assigned to (list, counts, badge, the article ' +
        'itself); the portal keeps it, its assignments and every audit row about them for the audit trail. 204, ' +
        'also for an article already withdrawn. 404 not_found when your library has no article with this ' +
        'externalId. PUT the same externalId to bring it back (with its assignments).',
    },
    notFoundMessage: ARTICLE_NOT_FOUND_MESSAGE,
    records: educationMaterialRecords,
    recordOf: (body) => ({
      title: body.title,
      categoryName: body.categoryName,
      categorySortOrder: body.categorySortOrder,
      contentHtml: body.contentHtml,
      language: body.language ?? null,
    }),
  });

  keyedResourceRoutes(app, {
    owner: 'patient',
    path: ASSIGNMENT_PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationEducationAssignmentSchema,
    putRefusals: { 409: ErrorBodySchema },
    put: {
      summary: 'Assign an article of your library to a patient',
      description:
        "Scope 'clinical', not 'content': which articles a patient is given says what their illness and treatment " +
        'are, so it is part of their record, as the treatment summary is; a content system that only keeps the ' +
        'library needs no access to patients. An idempotent upsert keyed by the patient (MRN at your facility) and ' +
        'your own identifier of the assignment (externalId, unique per patient), so the same article may be ' +
        'given again on a later day. A new externalId assigns the article (201): it is new for the patient ' +
        '(unread, not archived; one more on the Education badge) at once. The same article and day again change ' +
        'nothing (changed: false), and the patient’s reading and archiving stay; another article or day rewrite ' +
        'the assignment (200), which is then new again. An article is given to a patient once a day: a second ' +
        'assignment of it on the same day under another externalId is a 409 conflict naming articleExternalId. ' +
        '400 naming articleExternalId when it is not an article of your library (or is withdrawn); 404 not_found ' +
        'for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw an article assigned to a patient',
      description:
        'The article disappears for the patient at once (list, counts, badge, the article itself); the portal ' +
        'keeps the assignment, and every audit row about it, for the audit trail. 204, also for one already ' +
        'withdrawn. 404 not_found when the patient has no assignment with this externalId, or the MRN is not a ' +
        'patient of your facility. PUT the same externalId to assign it again.',
    },
    notFoundMessage: ASSIGNMENT_NOT_FOUND_MESSAGE,
    records: educationArticleRecords,
    recordOf: async (body, { facilityId }, { tx }) => {
      const materialId = await liveMaterialId(tx, facilityId, body.articleExternalId);
      if (materialId === undefined) throw badRequest('validation_failed', UNKNOWN_ARTICLE_MESSAGE, 'articleExternalId');
      return { materialId, assignedDate: body.assignedDate };
    },
  });
}
