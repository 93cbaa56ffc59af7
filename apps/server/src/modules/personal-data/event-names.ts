import type { ActivityLogKind } from '@portal/contracts';
import { PATIENT_COUNT_AUDIT_EVENT } from '../../platform/access/access-control';

// Every event type the portal writes to audit_events about a patient's record or account, by kind, with the
// language pack key of its readable name in the activity log (personal-data.json: personalData.event.<type>). A
// type missing here (one added later) still shows, as personalData.otherEvent, when no kind is chosen;
// a test checks these lists against the types the code writes.

/** The kinds of event the activity log can be filtered by, each with the event types it holds. */
export const EVENT_KINDS = {
  // What a person opened, printed or downloaded of the record (the access hooks write one for every answer of a
  // patient route).
  views: [
    'patientrecordreadauditevent',
    'appointmentviewauditevent',
    'educationviewauditevent',
    'educationarticleviewauditevent',
    'followupplanviewauditevent',
    'testresultsviewauditevent',
    'testresultdetailviewauditevent',
    'testresultprintauditevent',
    'medicalnotesviewauditevent',
    'medicalnotesviewdetailauditevent',
    'medicalnotepageviewauditevent',
    'treatmentsummaryviewauditevent',
    'questionnaireviewauditevent',
    'questionnairereviewauditevent',
    'securemessageviewauditevent',
    'securemessagethreadviewauditevent',
    'healthsummaryviewauditevent',
    'healthsummaryprintauditevent',
    'healthsummarydownloadxmlauditevent',
    'healthsummarydownloadpdfauditevent',
    'facilityformdownloadauditevent',
    'activitylogviewauditevent',
  ],
  // What a person did with the record: answers, messages, marks.
  changes: [
    'medicalnotereviewedauditevent',
    'questionnairedraftauditevent',
    'questionnairedraftdiscardauditevent',
    'questionnairesubmitauditevent',
    'questionnairedeclineauditevent',
    'securemessagesendauditevent',
    'securemessagereviewauditevent',
    'securemessageunreviewauditevent',
    'securemessagearchiveauditevent',
    'securemessageunarchiveauditevent',
  ],
  // What left the portal: to whom a summary was sent, what a facility system was given, the personal data file.
  sharing: [
    'healthsummaryemailauditevent',
    'healthsummarysendsecurelyauditevent',
    'integrationdisclosureauditevent',
    'personaldataexportauditevent',
  ],
  // The account and its people.
  account: [
    'signupauditevent',
    'arsignupauditevent',
    'loginauditevent',
    'logoffauditevent',
    'ssologoffauditevent',
    'kiosklogoninitiatedauditevent',
    'kiosklogoffauditevent',
    'urllinklogoffauditevent',
    'refreshtokenreuseauditevent',
    'eulaacceptedauditevent',
    'emailchangeauditevent',
    'passwordchangeauditevent',
    'passwordresetauditevent',
    'preferredlanguagechangeauditevent',
    'contactaddauditevent',
    'contacteditauditevent',
    'contactinviteauditevent',
    'contactaccessenabledauditevent',
    'contactaccessdisabledauditevent',
    'contactpasswordresetauditevent',
    'contactunlockaccountauditevent',
    'pinletterprintauditevent',
    'notificationsettingschangeauditevent',
    'noticecodesentauditevent',
    'noticedestinationconfirmauditevent',
  ],
  // Facility systems (the integration API) writing and reading the record.
  systems: ['integrationcallauditevent', 'integrationpatientputauditevent'],
} as const satisfies Record<ActivityLogKind, readonly string[]>;

/** Every event type the activity log names. */
export const AUDIT_EVENT_TYPES: readonly string[] = Object.values(EVENT_KINDS).flat();

/**
 * Types the log leaves out: the header's badge counts are not reads of a record (a representative who opened the
 * dashboard has not viewed the results whose count it shows). The facility's audit keeps them.
 */
export const UNLISTED_EVENT_TYPES: readonly string[] = [PATIENT_COUNT_AUDIT_EVENT];

const KNOWN = new Set<string>(AUDIT_EVENT_TYPES);

/** The pack key of an event type's readable name. */
export function eventNameKey(eventType: string): string {
  return KNOWN.has(eventType) ? `personalData.event.${eventType}` : 'personalData.otherEvent';
}

/**
 * The part of the record a generic read or a facility system's call touched, from the route that answered
 * ('GET /api/patients/:patientId/labresults/published' is test results): a pack key, or null when the route
 * names no part we know.
 */
const AREAS: [RegExp, string][] = [
  [/appointment/i, 'appointments'],
  [/followup|follow-up/i, 'followUps'],
  [/labresult|lab-result|testresult/i, 'results'],
  [/medicalnote|medical-note|\/notes/i, 'notes'],
  [/treatmentsummary|treatment-summary/i, 'treatmentSummary'],
  [/questionnaire/i, 'questionnaires'],
  [/securemessage|secure-message|\/messages/i, 'messages'],
  [/healthsummary|health-summar/i, 'healthSummaries'],
  [/education|article/i, 'education'],
  [/contact/i, 'contacts'],
  [/careteam/i, 'careTeam'],
  [/audits\/report/i, 'activityLog'],
  [/\/export/i, 'personalData'],
  [/notificationsetting/i, 'notificationSettings'],
  [/registrationdetails/i, 'registration'],
];

export function areaKey(route: string | null): string | null {
  if (!route) return null;
  const found = AREAS.find(([pattern]) => pattern.test(route));
  if (found) return `personalData.area.${found[1]}`;
  return /\/patients?\b/i.test(route) ? 'personalData.area.demographics' : null;
}
