/** Every cached answer of a patient's education, under one prefix so an action can refresh them together. */
export const educationKey = (patientId: number) => ['patient', patientId, 'education'] as const;
