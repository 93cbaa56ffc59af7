import { queryOptions } from '@tanstack/react-query';
import type { AppointmentsResponse } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** GET /api/patients/{patientId}/appointments: every appointment, and the values the filters offer. */
export const appointmentsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'appointments'],
    queryFn: ({ signal }) => api.get<AppointmentsResponse>(`/api/patients/${patientId}/appointments`, { signal }),
  });
