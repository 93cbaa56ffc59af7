// Secure messages: the rules both sides apply to what a patient writes (spec 002 sections 5 and 9).

/**
 * How long a message is for the 2000-character limit: the characters a reader sees. Markup is not counted (the
 * caller passes the text of the message, without tags), line breaks are not counted, and a character outside
 * the Basic Multilingual Plane (an emoji, a rare Chinese character) counts once.
 */
export function visibleTextLength(text: string): number {
  let count = 0;
  for (const ch of text) if (ch !== '\n' && ch !== '\r') count += 1;
  return count;
}

/** Whether a message's text is empty for a reader: nothing but white space. */
export function isBlankText(text: string): boolean {
  return text.trim().length === 0;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A message typed in the editor's Text mode, as the HTML the server stores: each line a paragraph (an empty line
 * an empty paragraph), every character shown as typed (nothing in it is markup).
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)}</p>`)
    .join('');
}

/** A subject as stored: trimmed, inner runs of white space (a pasted line break) made one space. */
export function normalizeSubject(subject: string): string {
  return subject.trim().replace(/\s+/g, ' ');
}

/** A subject's length for its 100-character limit (a character outside the BMP counts once). */
export function subjectLength(subject: string): number {
  return [...normalizeSubject(subject)].length;
}
