import {
  ACTIVITY_LOG_PAGE_SIZE,
  activityLogPath,
  personalDataFileName,
  type ActivityLogKind,
  type SupportedLocale,
} from '@portal/contracts';
import type { Database } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import type { UrlTokens } from '../../platform/auth/url-tokens';
import type { Strings } from '../../platform/content/language-packs';
import { addDays, localDate, startOfLocalDay } from '../../platform/time/time';
import { countActivity, findActivityActors, findActivityPage, findPatientHeader } from './activity-log.repository';
import { EVENT_KINDS } from './event-names';
import { renderActivityReport } from './activity-log.report';
import { personalDataXml, type ExportLanguage } from './export.xml';

export interface ActivityReportRequest {
  startDate: string;
  endDate: string;
  page: number;
  who?: string;
  kind?: ActivityLogKind;
  locale: SupportedLocale;
  strings: Strings;
}

export class PersonalDataService {
  constructor(
    private readonly database: Database,
    private readonly urlTokens: UrlTokens,
  ) {}

  private async header(scope: PatientScope) {
    const header = await findPatientHeader(this.database.db, scope);
    // The access check found the patient a moment ago; a record gone since is a fault, not the caller's.
    if (!header) throw new Error(`Patient ${scope.patientId} has no record or home facility`);
    return header;
  }

  /**
   * One page of the activity log as an HTML document: the acts on the patient's record from the first instant of
   * startDate to the last of endDate on the home facility's clock (a start after the end is swapped). The page
   * links carry a fresh URL token each, so a reader who takes longer than a token lives can still turn pages.
   */
  async activityReport(scope: PatientScope, request: ActivityReportRequest): Promise<string> {
    const { timeZoneId, firstName, lastName } = await this.header(scope);
    const [startDate, endDate] =
      request.startDate <= request.endDate
        ? [request.startDate, request.endDate]
        : [request.endDate, request.startDate];
    const range = {
      from: startOfLocalDay(startDate, timeZoneId),
      to: startOfLocalDay(addDays(endDate, 1), timeZoneId),
    };
    const db = this.database.db;
    const filter = { who: request.who, eventTypes: request.kind ? EVENT_KINDS[request.kind] : undefined };
    const [total, actors] = await Promise.all([
      countActivity(db, scope, range, filter),
      findActivityActors(db, scope, range),
    ]);
    const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_LOG_PAGE_SIZE));
    const page = Math.min(request.page, pageCount);
    const offset = (page - 1) * ACTIVITY_LOG_PAGE_SIZE;
    const rows = await findActivityPage(db, scope, range, { offset, limit: ACTIVITY_LOG_PAGE_SIZE }, filter);
    const path = activityLogPath(scope.patientId);
    // The reader's language and range stay with them from page to page and filter to filter.
    const fields = () => ({
      token: this.urlTokens.issue(scope.caller.sessionId, path),
      startDate,
      endDate,
      language: request.locale,
    });
    const pageUrl = (n: number) => {
      const query: Record<string, string> = { ...fields(), page: String(n) };
      if (request.who) query.who = request.who;
      if (request.kind) query.kind = request.kind;
      return `${path}?${new URLSearchParams(query).toString()}`;
    };
    return renderActivityReport({
      locale: request.locale,
      strings: request.strings,
      patientName: `${firstName} ${lastName}`,
      timeZoneId,
      startDate,
      endDate,
      rows,
      total,
      actors,
      who: request.who ?? null,
      kind: request.kind ?? null,
      formAction: path,
      formFields: fields(),
      page,
      pageCount,
      firstRow: offset + 1,
      previousUrl: page > 1 ? pageUrl(page - 1) : null,
      nextUrl: page < pageCount ? pageUrl(page + 1) : null,
    });
  }

  /** The export's file name (today on the home facility's clock) and its XML, chunk by chunk. */
  async personalData(
    scope: PatientScope,
    language: ExportLanguage,
    now = new Date(),
  ): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
    const { timeZoneId, firstName, lastName } = await this.header(scope);
    return {
      fileName: personalDataFileName(firstName, lastName, localDate(now, timeZoneId)),
      chunks: personalDataXml(this.database.db, scope, language, now),
    };
  }
}
