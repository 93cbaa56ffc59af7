/** /test-results (spec 002). */
export function Component() {
  return null;
}
