import {
  DATE_FORMATS,
  formatPhone,
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_GROUPS,
  treatmentSummaryGroupKey,
  treatmentSummaryLabelKey,
  type LookupList,
  type TreatmentFieldSpec,
  type TreatmentSummaryGroup,
} from '@portal/contracts';
import type { CapabilityModuleName, TreatmentSummaryItem, TreatmentSummaryResponse } from '@portal/contracts';
import { calendarDay, formatDay } from '../../../lib/dates';
import { lookupText, type Translate } from '../../../lib/translator';

/** How many fields an item shows before More... (the rest show after it). */
export const PREVIEW_FIELD_COUNT = 4;

/** Dates show only when later than this day (source systems send 1900-01-01 for "unknown"). */
export const EARLIEST_SHOWN_DATE = '1900-01-01';

/** Fields that hold a phone number (shown as (xxx) xxx-xxxx) or an email address (a mail link). */
const PHONE_FIELDS = new Set(['providerPhone', 'phone']);
const EMAIL_FIELDS = new Set(['providerEmail', 'email']);

/* -------------------------------------------------------- value rules */

/** A text shows only when it is not empty after trimming. */
export function isShownText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** A number shows only when it is greater than 0. */
export function isShownNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** A date shows only when it is a real date later than 1 Jan 1900. */
export function isShownDate(value: unknown): value is string {
  const day = calendarDay(value);
  return day !== null && day > EARLIEST_SHOWN_DATE;
}

/** A treatment summary date: format 'L', MM/DD/YYYY in US English, the month named in other languages. */
export function formatTreatmentDate(value: string): string {
  return formatDay(value, DATE_FORMATS.treatmentSummary);
}

/** What one field of an item shows, before formatting. */
export type FieldValue =
  | { kind: 'text'; text: string }
  /** A code of a lookup list (L, IV, Q2W), and the wording to show when the list does not name it. */
  | { kind: 'coded'; list: LookupList; code: string; text: string }
  | { kind: 'date'; date: string }
  | { kind: 'number'; number: number }
  | { kind: 'phone'; text: string }
  | { kind: 'email'; text: string };

/**
 * The value a field shows, or null when it shows nothing: a coded field's code, named from its lookup list (the
 * Display variant, else the code, for one the list lacks); else the Display variant when it is not blank, else
 * the raw value by its kind's rule (date after 1900, number above 0, text not blank); a date that does not
 * show gives way to its text (lastMenstrualPeriodText).
 */
export function fieldValue(item: Readonly<Record<string, unknown>>, spec: TreatmentFieldSpec): FieldValue | null {
  const raw = item[spec.name];
  const display = spec.display && isShownText(item[spec.display]) ? (item[spec.display] as string).trim() : null;
  if (spec.lookup && isShownText(raw)) {
    return { kind: 'coded', list: spec.lookup, code: raw.trim(), text: display ?? raw.trim() };
  }
  if (display !== null) return { kind: 'text', text: display };
  switch (spec.kind) {
    case 'date':
      if (isShownDate(raw)) return { kind: 'date', date: raw };
      if (spec.fallbackText && isShownText(item[spec.fallbackText])) {
        return { kind: 'text', text: (item[spec.fallbackText] as string).trim() };
      }
      return null;
    case 'number':
      return isShownNumber(raw) ? { kind: 'number', number: raw } : null;
    case 'text':
      if (!isShownText(raw)) return null;
      if (PHONE_FIELDS.has(spec.name)) return { kind: 'phone', text: raw.trim() };
      if (EMAIL_FIELDS.has(spec.name)) return { kind: 'email', text: raw.trim() };
      return { kind: 'text', text: raw.trim() };
  }
}

/** The text a value shows as, in the user's language. */
export function formatFieldValue(value: FieldValue, locale: string, t: Translate): string {
  switch (value.kind) {
    case 'coded':
      return lookupText(t, value.list, value.code, value.text);
    case 'date':
      return formatTreatmentDate(value.date);
    case 'number':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value.number);
    case 'phone':
      return formatPhone(value.text);
    case 'text':
    case 'email':
      return value.text;
  }
}

