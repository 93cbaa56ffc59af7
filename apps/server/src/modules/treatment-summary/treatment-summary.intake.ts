import { createHash } from 'node:crypto';
import type { TreatmentSummaryGroup } from '@portal/contracts';
import type { Tx } from '../../db/client';
import {
  findTreatmentSummaryItemByExternalId,
  insertTreatmentSummaryItem,
  setTreatmentSummaryItemWithdrawn,
  updateTreatmentSummaryItem,
  type TreatmentSummaryItemFields,
} from './treatment-summary.intake.repository';

// Intake of treatment summary items: how a facility's system (the integration API) and the demo write them, keyed
// by the facility's own identifier of each item (externalId, unique per patient). The caller owns the transaction.

/** One item of a group as the facility sends it: its fields, or only a message that there is nothing to report. */
export interface TreatmentSummaryItemRecord {
  groupName: TreatmentSummaryGroup;
  /** The group's fields by name (TREATMENT_SUMMARY_FIELDS); checked against the group's schema when read. */
  fields: Record<string, unknown>;
  isNullMessageHolder: boolean;
  nullMessage: string | null;
  /** The item's place within its group. */
  sortOrder: number;
}

/**
 * The patient's side of an item brought in with a history (the demo's items, most of them seen long ago): applied
 * only when the put creates the item. The integration API never sends it.
 */
export interface TreatmentSummaryItemHistory {
  isPatientReviewed: boolean;
}

/** What a put did: the item's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
}

/** JSON with the keys of every object in order, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A digest of what the facility sent. Fields are compared without their order, and an absent field is the same as a
 * null one (both read as null).
 */
export function treatmentSummaryItemFingerprint(record: TreatmentSummaryItemRecord): string {
  const canonical = canonicalJson([
    record.groupName,
    record.isNullMessageHolder ? {} : record.fields,
    record.isNullMessageHolder,
    record.isNullMessageHolder ? record.nullMessage : null,
    record.sortOrder,
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The fields stored: only the given ones (nulls left out, they read as null), none for a null-message holder. */
function storedFields(record: TreatmentSummaryItemRecord): Record<string, unknown> {
  if (record.isNullMessageHolder) return {};
  return Object.fromEntries(Object.entries(record.fields).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * Creates or replaces the patient's item under the facility's identifier `externalId`: an idempotent upsert.
 *
 * - New identifier: the item is added, not seen by the patient (a new dot, one more on the badge), unless `history`
 *   says otherwise.
 * - Same content again (a resend), the item not withdrawn: nothing changes, not even whether the patient saw it.
 * - Other content (another group included): the item is rewritten in place, keeping its id, and is new to the
 *   patient again until the summary is viewed.
 * - A withdrawn item put again is back, and new.
 */
export async function putTreatmentSummaryItem(
  tx: Tx,
  patientId: number,
  externalId: string,
  record: TreatmentSummaryItemRecord,
  history?: TreatmentSummaryItemHistory,
): Promise<PutOutcome> {
  const contentHash = treatmentSummaryItemFingerprint(record);
  const fields: TreatmentSummaryItemFields = {
    groupName: record.groupName,
    fields: storedFields(record),
    isNullMessageHolder: record.isNullMessageHolder,
    nullMessage: record.isNullMessageHolder ? record.nullMessage : null,
    sortOrder: record.sortOrder,
    contentHash,
    withdrawnAt: null,
    isPatientReviewed: false,
  };

  let existing = await findTreatmentSummaryItemByExternalId(tx, patientId, externalId);
  if (!existing) {
    const id = await insertTreatmentSummaryItem(tx, {
      patientId,
      externalId,
      ...fields,
      isPatientReviewed: history?.isPatientReviewed ?? false,
    });
    if (id !== undefined) return { id, created: true, changed: true };
    // Added by a concurrent put of the same item since we looked: replace that one.
    existing = await findTreatmentSummaryItemByExternalId(tx, patientId, externalId);
    if (!existing) throw new Error('A treatment summary item with this external id was neither added nor found');
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  await updateTreatmentSummaryItem(tx, existing.id, fields);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the patient's item under `externalId`: from now on it is not shown (summary, unseen count), while the
 * row, and every audit row about it, stays. Withdrawing it again changes nothing (the first time stays). Returns the
 * item's id, or undefined when there is none.
 */
export async function withdrawTreatmentSummaryItem(
  tx: Tx,
  patientId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findTreatmentSummaryItemByExternalId(tx, patientId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) await setTreatmentSummaryItemWithdrawn(tx, existing.id, now);
  return existing.id;
}
