// Secure messages (spec 002, 2.6 and 9): limits and the editor's markup, shared by the server (which cleans and
// counts what it stores) and the browser (which cleans what it shows and counts what the user types).

export const SECURE_MESSAGE_LIMITS = {
  /** Characters of a new thread's subject. */
  subjectMax: 100,
  /** Characters a reader sees in one message (markup not counted; see rules/secure-message.ts). */
  contentMax: 2000,
  /**
   * Characters of a message's HTML as sent, markup included: a bound on what a request may carry, far above
   * what 2000 visible characters with the toolbar's formatting need.
   */
  contentHtmlMax: 40_000,
  /** Rows of the reply box (HTML mode). */
  replyRows: 5,
  /** Rows of the compose box (HTML mode). */
  composeRows: 8,
  /** Rows of the editor in Text mode. */
  textModeRows: 15,
} as const;

/**
 * The markup a message may hold: what the editor's toolbar makes (bold, italic, underline, ordered and unordered
 * lists) with paragraphs and line breaks; no attributes at all. Everything else is removed, keeping its text, on
 * the server when a message is stored and again in the browser when it is shown.
 */
export const SECURE_MESSAGE_ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li'] as const;
/** Tags taken as their toolbar equivalent when a message is cleaned (<b> is <strong>, <i> is <em>). */
export const SECURE_MESSAGE_TAG_ALIASES = { b: 'strong', i: 'em' } as const;

/** The editor's modes (spec 002 section 9); HTML is the default. */
export const EDITOR_MODES = ['html', 'text'] as const;
export type EditorMode = (typeof EDITOR_MODES)[number];
export const DEFAULT_EDITOR_MODE: EditorMode = 'html';

/** The content key of the legal text under the reply box, per facility and language. */
export const SECURE_MESSAGE_LEGAL_CONTENT_KEY = 'SecurityMessageLegal';

/**
 * The header a sender puts on POST .../SecureMessages/new/{careProviderId} and .../threads/{threadId}/messages:
 * the same key again (a double click, a retry after a timeout) answers the message already stored.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** 8 to 100 characters of letters, digits, '-' and '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** JSON Patch paths of PATCH .../SecureMessages/threads/{threadId} (op 'replace', a boolean value). */
export const THREAD_PATCH_ARCHIVED_PATH = '/isArchived';
/** '/members/{threadMemberId}/areMessagesReviewed': the patient's member only. */
export const THREAD_PATCH_REVIEWED_PATH = /^\/members\/(\d{1,10})\/areMessagesReviewed$/;
export const threadReviewedPath = (threadMemberId: number) => `/members/${threadMemberId}/areMessagesReviewed`;
