// Account settings (spec 002, 2.8): built in issue 16.
export function Component() {
  return null;
}
