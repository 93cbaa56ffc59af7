/** Every cached answer of a patient's secure messages, under one prefix so an action can refresh them together. */
export const secureMessagesKey = (patientId: number) => ['patient', patientId, 'secureMessages'] as const;

/** The base path of the patient's secure-message calls (spec 002 section 7). */
export const secureMessagesPath = (patientId: number) => `/api/patients/${patientId}/SecureMessages`;
