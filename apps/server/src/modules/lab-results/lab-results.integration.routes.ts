import { ClinicalRecordParams, IntegrationLabResultSchema, type IntegrationLabResult } from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { labResultRecords, type LabResultRecord } from './lab-results.intake';

export const LAB_RESULT_NOT_FOUND_MESSAGE = 'This patient has no lab result with this externalId.';

/** The body as the intake takes it: absent optional fields are null, the collection time a Date. */
export function labResultRecordOf(body: IntegrationLabResult): LabResultRecord {
  return {
    isPublished: body.isPublished,
    collectedAt: new Date(body.collectedAt),
    externalStatus: body.externalStatus ?? null,
    requestingPhysician: body.requestingPhysician ?? null,
    address1: body.address1 ?? null,
    address2: body.address2 ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    zipCode: body.zipCode ?? null,
    country: body.country ?? null,
    labName: body.labName ?? null,
    labAddress: body.labAddress ?? null,
    comment: body.comment ?? null,
    noteToPatient: body.noteToPatient ?? null,
    groups: body.groups.map((group) => ({
      groupDisplayName: group.groupDisplayName,
      details: group.details.map((d) => ({
        testDisplayName: d.testDisplayName,
        testValue: d.testValue ?? null,
        unitOfMeasure: d.unitOfMeasure ?? null,
        referencesRange: d.referencesRange ?? null,
        abnormalFlag: d.abnormalFlag ?? null,
        testDetailStatus: d.testDetailStatus ?? null,
        comment: d.comment ?? null,
      })),
    })),
  };
}

/** Lab results in from the facility's laboratory system (integration API, scope 'clinical'). */
export async function labResultIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'patient',
    path: '/integration/v1/patients/:mrn/lab-results/:externalId',
    scope: 'clinical',
    tags: ['Lab results'],
    params: ClinicalRecordParams,
    body: IntegrationLabResultSchema,
    put: {
      summary: 'Create or replace a lab result under your identifier',
      description:
        'An idempotent upsert keyed by the patient (MRN at your facility) and your own identifier of the result ' +
        '(externalId). A new externalId creates the result (201); a known one replaces it, groups and tests ' +
        'included, in one transaction (200), keeping the portal id so the patient’s links still work. Sending ' +
        'the same content again changes nothing (changed: false). When the content changes the result is not ' +
        'reviewed again: a published result is shown to the patient as new, and counted in the Test Results ' +
        'badge, until viewed. isPublished false keeps a result from the patient. A withdrawn result put again is ' +
        'shown again. Fields and limits: see the schema; an unknown field, a missing one or one too long is a ' +
        '400 validation_failed naming it (groups.0.details.0.testDisplayName). 404 not_found for an MRN that is ' +
        'not a patient of your facility. Body up to 1 MiB.',
    },
    withdraw: {
      summary: 'Withdraw a lab result',
      description:
        'The result disappears for the patient at once (list, detail, badge count, printout); the portal keeps ' +
        'it, and every audit row about it, for the audit trail. 204, also for a result already withdrawn. 404 ' +
        'not_found when the patient has no result with this externalId, or the MRN is not a patient of your ' +
        'facility. PUT the same externalId to bring it back.',
    },
    notFoundMessage: LAB_RESULT_NOT_FOUND_MESSAGE,
    records: labResultRecords,
    recordOf: labResultRecordOf,
  });
}
