import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';

export interface LoginProfile {
  userId: number;
  email: string | null;
  firstName: string;
  lastName: string;
  isEmailConfirmed: boolean;
  isEulaAccepted: boolean;
  isPasswordUpdateRequired: boolean;
  isAuthorizedRepresentative: boolean;
}

/** GET api/patientportaluser/loginprofile: who is logged in. */
export const loginProfileQuery = () =>
  queryOptions({
    queryKey: ['loginProfile'],
    queryFn: () => api.get<LoginProfile>('/api/patientportaluser/loginprofile'),
    staleTime: 60_000,
  });
