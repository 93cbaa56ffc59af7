import type { AbnormalFlag } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { insertLabResult, insertLabResultDetails, insertLabResultGroups } from './lab-results.intake.repository';

// Intake of lab results: how a facility's system (the integration API) and the demo write them. The caller
// owns the transaction, so a result, its groups and their details are written together or not at all.

/** One test of a group; its sort order is its place in the group. */
export interface LabResultDetailRecord {
  testDisplayName: string;
  testValue: string | null;
  unitOfMeasure: string | null;
  referencesRange: string | null;
  abnormalFlag: AbnormalFlag | null;
  testDetailStatus: string | null;
  comment: string | null;
}

/** A panel of tests (or one free-text report); its sort order is its place in the result. */
export interface LabResultGroupRecord {
  groupDisplayName: string;
  details: LabResultDetailRecord[];
}

export interface LabResultRecord {
  isPublished: boolean;
  collectedAt: Date;
  externalStatus: string | null;
  requestingPhysician: string | null;
  isReviewedByPatient: boolean;
  reviewedAt: Date | null;
  /** The patient's address as the laboratory had it. */
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  labName: string | null;
  labAddress: string | null;
  comment: string | null;
  noteToPatient: string | null;
  groups: LabResultGroupRecord[];
}

/**
 * Adds one lab result of a patient with its groups and their tests; returns the result's id. (Keyed
 * replacement by the facility's own identifier comes with the integration API.)
 */
export async function putLabResult(tx: Tx, patientId: number, record: LabResultRecord): Promise<number> {
  const { groups, ...result } = record;
  const labResultId = await insertLabResult(tx, { patientId, ...result });
  const groupIds = await insertLabResultGroups(
    tx,
    groups.map((group, i) => ({ labResultId, groupDisplayName: group.groupDisplayName, sortOrder: i + 1 })),
  );
  await insertLabResultDetails(
    tx,
    groups.flatMap((group, i) => {
      const groupId = groupIds.get(i + 1);
      if (groupId === undefined) throw new Error(`Lab result group ${i + 1} was not added`);
      return group.details.map((detail, j) => ({ groupId, ...detail, sortOrder: j + 1 }));
    }),
  );
  return labResultId;
}
