/** Pure rules of list filters: the 'All' choice, option lists, and whether any filter is set. */

/** The choice that filters nothing. */
export const ALL = 'All';

/** True when the value passes the choice: 'All' passes everything, any other choice only its own value. */
export function matchesChoice(value: string | null | undefined, choice: string): boolean {
  return choice === ALL || (value ?? '') === choice;
}

// Building a collator costs milliseconds (the language's collation rules): one per language, kept, rather than one
// per select on every render.
const collators = new Map<string, Intl.Collator>();

function collatorOf(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * The options of a filter select: 'All' first (with its label in the user's language), then each
 * distinct non-empty value once, labelled by `label` (a status in the user's language; the value
 * itself by default), in the language's alphabetical order of the labels.
 */
export function optionsWithAll(
  values: readonly (string | null | undefined)[],
  allLabel: string,
  locale = 'en-US',
  label: (value: string) => string = (value) => value,
): { value: string; label: string }[] {
  const collator = collatorOf(locale);
  const distinct = [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
  const options = distinct.map((value) => ({ value, label: label(value) }));
  options.sort((a, b) => collator.compare(a.label, b.label));
  return [{ value: ALL, label: allLabel }, ...options];
}

/** A choice that is no longer among the options (the list changed) falls back to 'All'. */
export function validChoice(choice: string, options: readonly { value: string }[]): string {
  return options.some((o) => o.value === choice) ? choice : ALL;
}

/** True when every filter has its default value, so Clear Filters has nothing to clear. */
export function isAtDefaults<T extends Record<string, string>>(values: T, defaults: T): boolean {
  return (Object.keys(defaults) as (keyof T)[]).every((key) => values[key] === defaults[key]);
}
