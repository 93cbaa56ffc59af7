import type { TreatmentSummaryGroup } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { insertTreatmentSummaryItems } from './treatment-summary.intake.repository';

// Intake of treatment summary items: how a facility's system (the integration API) and the demo write them.

/** One item of a group: its fields, or only a message that there is nothing to report. */
export interface TreatmentSummaryItemRecord {
  groupName: TreatmentSummaryGroup;
  /** The group's fields by name (TREATMENT_SUMMARY_FIELDS); checked against the group's schema when read. */
  fields: Record<string, unknown>;
  isNullMessageHolder?: boolean;
  nullMessage?: string | null;
  /** False: new to the patient (a dot on the item, one more on the badge). */
  isPatientReviewed?: boolean;
  /** The item's place within its group. */
  sortOrder: number;
}

/**
 * Adds items to a patient's treatment summary, in one statement. (Keyed replacement by the facility's own
 * identifier comes with the integration API.)
 */
export async function putTreatmentSummaryItems(
  tx: Tx,
  patientId: number,
  items: TreatmentSummaryItemRecord[],
): Promise<void> {
  await insertTreatmentSummaryItems(
    tx,
    items.map((item) => ({ patientId, ...item })),
  );
}
