import { ClinicalRecordParams, IntegrationFollowUpPlanSchema, type IntegrationFollowUpPlan } from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { followUpPlanRecords, type FollowUpPlanRecord } from './follow-up-plan.intake';

const TAGS = ['Follow-up plan'];
const PATH = '/integration/v1/patients/:mrn/follow-up-plans/:externalId';
export const FOLLOW_UP_PLAN_NOT_FOUND_MESSAGE = 'This patient has no follow-up plan with this externalId.';

/** The body as the intake takes it: absent optional fields are null or their defaults, instants Dates. */
export function followUpPlanRecordOf(body: IntegrationFollowUpPlan): FollowUpPlanRecord {
  return {
    startDate: body.startDate,
    memoToPatient: body.memoToPatient ?? null,
    isArchived: body.isArchived ?? false,
    taskNames: body.taskNames,
    templates: body.templates.map((t) => ({
      templateDisplayName: t.templateDisplayName,
      effectiveDate: t.effectiveDate ?? null,
    })),
    items: body.items.map((item) => ({
      externalId: item.externalId,
      labelYears: item.labelYears ?? 0,
      labelMonths: item.labelMonths ?? 0,
      recommendedDate: item.recommendedDate,
      actualDate: item.actualDate ? new Date(item.actualDate) : null,
      statusDesc: item.statusDesc ?? 'Pending',
      providerFirstName: item.providerFirstName ?? null,
      providerLastName: item.providerLastName ?? null,
      linkedToOtherTypeCount: item.linkedToOtherTypeCount ?? 0,
      tasks: item.tasks.map((task) => ({
        propertyCategoryId: task.propertyCategoryId,
        isAddressed: task.isAddressed ?? false,
        taskNote: task.taskNote ?? null,
      })),
    })),
  };
}

/** Follow-up plans in from the facility's survivorship or EHR system (integration API, scope 'clinical'). */
export async function followUpPlanIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'patient',
    path: PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationFollowUpPlanSchema,
    put: {
      summary: 'Create or replace a follow-up plan, with its visits and their tasks, under your identifier',
      description:
        'An idempotent upsert of the whole plan keyed by the patient (MRN at your facility) and your own ' +
        'identifier of the plan (externalId): its task categories (the columns of the page), guidelines, and ' +
        'follow-up visits (items, each with your identifier unique within the plan) with their tasks, in one ' +
        'transaction. A new externalId creates the plan (201); a known one replaces it (200): the plan and an ' +
        'item whose externalId it already had keep their portal ids; an item no longer sent is withdrawn. Sending ' +
        'the same content again changes nothing (changed: false). Pending visits that are not overdue show on the ' +
        'patient’s dashboard at once. A withdrawn plan put again is shown again. An unknown field, a missing one ' +
        'or one too long, an item externalId or task category named twice, is a 400 validation_failed naming it ' +
        '(items.0.tasks.1.propertyCategoryId). 404 not_found for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw a follow-up plan',
      description:
        'The plan and all its visits disappear for the patient at once (Follow-up Plan page, dashboard); the ' +
        'portal keeps them for the audit trail. 204, also for a plan already withdrawn. To keep a finished plan ' +
        'visible, PUT it with isArchived true instead. 404 not_found when the patient has no plan with this ' +
        'externalId, or the MRN is not a patient of your facility. PUT the same externalId to bring it back.',
    },
    notFoundMessage: FOLLOW_UP_PLAN_NOT_FOUND_MESSAGE,
    records: followUpPlanRecords,
    recordOf: followUpPlanRecordOf,
  });
}
