import { treatmentSummaryItems } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of treatment-summary.intake.ts: items, kept by the intake engine.

/** Where the intake engine keeps a treatment summary item: one row per patient and facility identifier. */
export const treatmentSummaryItemTable: KeyedTable<'patientId'> = {
  name: 'treatment summary item',
  table: treatmentSummaryItems,
  owner: 'patientId',
};
