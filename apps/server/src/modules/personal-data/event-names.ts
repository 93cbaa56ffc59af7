// Every event type the portal writes to audit_events about a patient's record or account, with the language
// pack key of its readable name in the activity log (personal-data.json: personalData.event.<type>). A type
// missing here (one added later) still shows, as personalData.otherEvent; a test checks this list against the
// types the code writes.

export const AUDIT_EVENT_TYPES = [
  // Reads of the record (the access hooks write one for every answer of a patient route).
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
  'medicalnotereviewedauditevent',
  'treatmentsummaryviewauditevent',
  'questionnaireviewauditevent',
  'questionnairedraftauditevent',
  'questionnairedraftdiscardauditevent',
  'questionnairesubmitauditevent',
  'questionnairedeclineauditevent',
  'questionnairereviewauditevent',
  'securemessageviewauditevent',
  'securemessagethreadviewauditevent',
  'securemessagesendauditevent',
  'securemessagereviewauditevent',
  'securemessageunreviewauditevent',
  'securemessagearchiveauditevent',
  'securemessageunarchiveauditevent',
  'healthsummaryviewauditevent',
  'healthsummaryprintauditevent',
  'healthsummarydownloadxmlauditevent',
  'healthsummarydownloadpdfauditevent',
  'healthsummaryemailauditevent',
  'healthsummarysendsecurelyauditevent',
  // The account and its people.
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
  // The facility pages.
  'facilityformdownloadauditevent',
  // Facility systems (the integration API).
  'integrationcallauditevent',
  'integrationpatientputauditevent',
  'integrationdisclosureauditevent',
  // This page's own acts.
  'activitylogviewauditevent',
  'personaldataexportauditevent',
] as const;

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
