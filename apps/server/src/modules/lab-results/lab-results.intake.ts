import type { AbnormalFlag } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { recordNotice } from '../../platform/notices/ledger';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import {
  deleteLabResultGroups,
  insertLabResultDetails,
  insertLabResultGroups,
  labResultTable,
} from './lab-results.intake.repository';

// Intake of lab results: how a facility's system (the integration API) and the demo write them, keyed by the
// facility's own identifier of each result (externalId, unique per patient). The caller owns the transaction,
// so a result, its groups and their details are written together or not at all.

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

/** A result as the facility sends it: no state of the portal's (whether the patient has reviewed it). */
export interface LabResultRecord {
  isPublished: boolean;
  collectedAt: Date;
  externalStatus: string | null;
  requestingPhysician: string | null;
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
 * The patient's side of a record brought in with a history (the demo's results, some of them viewed long ago):
 * applied only when the put creates the result. The integration API never sends it.
 */
export interface LabResultHistory {
  reviewedAt: Date | null;
}

async function writeGroups(tx: Tx, labResultId: number, groups: LabResultGroupRecord[]): Promise<void> {
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
}

/** What the engine keeps of a result: its row in lab_results, its groups and their tests as child rows. */
const labResultKind: KeyedRecordKind<LabResultRecord, KeyedRow, LabResultHistory, 'patientId'> = {
  ...labResultTable,
  columns({ groups: _groups, ...result }, { existing, history }) {
    // Only a result added with a history was reviewed; a change makes it new again (see putLabResult).
    const reviewedAt = existing ? null : (history?.reviewedAt ?? null);
    return { ...result, isReviewedByPatient: reviewedAt !== null, reviewedAt };
  },
  async writeChildren(tx, id, record, { existing }) {
    if (existing) await deleteLabResultGroups(tx, id);
    await writeGroups(tx, id, record.groups);
  },
  async afterWrite(tx, id, record, { ownerId, existing, history }) {
    // A result put unpublished is told of when it is published; once per result (the ledger), not per correction.
    if (record.isPublished && (existing || !history)) await recordNotice(tx, ownerId, 'result', id);
  },
};

/**
 * Creates or replaces the patient's result under the facility's identifier `externalId`: an idempotent upsert.
 *
 * - New identifier: the result is added with its groups and tests (not reviewed, unless `history` says when the
 *   patient reviewed it).
 * - Same content again (a resend), the result not withdrawn: nothing changes, not even the review state.
 * - Other content: the result's fields are rewritten and its groups and tests replaced, all in the caller's
 *   transaction. The result keeps its id, so the patient's links, the audit rows and the events that name it
 *   still do. It becomes not reviewed again: a published result whose content changed (a corrected value, a
 *   result released) is 'new' for the patient, and counts in the badge, until viewed. An unpublished one cannot
 *   have been seen, so nothing is lost by that.
 * - A withdrawn result put again is back (not withdrawn), and new until viewed like any change.
 *
 * Withdraws the patient's result under `externalId`: from now on it is not shown to the patient anywhere (list,
 * detail, count, printout), while the row, and every audit row about it, stays. Withdrawing a withdrawn result
 * again changes nothing (the first time stays). Returns the result's id, or undefined when there is none.
 */
export const labResultRecords = keyedRecords(labResultKind);
