import { dateTimeFormat } from '../time/time';
import type { CcdaDocument } from './document';
import type { CcdaIdentifier, CcdaPeriod } from './header';
import type { Hl7Time } from './hl7-time';
import type { CcdaLabels } from './labels';
import type { CcdaSection } from './narrative';

// What the HTML view and the PDF both write around the document's own text, built here once so they say the same:
// the document's title and type, the header summary, and the names of sections without a title.

/** The document's heading: its title, else its type's name, else the labels' word for a health summary. */
export function documentTitle(document: CcdaDocument, labels: CcdaLabels): string {
  return document.header.title ?? documentTypeName(document, labels) ?? labels.untitledDocument;
}

/** The name of the document's type (its LOINC code) in the reader's language, else the sender's displayName. */
export function documentTypeName(document: CcdaDocument, labels: CcdaLabels): string | null {
  const code = document.header.code;
  return (code?.code && labels.documentTypes[code.code]) || code?.displayName || null;
}

/** The type shown under the title: not when it only says the title again. */
export function shownDocumentType(document: CcdaDocument, labels: CcdaLabels): string | null {
  const type = documentTypeName(document, labels);
  const title = documentTitle(document, labels);
  return type && type.trim().toLowerCase() !== title.trim().toLowerCase() ? type : null;
}

/** DICOM's code system (DCM) and the code of a DICOM object catalog section. */
const DCM = '1.2.840.10008.2.16.4';
const DICOM_CATALOG = '121181';

const isDicomCatalog = (section: CcdaSection) =>
  section.code?.code === DICOM_CATALOG && (section.code.codeSystem === DCM || section.code.codeSystemName === 'DCM');

/**
 * A section's heading: its title; a section without one by what it is (a DICOM object catalog has no title by
 * design), else its code's name, else 'Untitled section'.
 */
export function sectionTitle(section: CcdaSection, labels: CcdaLabels): string {
  if (section.title) return section.title;
  if (isDicomCatalog(section)) return labels.dicomCatalog;
  return section.code?.displayName ?? labels.untitledSection;
}

/** What is said of a section with no narrative: what a DICOM object catalog is, else that there is no text. */
export function noNarrativeNote(section: CcdaSection, labels: CcdaLabels): string {
  return isDicomCatalog(section) ? labels.dicomCatalogNote : labels.noNarrative;
}

/** What stands for the body of an unstructured document: the PDF it wraps, or the file that cannot be shown. */
export function attachmentNote(document: CcdaDocument, labels: CcdaLabels, pdf: boolean): string | null {
  if (document.bodyKind !== 'nonXml') return null;
  if (pdf) return labels.attachedPdf;
  return labels.attachedFile.replace('{mediaType}', () => document.attachment?.mediaType ?? 'text/plain');
}

/** US Social Security numbers (HL7's OID for the SSA): shown as their last four digits only. */
const SSN_ROOT = '2.16.840.1.113883.4.1';

/**
 * A patient identifier as a row: the SSN as its last four digits, another as its number (extension; the issuer's
 * OID only when there is no number), which is what a patient can read and quote.
 */
function identifierRow(id: CcdaIdentifier, labels: CcdaLabels): [string, string | null] {
  if (id.root === SSN_ROOT) {
    const digits = (id.extension ?? '').replace(/\D/g, '');
    return [labels.ssn, digits.length >= 4 ? `***-**-${digits.slice(-4)}` : null];
  }
  const value = id.extension ?? id.root;
  return [labels.patientId, value];
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The header summary as [label, value] rows: patient, identifiers, birth date, gender, address, authors,
 * organisation, document date, version, visit date, type, provider and location, period covered, care team
 * members, other contacts, who signed it; rows without a value left out, a row said twice written once.
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
  const withRole = (name: string | null, role: string | null) =>
    name && role ? fill(labels.withRole, { name, role }) : name;
  const signer = header.legalAuthenticator;
  const signerName = signer ? [signer.name, signer.organization].filter(Boolean).join(', ') : null;
  const signedTime = signer?.time ? time(signer.time) : null;
  const rows: [string, string | null][] = [
    [labels.patient, header.patient?.name ?? null],
    ...(header.patient?.ids ?? []).map((id) => identifierRow(id, labels)),
    [labels.birthDate, time(header.patient?.birthTime ?? null)],
    [
      labels.gender,
      gender ? ((gender.code && labels.genders[gender.code]) ?? gender.displayName ?? gender.code) : null,
    ],
    ...(header.patient?.addresses ?? []).map((address): [string, string] => [labels.address, address.display]),
    ...authorsShown(document).map((name): [string, string | null] => [labels.author, name]),
    [labels.organization, organizationOf(document)],
    [labels.documentDate, time(header.effectiveTime)],
    [labels.version, header.versionNumber && header.versionNumber > 1 ? String(header.versionNumber) : null],
    [labels.encounterDate, formatPeriod(header.encounter?.period ?? null, labels, locale, true)],
    [labels.visitType, header.encounter?.visitType ?? null],
    [labels.provider, header.encounter?.provider ?? null],
    [labels.location, header.encounter?.location ?? null],
    [labels.periodCovered, formatPeriod(header.servicePeriod, labels, locale, false)],
    ...header.performers.map((performer): [string, string | null] => [
      labels.performer,
      withRole(performer.name ?? performer.organization, performer.role),
    ]),
    ...header.participants.map((participant): [string, string | null] => [
      (participant.classCode && labels.participantRoles[participant.classCode]) ||
        (participant.typeCode && labels.participantRoles[participant.typeCode]) ||
        labels.participant,
      withRole(participant.name, participant.relationship),
    ]),
    [
      labels.legalAuthenticator,
      signerName && signedTime ? fill(labels.signedOn, { name: signerName, date: signedTime }) : signerName,
    ],
  ];
  const seen = new Set<string>();
  return rows.filter((row): row is [string, string] => {
    if (row[1] === null || row[1] === '') return false;
    // The same person named twice in one role (a performer as PRF and PPRF) is one row.
    const key = `${row[0]}\u0000${row[1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
