/** Where the patient's health summary calls live: /api/patients/{patientId}. */
export const patientPath = (patientId: number) => `/api/patients/${patientId}`;

/** /api/patients/{patientId}/HealthSummary/{ifSystemId}: a system's summaries. */
export const systemPath = (patientId: number, ifSystemId: number) =>
  `${patientPath(patientId)}/HealthSummary/${ifSystemId}`;
