import {
  ClinicalRecordParams,
  IntegrationTreatmentSummaryItemSchema,
  type IntegrationTreatmentSummaryItem,
} from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { treatmentSummaryItemRecords, type TreatmentSummaryItemRecord } from './treatment-summary.intake';

const TAGS = ['Treatment summary'];
const PATH = '/integration/v1/patients/:mrn/treatment-summary/:externalId';
export const TREATMENT_SUMMARY_ITEM_NOT_FOUND_MESSAGE =
  'This patient has no treatment summary item with this externalId.';

/** The body as the intake takes it. */
export function treatmentSummaryRecordOf(body: IntegrationTreatmentSummaryItem): TreatmentSummaryItemRecord {
  return {
    groupName: body.groupName,
    fields: body.fields,
    isNullMessageHolder: body.isNullMessageHolder,
    nullMessage: body.nullMessage ?? null,
    sortOrder: body.sortOrder,
  };
}

/**
 * The treatment summary in from the facility's oncology system (integration API, scope 'clinical'), one item at a
 * time: an oncology information system or cancer registry records each diagnosis, regimen agent, course of
 * radiation or allergy as an entry of its own with its own identifier, and sends an entry when it changes. Putting
 * single items keeps each message small, makes a change touch only its item (the other items keep whether the
 * patient has seen them), and needs no knowledge of the rest of the group on the sender's side.
 */
export async function treatmentSummaryIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'patient',
    path: PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationTreatmentSummaryItemSchema,
    put: {
      summary: 'Create or replace a treatment summary item under your identifier',
      description:
        'One item of one of the 17 groups (Diagnosis, Chemotherapy, Allergy...), keyed by the patient (MRN at ' +
        'your facility) and your own identifier of the item (externalId): an idempotent upsert. A new externalId ' +
        'creates the item (201); a known one replaces it, its group included (200), keeping the portal id. ' +
        'Sending the same content again changes nothing (changed: false; field order and absent versus null ' +
        'fields do not matter). A new or changed item is new to the patient (a dot on the item, one more on the ' +
        'Treatment Summary badge) until the summary is viewed. An item that only says there is nothing to report ' +
        '(No known allergies) is isNullMessageHolder true with a nullMessage. A withdrawn item put again is shown ' +
        'again. Each group has its own fields (see the schema); an unknown field, a field of another group, a ' +
        'value of the wrong kind or one too long is a 400 validation_failed naming it (fields.icdCode). 404 ' +
        'not_found for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw a treatment summary item',
      description:
        'The item disappears for the patient at once (summary and badge count); the portal keeps it, and every ' +
        'audit row about it, for the audit trail. 204, also for an item already withdrawn. 404 not_found when the ' +
        'patient has no item with this externalId, or the MRN is not a patient of your facility. PUT the same ' +
        'externalId to bring it back.',
    },
    notFoundMessage: TREATMENT_SUMMARY_ITEM_NOT_FOUND_MESSAGE,
    records: treatmentSummaryItemRecords,
    recordOf: treatmentSummaryRecordOf,
  });
}
