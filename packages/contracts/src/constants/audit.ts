/**
 * The view events the browser records (POST /api/users/{userId}/audit), spec 002 section 7 and the
 * appointments page. Everything else (prints, document pages, reviews, logins) the server writes itself,
 * so a caller cannot forge those rows.
 */
export const BROWSER_AUDIT_EVENTS = [
  'appointmentviewauditevent',
  'educationviewauditevent',
  'followupplanviewauditevent',
  'testresultsviewauditevent',
  'medicalnotesviewauditevent',
  'medicalnotesviewdetailauditevent',
  'treatmentsummaryviewauditevent',
  'securemessageviewauditevent',
  'healthsummaryviewauditevent',
] as const;
export type BrowserAuditEvent = (typeof BROWSER_AUDIT_EVENTS)[number];

/** The logout audit event of each login type (spec 000, Logout). */
export const AUDIT_LOGOFF_EVENTS = {
  userNamePassword: 'logoffauditevent',
  singleSignOn: 'ssologoffauditevent',
  patientKioskManagement: 'kiosklogoffauditevent',
  patientKioskUser: 'kiosklogoffauditevent',
  patientLinkUser: 'urllinklogoffauditevent',
} as const;
