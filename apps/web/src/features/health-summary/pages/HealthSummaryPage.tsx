// The health information summary (spec 002, 2.7): built in issue 15.
export function Component() {
  return null;
}
