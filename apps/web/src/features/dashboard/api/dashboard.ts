import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '@portal/contracts';
import type { UpcomingAppointment } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../../lib/fetch-ahead';

/** GET /api/patients/{id}/upcomingAppointments/count/4: the next appointments and follow-up items. */
export const upcomingAppointmentsPath = (patientId: number) =>
  `/api/patients/${patientId}/upcomingAppointments/count/${LIMITS.upcomingAppointments}`;

export const upcomingAppointmentsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['upcomingAppointments', patientId, LIMITS.upcomingAppointments],
    queryFn: () => getTakingAhead<UpcomingAppointment[]>(upcomingAppointmentsPath(patientId)),
    initialData: () => answeredAhead<UpcomingAppointment[]>(upcomingAppointmentsPath(patientId)),
    staleTime: 60_000,
  });

/** The next appointments, asked for as the app starts on the page (lib/fetch-ahead.ts), for its query to take. */
export const fetchUpcomingAppointmentsAhead = (patientId: number) =>
  fetchAhead<UpcomingAppointment[]>(upcomingAppointmentsPath(patientId));

/** Where a care team member's photo is served (an <img> sends no bearer token: the route is public). */
export function profileImageUrl(fileName: string): string {
  return `/api/images/userprofileimage/${encodeURIComponent(fileName)}`;
}
