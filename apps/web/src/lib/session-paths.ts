import type { LoginProfile } from '@portal/contracts';

// Where the logged-in session's own answers come from, apart from their queries (which bring the query
// library): the start of the app asks for them ahead with nothing but these.

/** GET api/patientportaluser/loginprofile: who is logged in. */
export const LOGIN_PROFILE_PATH = '/api/patientportaluser/loginprofile';

/** GET the user's capabilities in the patient portal. */
export const capabilitiesPath = (userId: number) => `/api/users/${userId}/capabilities/patientPortal`;

/** GET the patient whose record is shown. */
export const patientPath = (patientId: number) => `/api/patients/${patientId}`;

/**
 * The patient whose record is shown: the user's own, or for a representative the (first) patient they
 * represent. Kiosk and link users are bound to one patient.
 */
export function currentPatientId(profile: LoginProfile | undefined): number | null {
  if (!profile) return null;
  const own = profile.ids.find((id) => id.idType === 'Patient');
  return (own ?? profile.ids.find((id) => id.idType === 'PatientContact'))?.value ?? null;
}
