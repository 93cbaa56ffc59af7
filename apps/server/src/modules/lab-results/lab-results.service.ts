import type { LabResult, LabResultListItem, TestResultGroup } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { findLanguagePackOverrides } from '../../platform/content/content-store';
import { buildLanguagePack, resolvePack } from '../../platform/content/language-packs';
import { notFound } from '../../platform/errors/app-error';
import { localDate } from '../../platform/time/time';
import { buildLabResultPdf } from './lab-result-pdf';
import {
  countNotReviewed,
  findPrintHeader,
  findPublishedResult,
  findUserLanguage,
  listDetails,
  listGroups,
  listPublishedResults,
  markReviewed,
  type DetailRow,
  type GroupRow,
  type LabResultRow,
} from './lab-results.repository';

export const DETAIL_VIEW_AUDIT_EVENT = 'testresultdetailviewauditevent';
export const PRINT_AUDIT_EVENT = 'testresultprintauditevent';
export const NOT_FOUND_MESSAGE = 'This test result was not found.';

/** The fields every answer about a result shares (the spec's names). */
function resultFields(row: LabResultRow) {
  return {
    labResultId: row.id,
    startDate: row.collectedAt.toISOString(),
    externalStatus: row.externalStatus,
    requestingPhysician: row.requestingPhysician,
    isReviewedByPatient: row.isReviewedByPatient,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    labName: row.labName,
    labAddress: row.labAddress,
    comment: row.comment,
    noteToPatient: row.noteToPatient,
  };
}

/** Groups with their tests, in order. */
export function assembleGroups(groups: GroupRow[], details: DetailRow[]): TestResultGroup[] {
  return groups.map((group) => ({
    testResultGroupId: group.id,
    groupDisplayName: group.groupDisplayName,
    testResultDetails: details
      .filter((d) => d.groupId === group.id)
      .map((d) => ({
        testResultDetailId: d.id,
        testDisplayName: d.testDisplayName,
        testValue: d.testValue,
        unitOfMeasure: d.unitOfMeasure,
        referencesRange: d.referencesRange,
        abnormalFlag: d.abnormalFlag,
        testDetailStatus: d.testDetailStatus,
        comment: d.comment,
      })),
  }));
}

export class LabResultsService {
  constructor(private readonly db: Db) {}

  /** Published results, newest first, each with its groups' names (the tests come with the detail). */
  async list(scope: PatientScope): Promise<LabResultListItem[]> {
    const rows = await listPublishedResults(this.db, scope);
    const groups = await listGroups(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      ...resultFields(row),
      testResultGroups: groups
        .filter((g) => g.labResultId === row.id)
        .map((g) => ({ testResultGroupId: g.id, groupDisplayName: g.groupDisplayName })),
    }));
  }

  /**
   * One published result with its groups and tests. Viewing it marks it reviewed (the first time) and
   * writes a detail-view audit row, in one transaction. Another patient's or an unpublished one is 404.
   */
  async view(scope: PatientScope, labResultId: number, now = new Date()): Promise<LabResult> {
    return this.db.transaction(async (tx) => {
      const row = await findPublishedResult(tx, scope, labResultId);
      if (!row) throw notFound('not_found', NOT_FOUND_MESSAGE);
      const changed = await markReviewed(tx, scope, labResultId, now);
      const groups = await listGroups(tx, [row.id]);
      const details = await listDetails(
        tx,
        groups.map((g) => g.id),
      );
      await audit(tx, scope, DETAIL_VIEW_AUDIT_EVENT, { labResultId, markedReviewed: changed });
      return {
        ...resultFields(row),
        isReviewedByPatient: true,
        testResultGroups: assembleGroups(groups, details),
      };
    });
  }

  /**
   * The printout of one published result in a language: ?language, else the user's chosen language, else
   * the facility's. Writes the print audit row before the document leaves (no state changes, so no
   * transaction is held open while the PDF is laid out).
   */
  async pdf(
    scope: PatientScope,
    labResultId: number,
    requestedLanguage: string | undefined,
    now = new Date(),
  ): Promise<{ body: Uint8Array; fileName: string }> {
    const row = await findPublishedResult(this.db, scope, labResultId);
    if (!row) throw notFound('not_found', NOT_FOUND_MESSAGE);
    const header = await findPrintHeader(this.db, scope);
    if (!header) throw notFound('not_found', NOT_FOUND_MESSAGE);
    const groups = await listGroups(this.db, [row.id]);
    const details = await listDetails(
      this.db,
      groups.map((g) => g.id),
    );
    const userLanguage = scope.caller.userId === null ? null : await findUserLanguage(this.db, scope.caller.userId);
    const { locale, pack } = resolvePack(requestedLanguage ?? userLanguage ?? header.facilityLanguage ?? undefined);
    const strings = buildLanguagePack(pack, await findLanguagePackOverrides(this.db, header.facilityId, pack));
    const body = await buildLabResultPdf({
      result: { ...resultFields(row), testResultGroups: assembleGroups(groups, details) },
      patientName: `${header.firstName} ${header.lastName}`,
      facilityName: header.facilityName,
      timeZoneId: header.timeZoneId,
      locale,
      strings,
      printedAt: now,
    });
    await audit(this.db, scope, PRINT_AUDIT_EVENT, { labResultId, language: locale });
    return { body, fileName: `test-result-${localDate(row.collectedAt, header.timeZoneId)}.pdf` };
  }

  notReviewedCount(scope: PatientScope): Promise<number> {
    return countNotReviewed(this.db, scope);
  }
}
