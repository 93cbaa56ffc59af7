import type { BadgeSource } from '../../../lib/badges';
import { api } from '../../../lib/api-instance';

/** The header badge of TreatmentSummary: GET /api/patients/{patientId}/treatmentSummary/UnseenCount. */
export const treatmentSummaryBadge: BadgeSource = (patientId) =>
  api.get<number>(`/api/patients/${patientId}/treatmentSummary/UnseenCount`);
