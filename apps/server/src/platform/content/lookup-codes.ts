import { LOOKUP_LISTS, valueKey, type LookupList } from '@portal/contracts';
import { BUNDLED_PACKS } from './language-packs';

/**
 * Which code of a lookup list (packs/<language>/lookups.json, `lookups.<list>.<code>`) a value a facility's system
 * sent stands for. Registration systems send names more often than codes ('United States', 'Married', 'English'),
 * and the browser names a value by its code in the reader's language (contracts' lookupName), so the server, which
 * holds the English pack, tells the browser the code. A value matches a code as written or the code's English name,
 * case, spaces and punctuation aside ('united states', 'Home phone').
 */

const PREFIX = 'lookups.';
const comparable = (value: string) => valueKey(value).toLowerCase();

/**
 * The index's key of a value in its list. States are indexed within their country (`US:newyork`, `US:ny`): a state's
 * code is unique only within its country (ISO 3166-2), and its country is known from the same address.
 */
function indexKey(list: LookupList, value: string, countryCode?: string): string {
  return list === 'state' ? `${countryCode ?? ''}:${comparable(value)}` : comparable(value);
}

/** Per list: index key of a code or English name -> code. Codes win over a name spelled like another code. */
const INDEX: ReadonlyMap<LookupList, ReadonlyMap<string, string>> = (() => {
  const lists = new Set<string>(LOOKUP_LISTS);
  const byCode = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const [key, name] of Object.entries(BUNDLED_PACKS.en)) {
    if (!key.startsWith(PREFIX)) continue;
    const rest = key.slice(PREFIX.length);
    const dot = rest.indexOf('.');
    const list = rest.slice(0, dot) as LookupList;
    if (dot < 0 || !lists.has(list)) continue;
    const code = rest.slice(dot + 1);
    // A state's code is country.state (US.NY): indexed by the state's own part within the country.
    const [country, own] = list === 'state' ? [code.split('.')[0], code.slice(code.indexOf('.') + 1)] : [];
    byCode.set(`${list}|${indexKey(list, own ?? code, country)}`, code);
    const named = `${list}|${indexKey(list, name, country)}`;
    if (!byName.has(named)) byName.set(named, code);
  }
  const index = new Map<LookupList, Map<string, string>>(LOOKUP_LISTS.map((list) => [list, new Map()]));
  for (const entries of [byName, byCode]) {
    for (const [key, code] of entries) {
      const bar = key.indexOf('|');
      index.get(key.slice(0, bar) as LookupList)!.set(key.slice(bar + 1), code);
    }
  }
  return index;
})();

/** The code a sent value stands for in the list, or null when it is none the packs name (it shows as sent). */
export function lookupCode(list: Exclude<LookupList, 'state'>, value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return INDEX.get(list)?.get(indexKey(list, value)) ?? null;
}

/**
 * The code of a state or province (US.NY) by its code or English name within its country (a country code, as
 * lookupCode('country', ...) gives it). A state of an unknown country is not guessed.
 */
export function stateCode(countryCode: string | null, value: string | null | undefined): string | null {
  if (!countryCode || !value || value.trim() === '') return null;
  return INDEX.get('state')?.get(indexKey('state', value, countryCode)) ?? null;
}

/**
 * The codes of a record's coded values, by field (REGISTRATION_CODED_FIELDS, CARE_TEAM_CODED_FIELDS): each value's
 * code in its list, a state's within the record's own country field.
 */
export function lookupCodes<F extends string>(
  fields: Readonly<Record<F, LookupList>>,
  values: Readonly<Record<NoInfer<F>, string | null | undefined>>,
): Record<F, string | null> {
  const entries = Object.entries(fields) as [F, LookupList][];
  const countryField = entries.find(([field, list]) => list === 'country' && field === 'country')?.[0];
  const countryCode = countryField ? lookupCode('country', values[countryField]) : null;
  return Object.fromEntries(
    entries.map(([field, list]) => [
      field,
      list === 'state' ? stateCode(countryCode, values[field]) : lookupCode(list, values[field]),
    ]),
  ) as Record<F, string | null>;
}
