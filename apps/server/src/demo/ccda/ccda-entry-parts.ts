import { CODE_SYSTEMS } from './ccda-codes';
import { el } from './xml';

// The coded entries of C-CDA R2.1 that the facility systems read: each a clinical statement with its template,
// identifier, codes (RxNorm, SNOMED CT, LOINC, CVX, CPT), times and values, and a reference to the row of the
// section's narrative it stands for (`ref`, the row's ID).

/** What every entry has: its identifier (a root of the sending system, the row's ID as extension). */
export interface EntryBase {
  idRoot: string;
  /** The narrative row's ID, also the entry's id extension. */
  ref: string;
}

export interface Quantity {
  value: number;
  /** UCUM ('mg', '10*3/uL'); none for a count of tablets. */
  unit?: string;
}

export const entryId = (entry: EntryBase) => el('id', { root: entry.idRoot, extension: entry.ref });
export const status = (code: string) => el('statusCode', { code });
export const interval = (low: string | null, high: string | null) =>
  el(
    'effectiveTime',
    { 'xsi:type': 'IVL_TS' },
    low ? el('low', { value: low }) : el('low', { nullFlavor: 'UNK' }),
    high ? el('high', { value: high }) : null,
  );
export const pq = (tag: string, q: Quantity, type?: string) =>
  el(tag, { 'xsi:type': type, value: q.value, unit: q.unit ?? '1' });
export const concernCode = el('code', {
  code: 'CONC',
  codeSystem: CODE_SYSTEMS.ActClass,
  codeSystemName: 'HL7ActClass',
  displayName: 'Concern',
});
export const assertion = el('code', { code: 'ASSERTION', codeSystem: CODE_SYSTEMS.ActCode, codeSystemName: 'ActCode' });
