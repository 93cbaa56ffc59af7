import { dateTimeFormat } from '../time/time';
import type { CcdaDocument } from './document';
import type { CcdaPeriod } from './header';
import type { Hl7Time } from './hl7-time';
import type { CcdaLabels } from './labels';

// The header summary both the HTML view and the PDF show, built here once so they show the same rows.

/**
 * The header summary as [label, value] rows: patient, birth date, gender, authors, organisation, document date,
 * visit date, type, provider and location, period covered; rows without a value left out.
 */
export function ccdaSummaryRows(
  document: CcdaDocument,
  options: { labels: CcdaLabels; language?: string },
): [label: string, value: string][] {
  const { labels } = options;
  const locale = options.language;
  const { header } = document;
  const time = (t: Hl7Time | null) => (t ? formatHl7Time(t, locale) : null);
  const gender = header.patient?.gender;
  const rows: [string, string | null][] = [
    [labels.patient, header.patient?.name ?? null],
    [labels.birthDate, time(header.patient?.birthTime ?? null)],
    [
      labels.gender,
      gender ? ((gender.code && labels.genders[gender.code]) ?? gender.displayName ?? gender.code) : null,
    ],
    ...authorsShown(document).map((name): [string, string | null] => [labels.author, name]),
    [labels.organization, organizationOf(document)],
    [labels.documentDate, time(header.effectiveTime)],
    [labels.encounterDate, formatPeriod(header.encounter?.period ?? null, labels, locale, true)],
    [labels.visitType, header.encounter?.visitType ?? null],
    [labels.provider, header.encounter?.provider ?? null],
    [labels.location, header.encounter?.location ?? null],
    [labels.periodCovered, formatPeriod(header.servicePeriod, labels, locale, false)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** The people who wrote the document, each once; the systems only when no person is named. */
function authorsShown(document: CcdaDocument): string[] {
  const named = document.header.authors.filter((a): a is typeof a & { name: string } => !!a.name);
  const people = named.filter((a) => a.kind === 'person');
  return [...new Set((people.length ? people : named).map((a) => a.name))];
}

/** The organisation the document comes from: its authors' (each once), else the custodian. */
function organizationOf(document: CcdaDocument): string | null {
  const names = [...new Set(document.header.authors.map((a) => a.organization).filter((n): n is string => !!n))];
  return names.length ? names.join('; ') : document.header.custodian;
}

/**
 * A period as a reader wants it: one date when both ends are the same day (a visit of an afternoon), else the
 * range. `sameDayAsOne` is for visits; a period covered keeps both ends even on one day.
 */
function formatPeriod(
  period: CcdaPeriod | null,
  labels: CcdaLabels,
  locale: string | undefined,
  sameDayAsOne: boolean,
): string | null {
  if (!period) return null;
  const start = period.low ? formatHl7Time(period.low, locale) : null;
  const end = period.high ? formatHl7Time(period.high, locale) : null;
  if (start && end) {
    if (start === end || (sameDayAsOne && period.low?.day && period.low.day === period.high?.day)) return start;
    return labels.periodRange.replace('{start}', () => start).replace('{end}', () => end);
  }
  if (start) return labels.periodFrom.replace('{start}', () => start);
  if (end) return labels.periodUntil.replace('{end}', () => end);
  return null;
}

/** An HL7 time at its own precision: 'Mar 5, 2024', 'Mar 5, 2024, 12:30 PM (UTC-05:00)', 'March 2024', '2024'. */
export function formatHl7Time(time: Hl7Time, locale = 'en-US'): string {
  // Shown on the sender's wall clock, as written: the components are formatted in UTC so no zone shifts them.
  const [datePart, timePart = '00:00'] = time.iso.replace(/[+-]\d{2}:\d{2}$/, '').split('T') as [string, string?];
  const [year, month = '01', day = '01'] = datePart.split('-');
  const [hour = '00', minute = '00'] = timePart.split(':');
  const wall = new Date(0);
  wall.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  wall.setUTCHours(Number(hour), Number(minute), 0, 0);
  switch (time.precision) {
    case 'year':
      return String(year);
    case 'month':
      return dateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(wall);
    case 'day':
      return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(wall);
    default: {
      const text = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(wall);
      return time.offset ? `${text} (UTC${time.offset})` : text;
    }
  }
}
