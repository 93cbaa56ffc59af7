// The health information summary (spec 002, 2.7): what its human-readable view of a C-CDA document may hold.
// The server cleans the view to this allowlist when it renders it (platform/ccda/sanitize.ts), and the browser
// cleans it again with the same lists before showing it.

export const CCDA_HTML_ALLOWED_TAGS = [
  // The answer of the view wraps each document in <article class="ccda-document" aria-label="{title}">, so the
  // documents of a range stay apart for the page's outline and print (a rendering itself never writes one).
  'article',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'em',
  'u',
  'sub',
  'sup',
  'span',
  'a',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

/** Attributes by tag: web links, and the structure of tables. */
export const CCDA_HTML_ALLOWED_ATTRIBUTES = {
  article: ['aria-label'],
  a: ['href', 'rel'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
} as const satisfies Record<string, readonly string[]>;

/** The values a table header's scope may take. */
export const CCDA_HTML_TH_SCOPES = ['row', 'col', 'rowgroup', 'colgroup'] as const;

/** The classes the view uses, by tag (the page's stylesheet styles them). */
export const CCDA_HTML_CLASSES = {
  article: ['ccda-document'],
  table: ['ccda-summary'],
  p: ['ccda-footnote', 'ccda-no-narrative', 'ccda-document-type', 'ccda-attachment'],
  span: ['ccda-caption', 'ccda-multimedia', 'ccda-inserted', 'ccda-deleted', 'ccda-footnote-ref'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The names of the C-CDA R2.1 document types by their LOINC code (the document's code), as HL7 names them: a
 * list's documentType. A code not listed here has no name (null); the title still says what the document is.
 */
export const CCDA_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  '34133-9': 'Continuity of Care Document',
  '11488-4': 'Consultation Note',
  '18776-5': 'Care Plan',
  '18748-4': 'Diagnostic Imaging Report',
  '18842-5': 'Discharge Summary',
  '34117-2': 'History and Physical',
  '11504-8': 'Operative Note',
  '28570-0': 'Procedure Note',
  '11506-3': 'Progress Note',
  '57133-1': 'Referral Note',
  '18761-7': 'Transfer Summary',
};

/** How a summary is sent (the path's transmitType). */
export const HEALTH_SUMMARY_TRANSMIT_TYPES = ['email', 'sendSecurely'] as const;
export type HealthSummaryTransmitType = (typeof HEALTH_SUMMARY_TRANSMIT_TYPES)[number];

/** What a download holds: the C-CDA XML as the system sent it, or the human-readable PDF. */
export const HEALTH_SUMMARY_DOWNLOAD_FORMATS = ['xml', 'pdf'] as const;
export type HealthSummaryDownloadFormat = (typeof HEALTH_SUMMARY_DOWNLOAD_FORMATS)[number];

/** Spec 002, 9, and the portal's own bounds. */
export const HEALTH_SUMMARY_LIMITS = {
  /** The email and Send Securely message. */
  messageMaxLength: 2000,
  /** Rows of the email and Send Securely message boxes. */
  messageRows: 3,
  /** The download frame is removed after this many ms. */
  downloadFrameMs: 5000,
  /** The default range reaches back this many years from today. */
  defaultRangeYears: 1,
  /** At most this many documents in one range answer, view, download or send (the newest). */
  maxDocumentsPerRequest: 50,
  /** A C-CDA document the integration API accepts, in bytes. */
  maxDocumentBytes: 5 * 1024 * 1024,
} as const;

/**
 * Audit events the server writes itself for the health summary (45 CFR 170.315(e)(1) asks that every view,
 * download and transmission be in the patient's activity log), each with the documents' ids and never their
 * content. The view is the browser-named HEALTH_SUMMARY_VIEW_AUDIT_EVENT (audit.ts), written by the html route.
 */
export const HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT = 'healthsummarydownloadxmlauditevent';
export const HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT = 'healthsummarydownloadpdfauditevent';
export const HEALTH_SUMMARY_PRINT_AUDIT_EVENT = 'healthsummaryprintauditevent';
export const HEALTH_SUMMARY_EMAIL_AUDIT_EVENT = 'healthsummaryemailauditevent';
export const HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT = 'healthsummarysendsecurelyauditevent';
