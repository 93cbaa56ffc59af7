import { z } from 'zod';

// Personal data and privacy (spec 002, 2.9 and 7): the activity log report (an HTML page opened in a new window
// through a URL token) and the personal data export (an XML file). The browser imports the query and the names.

/** Rows of the activity log report per page: a long range reads page by page. */
export const ACTIVITY_LOG_PAGE_SIZE = 200;

/** The activity log's default range (spec 002, 9): one year back to today. */
export const ACTIVITY_LOG_DEFAULT_YEARS = 1;

/** The XML namespace of the personal data export; its schema is published at PERSONAL_DATA_SCHEMA_PATH. */
export const PERSONAL_DATA_NAMESPACE = 'urn:riverside-portal:personal-data:1';
export const PERSONAL_DATA_SCHEMA_PATH = '/api/schemas/personal-data.xsd';

/** The audit rows of viewing the activity log and of downloading the personal data export. */
export const ACTIVITY_LOG_VIEW_AUDIT_EVENT = 'activitylogviewauditevent';
export const PERSONAL_DATA_EXPORT_AUDIT_EVENT = 'personaldataexportauditevent';

const day = z.iso.date();

/** The kinds of event the activity log can be shown alone (opened, done, shared, the account, facility systems). */
export const ACTIVITY_LOG_KINDS = ['views', 'changes', 'sharing', 'account', 'systems'] as const;
export type ActivityLogKind = (typeof ACTIVITY_LOG_KINDS)[number];

/**
 * Whose acts the activity log shows: a person's account (user-12), a facility system (system-3), or the sessions
 * with no account behind them (kiosk, link and the portal's own acts: other).
 */
export const ACTIVITY_LOG_WHO = /^(user|system)-[1-9][0-9]{0,9}$|^other$/;

const emptyAsNone = (value: unknown) => (value === '' ? undefined : value);

export const ActivityLogQuerySchema = z
  .object({
    startDate: day.describe('YYYY-MM-DD: the first day of the range (required)'),
    endDate: day.describe('YYYY-MM-DD: the last day of the range (required; a start after the end is swapped)'),
    page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page of 200 rows'),
    // The report's own filter form sends an empty value for "everyone" and "every kind".
    who: z
      .preprocess(
        emptyAsNone,
        z.string().regex(ACTIVITY_LOG_WHO, 'Choose a person or system from the list.').optional(),
      )
      .describe('Only one actor’s rows: user-{id}, system-{id} or other (kiosk, link and portal sessions)'),
    kind: z.preprocess(emptyAsNone, z.enum(ACTIVITY_LOG_KINDS).optional()).describe('Only one kind of event'),
    token: z.string().max(1000).optional().describe('A URL token from POST /api/urlTokens for this exact path'),
    language: z
      .string()
      .max(20)
      .optional()
      .describe('The language the portal shows (en-US, es-MX, ...): the report is read in it, else the saved one'),
  })
  .strict();
export type ActivityLogQuery = z.input<typeof ActivityLogQuerySchema>;

/**
 * The path of a patient's activity log report (the URL token is bound to it). The spec names
 * /api/users/{userId}/audits/report; the portal serves it per patient so that a representative's report is of the
 * patient they act for, through the one patient access check.
 */
export function activityLogPath(patientId: number): string {
  return `/api/patients/${patientId}/audits/report`;
}

/** GET /api/patients/{patientId}/export's query. */
export const PersonalDataExportQuerySchema = z
  .object({
    language: z
      .string()
      .max(20)
      .optional()
      .describe(
        'The language the portal shows (en-US, es-MX, ...): questions, answers, score messages and the activity ' +
          'log are written in it, else in the saved one',
      ),
  })
  .strict();
export type PersonalDataExportQuery = z.input<typeof PersonalDataExportQuerySchema>;

/** The path of a patient's personal data export. */
export function personalDataExportPath(patientId: number): string {
  return `/api/patients/${patientId}/export`;
}

/**
 * The export's file name (spec 002, 2.9: "named from first name, last name, date and PersonalData"):
 * {FirstName}{LastName}_{YYYY-MM-DD}_PersonalData.xml, the names without characters a file name cannot hold.
 */
export function personalDataFileName(firstName: string, lastName: string, day: string): string {
  const clean = (name: string) => name.normalize('NFC').replace(/[^\p{L}\p{N}-]/gu, '');
  return `${clean(firstName)}${clean(lastName)}_${day}_PersonalData.xml`;
}
