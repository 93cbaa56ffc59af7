import { replace } from 'react-router';
import { fetchKioskEntry } from '../api/entry';

/**
 * Opens the kiosk login of the facility a kiosk entry secret names, in place of the entry address (so Back does
 * not come here again); null when the secret names none (or no answer came), and the page is not found.
 */
export async function openKioskEntry(secret: string): Promise<Response | null> {
  try {
    const { facilityUrl } = await fetchKioskEntry(secret);
    return replace(`${facilityUrl.replace(/\/+$/, '')}/kioskLogin`);
  } catch {
    return null;
  }
}
