import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginProfile, Patient } from '@portal/contracts';
import { api } from './api-instance';
import { loginProfileQuery } from './login-profile';

/**
 * The patient whose record is shown: the user's own, or for a representative the (first) patient they
 * represent. Kiosk and link users are bound to one patient.
 */
export function currentPatientId(profile: LoginProfile | undefined): number | null {
  if (!profile) return null;
  const own = profile.ids.find((id) => id.idType === 'Patient');
  return (own ?? profile.ids.find((id) => id.idType === 'PatientContact'))?.value ?? null;
}

export const patientQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId],
    queryFn: () => api.get<Patient>(`/api/patients/${patientId}`),
    staleTime: 5 * 60_000,
  });

export interface CurrentPatient {
  patientId: number | null;
  /** True when the user views someone else's record as their representative. */
  isRepresentative: boolean;
  /** The user (the patient, or the representative) is the patient themselves. */
  isSelf: boolean;
  patient: Patient | undefined;
  profile: LoginProfile | undefined;
}

export function useCurrentPatient(): CurrentPatient {
  const profile = useQuery(loginProfileQuery());
  const patientId = currentPatientId(profile.data);
  const patient = useQuery({ ...patientQuery(patientId ?? 0), enabled: patientId !== null });
  const isSelf = Boolean(profile.data?.ids.some((id) => id.idType === 'Patient' && id.value === patientId));
  return {
    patientId,
    isRepresentative: patientId !== null && !isSelf,
    isSelf,
    patient: patient.data,
    profile: profile.data,
  };
}
