import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The real C-CDA examples (HL7/C-CDA-Examples) live beside the repository in the shared fixtures folder, never
// copied into it. SHARED_FIXTURES_DIR points elsewhere (a CI checkout that keeps them in another place).

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The shared fixtures folder: $SHARED_FIXTURES_DIR, else ../shared/fixtures from the repository root. */
export const SHARED_FIXTURES_DIR = process.env.SHARED_FIXTURES_DIR
  ? path.resolve(process.env.SHARED_FIXTURES_DIR)
  : path.resolve(REPOSITORY_ROOT, '../shared/fixtures');

export const CCDA_FIXTURES_DIR = path.join(SHARED_FIXTURES_DIR, 'ccda');

/** The file names of every C-CDA example (ccd.xml, discharge-summary.xml...), sorted. */
export function listCcdaFixtures(): string[] {
  if (!existsSync(CCDA_FIXTURES_DIR)) {
    throw new Error(
      `The C-CDA fixtures are not at ${CCDA_FIXTURES_DIR}; set SHARED_FIXTURES_DIR to their parent folder.`,
    );
  }
  return readdirSync(CCDA_FIXTURES_DIR)
    .filter((name) => name.endsWith('.xml'))
    .sort();
}

/** One example's XML, as text. */
export function readCcdaFixture(name: string): string {
  return readFileSync(path.join(CCDA_FIXTURES_DIR, name), 'utf8');
}

/** Who a document is made to be about (the patient's record's name, date of birth and sex). */
export interface DocumentSubject {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex: string | null;
}

/**
 * The document made about `subject`: in its recordTarget every given and family name, the birthTime and the
 * administrativeGenderCode become the subject's, so that a real example (about Eve Betterhalf, Isabella Jones...)
 * can be filed under a test patient; the rest of the document is untouched (a minimal test document without a
 * recordTarget is given one). The intake refuses a document about another person (platform/ccda/record-target.ts).
 */
export function aboutPatient(xml: string, subject: DocumentSubject): string {
  const start = xml.indexOf('<recordTarget');
  const end = xml.indexOf('</recordTarget>');
  if (start < 0 || end < start) {
    // A test's minimal document without one: given one, before the root's end.
    const close = xml.lastIndexOf('</ClinicalDocument>');
    if (close < 0) return xml;
    const target =
      `<recordTarget><patientRole><patient><name><given>${subject.firstName}</given>` +
      `<family>${subject.lastName}</family></name><administrativeGenderCode code="${subject.sex ?? 'UN'}"/>` +
      `<birthTime value="${subject.dateOfBirth.replaceAll('-', '')}"/></patient></patientRole></recordTarget>`;
    return `${xml.slice(0, close)}${target}${xml.slice(close)}`;
  }
  const part = xml
    .slice(start, end)
    .replace(/<given([^>]*)>[^<]*<\/given>/g, `<given$1>${subject.firstName}</given>`)
    .replace(/<family([^>]*)>[^<]*<\/family>/g, `<family$1>${subject.lastName}</family>`)
    .replace(/(<birthTime\b[^>]*\bvalue=")[0-9]+/g, `$1${subject.dateOfBirth.replaceAll('-', '')}`)
    .replace(/(<administrativeGenderCode\b[^>]*\bcode=")[A-Za-z]+/g, `$1${subject.sex ?? 'UN'}`);
  return `${xml.slice(0, start)}${part}${xml.slice(end)}`;
}
