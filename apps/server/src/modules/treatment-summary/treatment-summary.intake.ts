import type { TreatmentSummaryGroup } from '@portal/contracts';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import { treatmentSummaryItemTable } from './treatment-summary.intake.repository';

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

const treatmentSummaryItemKind: KeyedRecordKind<
  TreatmentSummaryItemRecord,
  KeyedRow,
  TreatmentSummaryItemHistory,
  'patientId'
> = {
  ...treatmentSummaryItemTable,
  // What is stored, and compared: only the fields given (an absent field and a null one both read as null), none
  // and no field order for a holder of a message that there is nothing to report.
  normalise: (record) => ({
    ...record,
    fields: record.isNullMessageHolder
      ? {}
      : Object.fromEntries(Object.entries(record.fields).filter(([, v]) => v !== undefined && v !== null)),
    nullMessage: record.isNullMessageHolder ? record.nullMessage : null,
  }),
  columns: (record, { existing, history }) => ({
    ...record,
    // A changed item is new to the patient again until the summary is viewed.
    isPatientReviewed: existing ? false : (history?.isPatientReviewed ?? false),
  }),
};

/**
 * Creates or replaces the patient's item under the facility's identifier `externalId`: an idempotent upsert.
 *
 * - New identifier: the item is added, not seen by the patient (a new dot, one more on the badge), unless `history`
 *   says otherwise.
 * - Same content again (a resend), the item not withdrawn: nothing changes, not even whether the patient saw it.
 * - Other content (another group included): the item is rewritten in place, keeping its id, and is new to the
 *   patient again until the summary is viewed.
 * - A withdrawn item put again is back, and new.
 *
 * Withdraws the patient's item under `externalId`: from now on it is not shown (summary, unseen count), while the
 * row, and every audit row about it, stays. Withdrawing it again changes nothing (the first time stays). Returns the
 * item's id, or undefined when there is none.
 */
export const treatmentSummaryItemRecords = keyedRecords(treatmentSummaryItemKind);
