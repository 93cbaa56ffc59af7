import {
  TREATMENT_SUMMARY_FIELD_SCHEMAS,
  TREATMENT_SUMMARY_GROUPS,
  type TreatmentSummaryGroup,
  type TreatmentSummaryResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import {
  countUnseenTreatmentSummaryItems,
  listTreatmentSummaryItems,
  markTreatmentSummaryItemsReviewed,
} from './treatment-summary.repository';
import type { PatientScope } from '../../platform/access/patient-scope';
import { writtenAsJson } from '../../platform/http/serializer';

/** A stored item whose fields did not fit its group's schema: those fields were answered as null. */
export interface InvalidItemFields {
  itemId: number;
  group: TreatmentSummaryGroup;
  /** Names only: the values are health data and never logged. */
  fields: string[];
}

/** An item as stored (treatment_summary_items), its fields as their JSON text. */
export interface StoredItem {
  id: number;
  groupName: string;
  fieldsJson: string;
  isNullMessageHolder: boolean;
  nullMessage: string | null;
  isPatientReviewed: boolean;
}

const isGroup = (name: string): name is TreatmentSummaryGroup =>
  (TREATMENT_SUMMARY_GROUPS as readonly string[]).includes(name);

type FieldShape = Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;

/**
 * An item's fields as the group's schema has them: every field of the group present (null when not
 * stored), keys the group does not have dropped, and a value of the wrong kind answered as null (and
 * reported), so one bad value from a source system does not hide the rest of the summary. A null-message
 * holder answers null for every field: it only shows its message.
 */
export function itemFields(
  group: TreatmentSummaryGroup,
  stored: Record<string, unknown>,
  isNullMessageHolder: boolean,
): { fields: Record<string, unknown>; invalid: string[] } {
  const schema = TREATMENT_SUMMARY_FIELD_SCHEMAS[group];
  const shape = schema.shape as FieldShape;
  const given: Record<string, unknown> = {};
  for (const name in shape) given[name] = isNullMessageHolder ? null : (stored[name] ?? null);
  // The whole item in one check first (zod compiles an object's check once; a field at a time costs several
  // times more on every read): only an item that fails it is checked field by field, to null just the bad ones.
  const whole = schema.safeParse(given);
  if (whole.success) return { fields: whole.data, invalid: [] };
  const fields: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const [name, fieldSchema] of Object.entries(shape)) {
    const value = given[name];
    const parsed = fieldSchema.safeParse(value);
    if (parsed.success) {
      fields[name] = parsed.data;
    } else {
      fields[name] = null;
      invalid.push(name);
    }
  }
  return { fields, invalid };
}

interface CheckedFields {
  /** The checked fields as JSON, without the braces ('' for none): the tail of the item's object in the answer. */
  json: string;
  invalid: readonly string[];
}

/** The most item texts whose checked fields are kept; past it, all are let go and kept again as they are read. */
export const CHECKED_FIELDS_KEPT = 20_000;

/**
 * Each stored fields text's checked fields as JSON, per group and null-message holder or not: an item's fields
 * change only when the facility's system sends it again, so a summary viewed again is neither parsed, checked nor
 * written out again (the three were most of a view's time).
 */
const checkedFields = new Map<string, Map<string, CheckedFields>>();
let checkedFieldsCount = 0;

function checkedFieldsOf(
  group: TreatmentSummaryGroup,
  fieldsJson: string,
  isNullMessageHolder: boolean,
): CheckedFields {
  const kind = isNullMessageHolder ? `${group}:holder` : group;
  let byText = checkedFields.get(kind);
  if (!byText) checkedFields.set(kind, (byText = new Map<string, CheckedFields>()));
  const kept = byText.get(fieldsJson);
  if (kept) return kept;
  const { fields, invalid } = itemFields(group, JSON.parse(fieldsJson) as Record<string, unknown>, isNullMessageHolder);
  const checked = { json: JSON.stringify(fields).slice(1, -1), invalid: Object.freeze(invalid) };
  if (checkedFieldsCount >= CHECKED_FIELDS_KEPT) {
    checkedFields.clear();
    checkedFieldsCount = 0;
    checkedFields.set(kind, (byText = new Map<string, CheckedFields>()));
  }
  byText.set(fieldsJson, checked);
  checkedFieldsCount++;
  return checked;
}

/**
 * The summary as the API answers it (TreatmentSummaryResponse), as JSON text: one entry per group that has items,
 * groups in the fixed clinical order of TREATMENT_SUMMARY_GROUPS, items in their stored order. A group without
 * items is left out (an explicit "nothing to report" is a null-message holder item, which the facility's system
 * sends). Each item's object is its own fields followed by its checked fields' kept JSON.
 */
export function toTreatmentSummary(rows: readonly StoredItem[]): {
  json: string;
  invalid: InvalidItemFields[];
} {
  const invalid: InvalidItemFields[] = [];
  const byGroup = new Map<TreatmentSummaryGroup, string[]>();
  for (const row of rows) {
    const group = row.groupName;
    // The table's CHECK allows only the 17 groups; anything else is not ours to show.
    if (!isGroup(group)) continue;
    const checked = checkedFieldsOf(group, row.fieldsJson, row.isNullMessageHolder);
    if (checked.invalid.length > 0) invalid.push({ itemId: row.id, group, fields: [...checked.invalid] });
    const item =
      `{"itemId":${row.id},"isNullMessageHolder":${row.isNullMessageHolder},` +
      `"nullMessage":${JSON.stringify(row.nullMessage)},"isPatientReviewed":${row.isPatientReviewed}` +
      `${checked.json === '' ? '' : ','}${checked.json}}`;
    const items = byGroup.get(group);
    if (items) items.push(item);
    else byGroup.set(group, [item]);
  }
  const entries = TREATMENT_SUMMARY_GROUPS.filter((group) => byGroup.has(group)).map(
    (group) => `{"key":${JSON.stringify(group)},"value":[${byGroup.get(group)!.join(',')}]}`,
  );
  return { json: `[${entries.join(',')}]`, invalid };
}

export class TreatmentSummaryService {
  constructor(private readonly db: Db) {}

  /**
   * The summary with each item's reviewed flag as it was, then every item it showed that was not seen yet
   * marked as seen: the first view shows the new dots, the next one none, and the unseen count drops to 0.
   * The marking is one UPDATE, atomic by itself, sent only when something is unseen: viewing a summary already
   * seen is a single read, with no transaction.
   */
  async viewSummary(
    scope: PatientScope,
    onInvalid: (problem: InvalidItemFields) => void = () => {},
  ): Promise<TreatmentSummaryResponse> {
    const rows = await listTreatmentSummaryItems(this.db, scope);
    const { json, invalid } = toTreatmentSummary(rows);
    invalid.forEach(onInvalid);
    const unseen = rows.filter((row) => !row.isPatientReviewed && isGroup(row.groupName)).map((row) => row.id);
    if (unseen.length > 0) await markTreatmentSummaryItemsReviewed(this.db, scope, unseen);
    return writtenAsJson(json);
  }

  unseenCount(scope: PatientScope): Promise<number> {
    return countUnseenTreatmentSummaryItems(this.db, scope);
  }
}
