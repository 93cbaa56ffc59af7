import type { CcdaPatient } from './header';

// Whether a C-CDA document is about the patient it is filed under (issue 32, finding 2): documents about Isabella
// Jones, Adam Everyman and Eve Betterhalf were accepted for jane.doe. The document's recordTarget is compared with
// the patient's record on what both give: the name, the birth date and the administrative sex. What the document
// leaves out (a nullFlavor, no sex) is not held against it; what it says must agree.

export interface RecordIdentity {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** 'F', 'M', or another code / null (then not compared). */
  sex: string | null;
}

/** The parts of recordTarget that differ, by their C-CDA names; empty when the document is about the patient. */
export type RecordTargetPart = 'recordTarget' | 'name' | 'birthTime' | 'administrativeGenderCode';

/** Letters and digits only, lower case, without accents: "Ærø-Núñez" and "aero nunez" compare alike. */
function folded(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a name part ("Mary Ann" is two), folded. */
function words(values: readonly string[]): Set<string> {
  return new Set(values.flatMap((v) => folded(v).split(' ')).filter(Boolean));
}

/** Some word of `record` is a word of the document's, or a shortened form either way ("Alex", "Alexander"). */
function agrees(record: string, documentWords: Set<string>): boolean {
  const wanted = folded(record).split(' ').filter(Boolean);
  if (wanted.length === 0 || documentWords.size === 0) return true;
  return wanted.some((w) => [...documentWords].some((d) => d === w || d.startsWith(w) || w.startsWith(d)));
}

const SEXES = new Set(['F', 'M']);

export function recordTargetMismatches(target: CcdaPatient | null, record: RecordIdentity): RecordTargetPart[] {
  if (!target) return ['recordTarget'];
  const found: RecordTargetPart[] = [];
  const named = target.names.filter((n) => n.given.length > 0 || n.family.length > 0);
  if (named.length > 0) {
    // Any of the document's names may be the one the facility registered (legal, birth, a name in use).
    const matches = named.some(
      (n) => agrees(record.lastName, words(n.family)) && agrees(record.firstName, words(n.given)),
    );
    if (!matches) found.push('name');
  }
  // The day when the document gives one (a time of birth beside it changes nothing), else its month or year.
  const born = target.birthTime;
  if (born && !(born.day ? born.day === record.dateOfBirth : record.dateOfBirth.startsWith(born.iso))) {
    found.push('birthTime');
  }
  const sex = target.gender?.code?.toUpperCase() ?? null;
  const registered = record.sex?.toUpperCase() ?? null;
  if (sex && registered && SEXES.has(sex) && SEXES.has(registered) && sex !== registered) {
    found.push('administrativeGenderCode');
  }
  return found;
}
