import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginProfile, Patient } from '@portal/contracts';
import { answeredAhead, getTakingAhead } from '../../lib/fetch-ahead';
import { currentPatientId, patientPath } from '../../lib/session-paths';
import { loginProfileQuery } from './login-profile';

export const patientQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId],
    queryFn: () => getTakingAhead<Patient>(patientPath(patientId)),
    initialData: () => answeredAhead<Patient>(patientPath(patientId)),
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
