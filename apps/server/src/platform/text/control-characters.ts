// The portal's one rule for control characters. A line (a mail header, a subject, an address, a file name) holds
// none of C0 and DEL: a line break there splits a header. Text (a field of a request, a plain-text file) may hold
// tab, line feed and carriage return, and no other: the database refuses NUL, and the rest shows as nothing.

/** C0 and DEL, as a character class body (for a rule that adds characters of its own). */
export const LINE_CONTROL_CLASS = '\\u0000-\\u001f\\u007f';
/** C0 but tab, line feed and carriage return, and DEL, as a character class body. */
export const TEXT_CONTROL_CLASS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';

const IN_LINE = new RegExp(`[${LINE_CONTROL_CLASS}]`);
const RUNS_IN_LINE = new RegExp(`[${LINE_CONTROL_CLASS}]+`, 'g');
const IN_TEXT = new RegExp(`[${TEXT_CONTROL_CLASS}]`);

/** Whether a line holds a control character (a line break included). */
export function hasLineControl(value: string): boolean {
  return IN_LINE.test(value);
}

/** The line with each run of control characters replaced by `by`. */
export function replaceLineControls(value: string, by: string): string {
  return value.replace(RUNS_IN_LINE, by);
}

/** Whether a text holds a control character other than tab, line feed and carriage return. */
export function hasTextControl(value: string): boolean {
  return IN_TEXT.test(value);
}
