import { api } from '../../../lib/api-instance';

/** GET /api/kiosk/entry/{secret}: the address of the facility whose kiosk entry this is (404 when none). */
export function fetchKioskEntry(secret: string): Promise<{ facilityUrl: string }> {
  return api.get<{ facilityUrl: string }>(`/api/kiosk/entry/${encodeURIComponent(secret)}`);
}
