import type { IntegrationPatientId } from '../integration/integration-patients';
import type { PatientScope } from './patient-scope';

/**
 * Whose record a write changes: the patient a scope opened (a request of the patient API), or the patient an
 * integration check named (intake). A write takes one of the two, never a bare id.
 */
export type PatientWriter = PatientScope | IntegrationPatientId;

export function writtenPatientId(writer: PatientWriter): number {
  return typeof writer === 'number' ? writer : writer.patientId;
}
