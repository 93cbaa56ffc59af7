import { TEXT_CONTROL_CLASS } from '../text/control-characters';
// Words a user typed that leave the portal in a mail its name stands behind (a health summary sent by email or
// Direct). The mail is plain text, but mail programs turn anything that looks like a web or email address into a
// link, and a portal-branded mail with a link in it is what a phishing message needs. So the words go out quoted
// ("> " before each line, under a header saying whose they are) and every address in them is defanged: the
// scheme's "://" becomes "[:]//" and a dot that joins host names becomes "[.]", which no mail program links.

// Line breaks stay; other control characters and the bidirectional overrides that reorder what is shown go.
const HIDDEN = new RegExp(`[${TEXT_CONTROL_CLASS}\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]`, 'g');
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi;
// A dot between a letter or digit and two or more letters ("example.org", "www.x"), not "3.5" nor "e.g.".
const HOST_DOT = /([\p{L}\p{N}-])\.(?=\p{L}{2,})/gu;

/** The text without hidden characters, its line breaks as \n, trimmed. */
export function plainWords(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN, '').trim();
}

/** Addresses in the text written so that no mail program makes them links. */
export function defanged(text: string): string {
  return text.replace(SCHEME, '$1[:]//').replace(HOST_DOT, '$1[.]');
}

/** The user's words ready for the mail: cleaned, defanged, each line quoted. Empty when nothing is left. */
export function quotedWords(text: string): string {
  const words = plainWords(text);
  if (words === '') return '';
  return defanged(words)
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}
