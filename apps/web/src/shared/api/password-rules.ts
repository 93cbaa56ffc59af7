import { queryOptions } from '@tanstack/react-query';
import type { PasswordRulesInput } from '@portal/contracts';
import { api } from '../../lib/api-instance';

/** GET /api/patients/signup/passwordRules?facilityId: the facility's password rules (sign-up and password change). */
export const passwordRulesQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['signUp', 'passwordRules', facilityId],
    queryFn: () =>
      api.get<PasswordRulesInput>('/api/patients/signup/passwordRules', { query: { facilityId }, auth: false }),
    staleTime: 10 * 60_000,
  });
