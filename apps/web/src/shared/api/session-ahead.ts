import type { Capabilities, LoginProfile, Patient } from '@portal/contracts';
import { fetchAhead } from '../../lib/fetch-ahead';
import { capabilitiesPath, LOGIN_PROFILE_PATH, patientPath } from '../../lib/session-paths';

// The session's own answers asked for at start, for their queries (login-profile.ts, capabilities.ts,
// current-patient.ts) to take: without those queries' library, which the start does not load for this.

/** GET api/patientportaluser/loginprofile now. */
export const fetchLoginProfileAhead = () => fetchAhead<LoginProfile>(LOGIN_PROFILE_PATH);

/** GET the user's capabilities in the patient portal now. */
export const fetchCapabilitiesAhead = (userId: number) => fetchAhead<Capabilities>(capabilitiesPath(userId));

/** GET the patient whose record is shown now. */
export const fetchPatientAhead = (patientId: number) => fetchAhead<Patient>(patientPath(patientId));
