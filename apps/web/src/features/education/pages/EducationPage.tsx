/** /education-articles (spec 002). */
export function Component() {
  return null;
}
