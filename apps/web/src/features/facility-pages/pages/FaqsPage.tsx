// FAQs (spec 002, 2.10): built in issue 16.
export function Component() {
  return null;
}
