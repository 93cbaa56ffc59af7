import { fetchKioskEntry } from '../api/entry';

/**
 * The kiosk login address of the facility a kiosk entry secret names; null when the secret names none (or no
 * answer came), and the page is not found.
 */
export async function kioskLoginOf(secret: string): Promise<string | null> {
  try {
    const { facilityUrl } = await fetchKioskEntry(secret);
    return `${facilityUrl.replace(/\/+$/, '')}/kioskLogin`;
  } catch {
    return null;
  }
}
