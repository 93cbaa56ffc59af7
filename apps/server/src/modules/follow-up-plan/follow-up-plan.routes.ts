import { FollowUpPlanListSchema, FollowUpPlanParams, FollowUpPlanQuery } from '@portal/contracts';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { scopeOf } from '../../platform/access/access-control';
import { FollowUpPlanService } from './follow-up-plan.service';

const TAGS = ['Follow-up plan'];

/** Routes of this module (spec 002, section 2.2). */
/** The tab this module's routes belong to: the facility must grant it (403 module_not_granted). */
const GRANT = { module: 'FollowUps' } as const;

export async function followUpPlanRoutes(app: RouteApp) {
  const service = new FollowUpPlanService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/followUpPlan',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s follow-up plans, newest first',
        description:
          'A list of plans, newest start date first (then the newest entered); the browser shows the first. ' +
          'Archived plans are left out unless includeArchived=true (any other value than true or false: 400 ' +
          'validation_failed naming includeArchived). An empty list when the patient has no plan. Each plan ' +
          'has its startDate (YYYY-MM-DD), memoToPatient (the instructions, plain text), isArchived, taskNames ' +
          '(the task categories in display order: key is the propertyCategoryId, value the name), templates ' +
          '(the guidelines followed: templateDisplayName and effectiveDate) and appointments: the follow-up ' +
          'items, earliest targetDate first. An item has ptFollowUpAppointmentId, label (English, as the ' +
          'dashboard writes it: ‘1 Year 6 Month Follow-up’, ‘6 Month Follow-up’, ‘Follow-up’) with labelParts ' +
          '{ y, m } from which the browser builds it in its language, targetDate (the recommended day, ' +
          'YYYY-MM-DD), actualDate (the booked instant, ISO 8601, or null), statusDesc (Pending, Completed, ' +
          'Missed or N/A), provider as ‘last,first’ (null when none is named) and tasks: propertyCategoryId, ' +
          'isAddressed and taskNote, for every task category of the item (including categories the plan does ' +
          'not name: the browser keeps only items with a task the plan names). Statuses shown (Completed, ' +
          'Missed, Overdue, Scheduled, Recommended, N/A) and the Upcoming filter are worked out by the ' +
          'browser. Viewing is audited by the browser (POST /api/users/{userId}/audit with ' +
          'followupplanviewauditevent), not by this call. Self and authorised representatives.',
        params: FollowUpPlanParams,
        querystring: FollowUpPlanQuery,
        response: {
          200: FollowUpPlanListSchema,
        },
      },
      GRANT,
    ),
    async (request) => service.plans(scopeOf(request), request.query.includeArchived),
  );
}
