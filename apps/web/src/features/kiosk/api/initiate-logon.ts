import type { KioskLogonResponse } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** POST /api/kiosk/patient/{patientId}/initiateLogon: a kiosk ticket for the patient and where to use it. */
export function initiateKioskLogon(patientId: number): Promise<KioskLogonResponse> {
  return api.post<KioskLogonResponse>(`/api/kiosk/patient/${patientId}/initiateLogon`);
}
