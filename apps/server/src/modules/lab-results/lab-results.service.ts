import type { LabResult, LabResultListItem } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { findLanguagePackOverrides } from '../../platform/content/content-store';
import { buildLanguagePack, resolvePack } from '../../platform/content/language-packs';
import { notFound } from '../../platform/errors/app-error';
import { writtenAsJson } from '../../platform/http/serializer';
import { localDate } from '../../platform/time/time';
import { buildLabResultPdf } from './lab-result-pdf';
import {
  countNotReviewed,
  findPrintHeader,
  findPublishedResult,
  findUserLanguage,
  listPublishedResultsJson,
  markReviewed,
  type LabResultRow,
} from './lab-results.repository';

export const DETAIL_VIEW_AUDIT_EVENT = 'testresultdetailviewauditevent';
export const PRINT_AUDIT_EVENT = 'testresultprintauditevent';
export const NOT_FOUND_MESSAGE = 'This test result was not found.';

/** A result as the API answers it: the row's fields are the spec's, the instant as ISO 8601. */
const answerOf = (row: LabResultRow): LabResult => ({ ...row, startDate: row.startDate.toISOString() });

export class LabResultsService {
  constructor(private readonly db: Db) {}

  /**
   * Published results, newest first, each with its groups' names (the tests come with the detail): the answer as
   * the database wrote it.
   */
  async list(scope: PatientScope): Promise<LabResultListItem[]> {
    return writtenAsJson(await listPublishedResultsJson(this.db, scope));
  }

  /**
   * One published result with its groups and tests, and what its view audit row records (the caller hands that
   * to the read's audit row). The first view marks it reviewed, in one UPDATE that only a result not yet reviewed
   * matches (two first views at once mark it once); a result already reviewed is a single read. Another patient's
   * or an unpublished one is 404.
   */
  async view(
    scope: PatientScope,
    labResultId: number,
    now = new Date(),
  ): Promise<{ result: LabResult; audit: { labResultId: number; markedReviewed: boolean } }> {
    const row = await findPublishedResult(this.db, scope, labResultId);
    if (!row) throw notFound('not_found', NOT_FOUND_MESSAGE);
    const markedReviewed = !row.isReviewedByPatient && (await markReviewed(this.db, scope, labResultId, now));
    return {
      result: { ...answerOf(row), isReviewedByPatient: true },
      audit: { labResultId, markedReviewed },
    };
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
    const userLanguage = scope.caller.userId === null ? null : await findUserLanguage(this.db, scope.caller.userId);
    const { locale, pack } = resolvePack(requestedLanguage ?? userLanguage ?? header.facilityLanguage ?? undefined);
    const strings = buildLanguagePack(pack, await findLanguagePackOverrides(this.db, header.facilityId, pack));
    const body = await buildLabResultPdf({
      result: answerOf(row),
      patientName: `${header.firstName} ${header.lastName}`,
      facilityName: header.facilityName,
      timeZoneId: header.timeZoneId,
      locale,
      strings,
      printedAt: now,
    });
    await audit(this.db, scope, PRINT_AUDIT_EVENT, { labResultId, language: locale });
    return { body, fileName: `test-result-${localDate(row.startDate, header.timeZoneId)}.pdf` };
  }

  notReviewedCount(scope: PatientScope): Promise<number> {
    return countNotReviewed(this.db, scope);
  }
}
