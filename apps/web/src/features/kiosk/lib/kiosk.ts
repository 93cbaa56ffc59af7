import { PATIENT_KIOSK_USER_LOGIN_PATH, type KioskLogonResponse, type KioskPatientRow } from '@portal/contracts';

/** The facility selector's value for every facility. */
export const ALL_FACILITIES = 'all';

/** The rows of one facility, or all of them. */
export function rowsOfFacility(rows: readonly KioskPatientRow[], facility: string): KioskPatientRow[] {
  if (facility === ALL_FACILITIES) return [...rows];
  return rows.filter((row) => String(row.facilityId) === facility);
}

/**
 * Where the browser goes once the ticket is issued: the patient's facility's kiosk user login with the ticket,
 * opening the questionnaire at once when there is only one (spec 001 sections 2 and 4).
 */
export function patientKioskLoginUrl(logon: KioskLogonResponse, patientId: number): string {
  const base = logon.facilityUrl.replace(/\/+$/, '');
  return (
    `${base}${PATIENT_KIOSK_USER_LOGIN_PATH}?ptId=${patientId}` +
    `&data=${encodeURIComponent(logon.data)}&startIfOnlyOne=true`
  );
}

/** The patient's name as the list and the modal show it. */
export function patientName(row: Pick<KioskPatientRow, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** Sorts by last name, then first name (the server's order). */
export function nameSortValue(row: Pick<KioskPatientRow, 'firstName' | 'lastName'>): string {
  return `${row.lastName}, ${row.firstName}`;
}
