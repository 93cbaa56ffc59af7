import {
  isAbnormalFlag,
  isFreeTextGroup,
  LIMITS,
  valueKey,
  type LabResult,
  type SupportedLocale,
} from '@portal/contracts';
import { createPdf } from '../../platform/pdf/document';
import { dateTimeFormat } from '../../platform/time/time';

export interface LabResultPrint {
  result: LabResult;
  patientName: string;
  facilityName: string;
  /** The facility's zone: the collection time is printed in it, as the portal shows it. */
  timeZoneId: string;
  locale: SupportedLocale;
  /** The language pack (English under the language under the facility's overrides). */
  strings: Record<string, string>;
  printedAt: Date;
}

/** The locale Intl formats dates with (the portal's 'zh' is Simplified Chinese). */
function intlLocale(locale: SupportedLocale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}

/** A date and time in the language and the zone: 'Mar 5, 2026, 8:15 AM', '2026年3月5日 08:15'. */
export function formatPrintDateTime(value: Date | string, locale: SupportedLocale, timeZoneId: string): string {
  return dateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZoneId }).format(
    new Date(value),
  );
}

/** The words of a flag in the language ('High'); an unknown flag prints as given, none as nothing. */
/** A status the laboratory sent, in the reader's language when the pack knows it (else as sent). */
function statusWords(status: string, s: (key: string) => string): string {
  const key = `labResults.resultStatus.${valueKey(status)}`;
  const words = s(key);
  return words === key ? status : words;
}

function flagWords(flag: string | null, s: (key: string) => string): string {
  if (!flag) return '';
  const key = `labResults.flag.${flag.trim().toUpperCase()}`;
  const words = s(key);
  return words === key ? flag : words;
}

/**
 * The printout of one test result: the facility, the patient, when it was collected, who ordered it, the
 * lab and the remarks, then each group as a table (abnormal tests in bold with a marker) or, for a
 * one-test group with a long value, as a paragraph. Labels come from the language pack.
 */
export function buildLabResultPdf(input: LabResultPrint): Promise<Uint8Array> {
  const { result, strings, locale } = input;
  const s = (key: string) => strings[key] ?? key;
  const procedures = result.testResultGroups.map((g) => g.groupDisplayName).filter((n) => n.trim() !== '');
  const lab = [result.labName, result.labAddress].filter((v): v is string => Boolean(v?.trim())).join(', ');

  const facts: [string, string][] = [
    [s('labResults.pdf.patient'), input.patientName],
    [s('labResults.dateCollected'), formatPrintDateTime(result.startDate, locale, input.timeZoneId)],
  ];
  if (result.requestingPhysician) facts.push([s('labResults.orderedBy'), result.requestingPhysician]);
  if (lab) facts.push([s('labResults.lab'), lab]);
  if (result.externalStatus) facts.push([s('labResults.status'), statusWords(result.externalStatus, s)]);
  facts.push([s('labResults.pdf.printed'), formatPrintDateTime(input.printedAt, locale, input.timeZoneId)]);

  const pdf = createPdf({ title: s('labResults.pdf.title'), language: intlLocale(locale), author: input.facilityName })
    .heading(input.facilityName, 1)
    .heading(procedures.length > 0 ? procedures.join(', ') : s('labResults.pdf.title'), 2)
    .keyValues(facts);

  const remarks = [
    [s('labResults.noteToPatient'), result.noteToPatient],
    [s('labResults.labComment'), result.comment],
  ].filter((r): r is [string, string] => Boolean(r[1]?.trim()));
  if (remarks.length > 0) {
    pdf.heading(s('labResults.remarks'), 3);
    for (const [label, text] of remarks) pdf.paragraph(`${label}: ${text}`);
  }

  const tables = result.testResultGroups.filter(
    (g) => !isFreeTextGroup(g.testResultDetails, LIMITS.testResultFreeTextThreshold),
  );
  if (tables.some((g) => g.testResultDetails.some((d) => isAbnormalFlag(d.abnormalFlag)))) {
    pdf.space(4).paragraph(s('labResults.pdf.flagNote'), { muted: true, size: 9 });
  }

  for (const group of result.testResultGroups) {
    if (isFreeTextGroup(group.testResultDetails, LIMITS.testResultFreeTextThreshold)) {
      const [only] = group.testResultDetails;
      pdf.heading(group.groupDisplayName, 3);
      if (only?.testDisplayName) pdf.paragraph(only.testDisplayName, { bold: true });
      pdf.paragraph(only?.testValue ?? '');
      if (only?.comment) pdf.paragraph(only.comment, { muted: true });
      continue;
    }
    const rows = group.testResultDetails.map((d) => {
      const emphasis = isAbnormalFlag(d.abnormalFlag);
      return {
        cells: [
          d.testDisplayName,
          d.testValue ?? '',
          d.unitOfMeasure ?? '',
          d.referencesRange ?? '',
          flagWords(d.abnormalFlag, s),
          d.testDetailStatus ? statusWords(d.testDetailStatus, s) : '',
          d.comment ?? '',
        ],
        emphasis,
      };
    });
    pdf.space(6).table({
      caption: group.groupDisplayName,
      columns: [
        { header: s('labResults.columns.test'), width: 2.5 },
        { header: s('labResults.columns.value'), width: 1.1, align: 'right' },
        { header: s('labResults.columns.unit'), width: 1.7 },
        { header: s('labResults.columns.range'), width: 1.8 },
        { header: s('labResults.columns.flag'), width: 1.6 },
        { header: s('labResults.columns.status'), width: 1.6 },
        { header: s('labResults.columns.comment'), width: 2.3 },
      ],
      rows,
    });
  }
  return pdf.save();
}
