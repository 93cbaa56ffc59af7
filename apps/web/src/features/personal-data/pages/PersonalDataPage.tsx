// Personal data and privacy (spec 002, 2.9): built in issue 16.
export function Component() {
  return null;
}
