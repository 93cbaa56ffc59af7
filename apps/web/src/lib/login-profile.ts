import { queryOptions } from '@tanstack/react-query';
import type { LoginProfile } from '@portal/contracts';
import { api } from './api-instance';

export type { LoginProfile };

/** GET api/patientportaluser/loginprofile: who is logged in. */
export const loginProfileQuery = () =>
  queryOptions({
    queryKey: ['loginProfile'],
    queryFn: () => api.get<LoginProfile>('/api/patientportaluser/loginprofile'),
    staleTime: 60_000,
  });
