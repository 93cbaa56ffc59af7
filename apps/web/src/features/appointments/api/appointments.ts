import { queryOptions } from '@tanstack/react-query';
import type { AppointmentsResponse } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';
import { DATE_PREFERENCE, parseDateFilter, preferenceValue, type DateFilter } from '../lib/appointments';

const VIEW_AUDIT_EVENT = 'appointmentviewauditevent';

/** GET /api/patients/{patientId}/appointments: every appointment, and the values the filters offer. */
export const appointmentsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'appointments'],
    queryFn: ({ signal }) => api.get<AppointmentsResponse>(`/api/patients/${patientId}/appointments`, { signal }),
  });

/** GET /api/users/{userId}/Preferences?name=PatientPortal_AppointmentsFilter_Date. */
export const dateFilterPreferenceQuery = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId, 'preference', DATE_PREFERENCE],
    queryFn: async ({ signal }): Promise<DateFilter> => {
      try {
        const answer = await api.get<unknown>(`/api/users/${userId}/Preferences`, {
          query: { name: DATE_PREFERENCE },
          signal,
        });
        return parseDateFilter(preferenceValue(answer, DATE_PREFERENCE));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 'All';
        throw error;
      }
    },
    staleTime: 0,
  });

/** PUT /api/users/{userId}/Preferences: remembers the date filter. */
export function saveDateFilterPreference(userId: number, value: DateFilter): Promise<void> {
  return api.put<void>(`/api/users/${userId}/Preferences`, { userId, name: DATE_PREFERENCE, value });
}

/** POST /api/users/{userId}/audit: the patient's appointments were viewed. */
export function recordAppointmentsViewed(userId: number, patientId: number): Promise<void> {
  return api.post<void>(`/api/users/${userId}/audit`, { auditEventType: VIEW_AUDIT_EVENT, patientId });
}
