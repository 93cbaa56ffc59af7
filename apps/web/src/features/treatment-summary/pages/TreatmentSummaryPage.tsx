/** /treatment-summary (spec 002). */
export function Component() {
  return null;
}
