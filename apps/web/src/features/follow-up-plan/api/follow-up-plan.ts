import { queryOptions } from '@tanstack/react-query';
import type { FollowUpPlan } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/**
 * GET /api/patients/{patientId}/followUpPlan: the patient's plans, newest first. The page shows the first
 * (spec 7); null when the patient has none.
 */
export const followUpPlanQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'followUpPlan'],
    queryFn: async ({ signal }): Promise<FollowUpPlan | null> => {
      const plans = await api.get<FollowUpPlan[]>(`/api/patients/${patientId}/followUpPlan`, { signal });
      return plans[0] ?? null;
    },
  });
