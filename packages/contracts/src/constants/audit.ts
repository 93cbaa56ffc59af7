/**
 * The view events the browser records (POST /api/users/{userId}/audit), spec 002 section 7 and the
 * appointments page. Everything else (prints, document pages, reviews, logins) the server writes itself,
 * so a caller cannot forge those rows.
 */
export const APPOINTMENTS_VIEW_AUDIT_EVENT = 'appointmentviewauditevent';
export const EDUCATION_VIEW_AUDIT_EVENT = 'educationviewauditevent';
export const FOLLOW_UP_PLAN_VIEW_AUDIT_EVENT = 'followupplanviewauditevent';
export const LAB_RESULTS_VIEW_AUDIT_EVENT = 'testresultsviewauditevent';
/** The medical notes list viewed, and a note opened. */
export const MEDICAL_NOTES_VIEW_AUDIT_EVENT = 'medicalnotesviewauditevent';
export const MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT = 'medicalnotesviewdetailauditevent';
export const TREATMENT_SUMMARY_VIEW_AUDIT_EVENT = 'treatmentsummaryviewauditevent';
export const SECURE_MESSAGES_VIEW_AUDIT_EVENT = 'securemessageviewauditevent';
export const HEALTH_SUMMARY_VIEW_AUDIT_EVENT = 'healthsummaryviewauditevent';

export const BROWSER_AUDIT_EVENTS = [
  APPOINTMENTS_VIEW_AUDIT_EVENT,
  EDUCATION_VIEW_AUDIT_EVENT,
  FOLLOW_UP_PLAN_VIEW_AUDIT_EVENT,
  LAB_RESULTS_VIEW_AUDIT_EVENT,
  MEDICAL_NOTES_VIEW_AUDIT_EVENT,
  MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT,
  TREATMENT_SUMMARY_VIEW_AUDIT_EVENT,
  SECURE_MESSAGES_VIEW_AUDIT_EVENT,
  HEALTH_SUMMARY_VIEW_AUDIT_EVENT,
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

/**
 * Questionnaires (spec 001, docs/adr/0009-questionnaires.md): the server writes these itself, each with the
 * assignment's id and template id, never the answers. A submit is what the integration event feed answers as
 * questionnaire-response.completed.
 */
export const QUESTIONNAIRE_VIEW_AUDIT_EVENT = 'questionnaireviewauditevent';
export const QUESTIONNAIRE_DRAFT_AUDIT_EVENT = 'questionnairedraftauditevent';
/** "Yes, I want to cancel": the caller's draft deleted (issue 32, finding 1). */
export const QUESTIONNAIRE_DRAFT_DISCARD_AUDIT_EVENT = 'questionnairedraftdiscardauditevent';
export const QUESTIONNAIRE_SUBMIT_AUDIT_EVENT = 'questionnairesubmitauditevent';
export const QUESTIONNAIRE_DECLINE_AUDIT_EVENT = 'questionnairedeclineauditevent';
export const QUESTIONNAIRE_REVIEW_AUDIT_EVENT = 'questionnairereviewauditevent';

/**
 * Secure messages (spec 002, 2.6): the server writes these itself with the thread's id (and the message's), never
 * the content. A sent message is what the integration event feed answers as message.sent, its marking read (the
 * patient's member reviewed) as message.read; a message the care team sent in through the integration API is recorded
 * by the integration call's own audit row. Reading a thread (GET .../threads/{threadId}) is recorded as
 * SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT (the route's read audit).
 */
export const SECURE_MESSAGE_SEND_AUDIT_EVENT = 'securemessagesendauditevent';
export const SECURE_MESSAGE_REVIEW_AUDIT_EVENT = 'securemessagereviewauditevent';
export const SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT = 'securemessagearchiveauditevent';
export const SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT = 'securemessageunarchiveauditevent';
export const SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT = 'securemessagethreadviewauditevent';
