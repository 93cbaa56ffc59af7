/**
 * The browser's rules for dates, time zones and sorting (its ICU data) load on first use: 15 to 60 ms on this
 * machine, four times that on a slow phone, which the first list with dates paid inside its render. A logged-in
 * page then waits on the network for its first answers, with the main thread idle: the data loads in that wait,
 * in a task of its own (not an idle callback: before the first frame the browser has no idle periods to give).
 * Each formatter or collator built after it takes well under a millisecond.
 */
export function warmIntlSoon(locale: string, timeZoneId: string | undefined): void {
  // Two tasks, not one: each loads its own part of the data, and one task doing both was a long task by itself.
  soon(() =>
    new Intl.DateTimeFormat(locale, { timeZone: timeZoneId, dateStyle: 'medium', timeStyle: 'short' }).format(0),
  );
  soon(() => new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }).compare('a', 'b'));
}

function soon(warm: () => unknown): void {
  globalThis.setTimeout(() => {
    try {
      warm();
    } catch {
      // A zone or language this browser does not know: whoever formats with it gets the error, not the warm-up.
    }
  }, 0);
}
