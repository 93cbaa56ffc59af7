import { z } from 'zod';
import {
  AppointmentsResponseSchema,
  PatientIdParams,
  UpcomingAppointmentSchema,
  UpcomingCountParams,
} from '@portal/contracts';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { scopeOf } from '../../platform/access/access-control';
import { AppointmentsService } from './appointments.service';

const TAGS = ['Appointments'];

/** The Appointments tab: the facility must grant it (403 module_not_granted). The notification settings are the
 * notifications module's. */
const GRANT = { module: 'Appointments' } as const;
/** The dashboard's upcoming list is the Dashboard's Appointments section, granted on its own. */
const DASHBOARD_GRANT = { module: 'Dashboard.Appointments' } as const;

export async function appointmentRoutes(app: RouteApp) {
  const service = new AppointmentsService(app.deps.database.db);

  app.get(
    '/api/patients/:patientId/appointments',
    patientRoute(
      {
        tags: TAGS,
        summary: 'Every appointment of the patient',
        description:
          'All appointments from the facility’s scheduling systems, past and future and whatever their status, ' +
          'date ascending (then id). date is the start as an ISO instant; hasTimePart false means only the day is ' +
          'known (the instant is noon of that day in the appointment’s zone, and no time should be shown). ' +
          'timeZoneId is the zone the appointment is held in and timeZoneAbbreviation its abbreviation on that ' +
          'date (EST or EDT...), so the browser can show it when it differs from the facility’s. location is the ' +
          'short location, else the institution (empty when neither is known); locationDetails has the full ' +
          'address. status is passed through untouched (the browser shortens long ones). isFiltered is always ' +
          'false: filtering happens in the browser. isUpcoming is the one rule of upcoming, shared with the ' +
          'dashboard’s list: true until the appointment starts, or, when only its day is known, until that day ' +
          'ends in its zone (the Upcoming and Past filters read it). statuses, providers and appointmentTypes ' +
          'are the distinct values of the list, sorted, for the filter panel. Filtering and sorting are done by ' +
          'the browser. Viewing is audited by the browser (POST /api/users/{userId}/audit with ' +
          'appointmentviewauditevent), not by this call. Self and authorised representatives.',
        params: PatientIdParams,
        response: {
          200: AppointmentsResponseSchema,
        },
      },
      GRANT,
    ),
    async (request) => service.list(scopeOf(request)),
  );

  app.get(
    '/api/patients/:patientId/upcomingAppointments/count/:count',
    patientRoute(
      {
        tags: TAGS,
        summary: 'The next appointments and follow-up items (dashboard)',
        description:
          'Up to count (1 to 20, else 400 validation_failed naming count) items, soonest first (by rawDate), ' +
          'merging two kinds. ExternalAppointment: an upcoming appointment (isUpcoming of the appointments list: ' +
          'one that has not started yet, one known only by its day until that day ends in its zone; one earlier ' +
          'today does not count), whose status is not Cancelled (or Canceled, any case); date is its day in its own zone, timeZoneAbbreviation its zone’s ' +
          'abbreviation on that date, shortLocation the short location else the institution, status untouched, ' +
          'linkedToOtherTypeCount 0. FollowUpAppointment: a follow-up item whose statusDesc is Pending and that ' +
          'is not overdue, i.e. its booked time (if booked) is later than now, else its recommended date is ' +
          'today or later in the facility zone. rawDate is the booked instant, else the recommended day at 12:00 UTC ' +
          'with hasTimePart false and timeZoneAbbreviation null; status is Scheduled when booked, else ' +
          'Recommended; followUpLabel is the English label (‘1 Year 6 Month Follow-up’, ‘1 Year Follow-up’, ' +
          '‘6 Month Follow-up’; units stay singular as in ‘2 Year Follow-up’; neither: ‘Follow-up’) and ' +
          'followUpLabelParts its years and months, from which the browser builds the label in its language; ' +
          'linkedToOtherTypeCount as stored. Ties: external before follow-up, then id. Self and authorised ' +
          "representatives, where the facility grants the Dashboard's Appointments section (else 403 module_not_granted).",
        params: UpcomingCountParams,
        response: {
          200: z.array(UpcomingAppointmentSchema),
        },
      },
      DASHBOARD_GRANT,
    ),
    async (request) => service.upcoming(scopeOf(request), request.params.count),
  );
}
