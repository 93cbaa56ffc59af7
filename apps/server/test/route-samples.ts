// Sample values for the path parameters of every route: the authorisation matrix and the read-audit walk
// fill route URLs with them.

import { DEMO_SECRETS } from '../src/demo/demo';

// Values for path parameters other than the patient and user ids.
export const SAMPLE_PARAMS: Record<string, string> = {
  facilityId: '1',
  themeId: '1',
  contentKey: 'TermsOfUse',
  pin: '000000',
  token: 'not-a-real-token',
  encryptedUserId: 'not-a-real-token',
  username: 'jane.doe',
  count: '4',
  // A photo the demo seeds, so the public image route answers 200 rather than 404.
  fileName: 'priya-raman-thumb.svg',
  // The PIN letter answers 404 without a valid sealed token, whoever asks: it is public by design.
  invitationId: '1',
  pageNumber: '1',
  // Integration API paths name records by the facility's own identifiers: jane.doe's MRN at Riverside, and
  // identifiers no record has (a PUT with no body is a 400, a DELETE of nothing a 404).
  mrn: 'RCC-100234',
  externalId: 'sample-external-id',
  // Riverside's kiosk entry address (/kio{secret}): the public lookup answers 200 only for a secret it knows.
  secret: DEMO_SECRETS.kioskEntryRiverside,
  // The recipient of a new secure message: a request without a body is a 400 before it is looked at. Threads
  // (:threadId) are records of a patient: each test gives its own (test/secure-message-fixture.ts).
  careProviderId: '1',
  // A patient's external system: the authorisation matrix and the read-audit walk give patient A's, with health
  // summaries (test/health-summary-fixture.ts); this one stands in for suites that only fill paths.
  ifSystemId: '1',
  // Files of the developer mailboxes (outbox mail, Direct messages): none has these, so they answer 404.
  attachmentId: '1',
  index: '0',
  // How a health summary is sent: a request without a body is a 400 before anything is sent.
  transmitType: 'email',
  // A downloadable form of Riverside: the demo seeds its forms before any other facility's, so 1 is one.
  formId: '1',
};

/** A date range holding every health summary a test fixture stores (a demo document is within a few years of now). */
const HEALTH_SUMMARY_RANGE = 'startDate=2000-01-01&endDate=2099-12-31';

// A valid query for routes that need one, so a caller who may use the route gets its answer, not a 400.
export const SAMPLE_QUERIES: Record<string, string> = {
  '/api/languages/translations': 'language=es-MX',
  '/api/kiosk/questionnaires': 'dueDate=2026-01-15',
  '/api/patients/:patientId/HealthSummary/:ifSystemId': HEALTH_SUMMARY_RANGE,
  '/api/patients/:patientId/HealthSummary/:ifSystemId/html': HEALTH_SUMMARY_RANGE,
  '/api/patients/:patientId/HealthSummary/:ifSystemId/download': HEALTH_SUMMARY_RANGE,
  // The activity log needs both days (a year back to today on the page).
  '/api/patients/:patientId/audits/report': 'startDate=2000-01-01&endDate=2099-12-31',
};

export function fill(url: string, values: Record<string, string>) {
  const filled = url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name] ?? SAMPLE_PARAMS[name];
    if (value === undefined) throw new Error(`The matrix has no sample value for :${name} in ${url}`);
    return value;
  });
  const query = SAMPLE_QUERIES[url];
  return query === undefined ? filled : `${filled}?${query}`;
}
