/** /medical-notes (spec 002). */
export function Component() {
  return null;
}