/* ------------------------------------------------- capability and layout */

/**
 * What the capability configuration allows (TreatmentSummary > TreatmentTypes > group > field): a group
 * without an entry is not rendered, and a field without an entry is hidden.
 */
export interface TreatmentTypesAccess {
  hasGroup(group: TreatmentSummaryGroup): boolean;
  hasField(group: TreatmentSummaryGroup, field: string): boolean;
}

/** Reads TreatmentTypes through the capability reader's hasField('TreatmentSummary', ...path). */
export function treatmentTypesAccess(
  hasField: (moduleName: CapabilityModuleName, ...path: string[]) => boolean,
): TreatmentTypesAccess {
  return {
    hasGroup: (group) => hasField('TreatmentSummary', 'TreatmentTypes', group),
    hasField: (group, field) => hasField('TreatmentSummary', 'TreatmentTypes', group, field),
  };
}

export interface ShownField {
  name: string;
  labelKey: string;
  value: FieldValue;
}

/** The fields an item shows, in the group's order: allowed by the configuration and with a value to show. */
export function shownFields(
  group: TreatmentSummaryGroup,
  item: TreatmentSummaryItem,
  access: TreatmentTypesAccess,
): ShownField[] {
  if (item.isNullMessageHolder) return [];
  const values = item as unknown as Readonly<Record<string, unknown>>;
  return TREATMENT_SUMMARY_FIELDS[group].flatMap((spec) => {
    if (!access.hasField(group, spec.name)) return [];
    const value = fieldValue(values, spec);
    return value ? [{ name: spec.name, labelKey: treatmentSummaryLabelKey(group, spec.name), value }] : [];
  });
}

/** The fields before More... and the ones after it. */
export function splitPreview<T>(fields: readonly T[], count = PREVIEW_FIELD_COUNT): { preview: T[]; rest: T[] } {
  return { preview: fields.slice(0, count), rest: fields.slice(count) };
}

export interface ShownItem {
  itemId: number;
  isNew: boolean;
  /** Set for a null-message holder: the only thing it shows. */
  nullMessage: string | null;
  fields: ShownField[];
}

export interface ShownGroup {
  group: TreatmentSummaryGroup;
  titleKey: string;
  items: ShownItem[];
}

/**
 * The blocks the page renders, in the clinical order: groups the configuration grants and that have
 * something to show. A null-message holder shows only its message; an item left with no field to show
 * (all blank, or all hidden) is not rendered.
 */
export function shownGroups(summary: TreatmentSummaryResponse, access: TreatmentTypesAccess): ShownGroup[] {
  const order = (group: string) => TREATMENT_SUMMARY_GROUPS.indexOf(group as TreatmentSummaryGroup);
  return [...summary]
    .filter((entry) => order(entry.key) >= 0 && access.hasGroup(entry.key))
    .sort((a, b) => order(a.key) - order(b.key))
    .map((entry) => ({
      group: entry.key,
      titleKey: treatmentSummaryGroupKey(entry.key),
      items: (entry.value as TreatmentSummaryItem[]).flatMap((item): ShownItem[] => {
        const isNew = !item.isPatientReviewed;
        if (item.isNullMessageHolder) {
          return isShownText(item.nullMessage)
            ? [{ itemId: item.itemId, isNew, nullMessage: item.nullMessage.trim(), fields: [] }]
            : [];
        }
        const fields = shownFields(entry.key, item, access);
        return fields.length > 0 ? [{ itemId: item.itemId, isNew, nullMessage: null, fields }] : [];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/** How many of the shown items are new (the header badge of the page). */
export function newItemCount(groups: readonly ShownGroup[]): number {
  return groups.reduce((sum, g) => sum + g.items.filter((i) => i.isNew).length, 0);
}
