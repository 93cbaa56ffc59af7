import { api } from '../../../lib/api-instance';
import { LOGIN_PROFILE_PATH } from '../../../lib/session-paths';

/**
 * GET api/patientportaluser/loginprofile, its answer unused: a call the server sees, so the kiosk session it
 * ends after a while without one stays open while someone uses the device.
 */
export function keepSessionAlive(): Promise<unknown> {
  return api.get(LOGIN_PROFILE_PATH);
}
