import type { JANE_RESULTS } from '../demo-lab-results';
import type { DemoTreatmentSummaryItem } from '../demo-treatment-summary';
import type { Coded } from './ccda-codes';
import type { Quantity } from './ccda-entry-parts';
import type { CcdaProvider } from './ccda-participants';
import type { Interpretation } from './ccda-result-entries';
import {
  ALLERGENS,
  DRUGS,
  EVERY_HOURS,
  PROBLEMS,
  REACTIONS,
  ROUTES,
  SMOKING,
  type PROCEDURES,
} from './demo-ccda-codes';
import { BY_SUMMARY_NAME } from './demo-ccda-people';

// A demo patient's record as the facility systems hold it, derived from the demo seed's own constants (the treatment
// summary's items and the lab results), so every document agrees with what the portal shows elsewhere. What the seed
// only has in prose (lisinopril's dose, calcium and vitamin D, a visit's vital signs) is written here, as the notes
// of demo-medical-notes.ts give it.

export const NEW_YORK = 'America/New_York';
const DAY_MS = 86_400_000;

/** The calendar day (UTC) `days` before `now`, as the treatment summary counts its days. */
export function daysAgo(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

export interface RecordMedication {
  name: string;
  drug: Coded;
  doseText: string;
  dose: Quantity | null;
  route: Coded | null;
  routeText: string;
  frequencyText: string;
  everyHours: number | null;
  start: string;
  end: string | null;
  prescriber: CcdaProvider | null;
}

export interface RecordProblem {
  name: string;
  problem: Coded;
  icd10: Coded;
  onset: string;
  statusText: string;
}

export interface RecordAllergy {
  allergen: string;
  allergyType: Coded;
  substance: Coded;
  reactionText: string;
  reaction: Coded;
  onset: string | null;
  comment: string;
}

export interface RecordTest {
  name: string;
  value: string;
  unit: string | null;
  range: string | null;
  interpretation: Interpretation | null;
  corrected: boolean;
}

export interface RecordResult {
  at: Date;
  date: string;
  groups: { name: string; tests: RecordTest[] }[];
  status: string;
  physician: string;
  lab: string;
  comment: string | null;
}

export interface RecordProcedure {
  name: string;
  key: keyof typeof PROCEDURES;
  start: string;
  end: string | null;
  performer: CcdaProvider | null;
}

export interface ClinicalRecord {
  sex: 'F' | 'M';
  procedures: RecordProcedure[];
  medications: RecordMedication[];
  problems: RecordProblem[];
  allergies: RecordAllergy[];
  /** 'No known drug allergies' when the record says so. */
  noAllergiesText: string | null;
  results: RecordResult[];
  smoking: { status: Coded; text: string };
  alcohol: { perDay: number; text: string } | null;
  socialComment: string | null;
}

const INTERPRETATIONS = new Set<string>(['N', 'L', 'H', 'LL', 'HH']);

function parseDose(text: string): Quantity | null {
  const match = /^([\d.]+)\s*(mg\/m²|mg|g)$/.exec(text.trim());
  if (!match) return null;
  return { value: Number(match[1]), unit: match[2] === 'mg/m²' ? 'mg/m2' : match[2] };
}

export type Fields = Record<string, unknown>;
/** A treatment summary item's text field ('' when absent). */
export const fieldText = (fields: Fields, key: string) => (typeof fields[key] === 'string' ? fields[key] : '');

export function medicationsOf(items: DemoTreatmentSummaryItem[]): RecordMedication[] {
  return items
    .filter((item) => ['Chemotherapy', 'HormoneTherapy'].includes(item.groupName) && !item.isNullMessageHolder)
    .map((item) => {
      const f = item.fields as Fields;
      const doseText = fieldText(f, 'dose') || fieldText(f, 'doseAmount');
      return {
        name: fieldText(f, 'agentNameDisplay'),
        drug: DRUGS[fieldText(f, 'agentName')] ?? {
          code: '',
          system: 'RxNorm',
          display: fieldText(f, 'agentNameDisplay'),
        },
        doseText,
        dose: parseDose(doseText),
        route: ROUTES[fieldText(f, 'route')] ?? null,
        routeText: fieldText(f, 'routeDisplay'),
        frequencyText: fieldText(f, 'frequencyDisplay'),
        everyHours: EVERY_HOURS[fieldText(f, 'frequency')] ?? null,
        start: fieldText(f, 'startDate'),
        end: fieldText(f, 'endDate') || null,
        prescriber: BY_SUMMARY_NAME[fieldText(f, 'provider') || fieldText(f, 'providerName')] ?? null,
      };
    });
}

export function problemsOf(items: DemoTreatmentSummaryItem[]): RecordProblem[] {
  const problems: RecordProblem[] = [];
  for (const item of items) {
    const f = item.fields as Fields;
    if (item.groupName === 'Diagnosis') {
      const coded = PROBLEMS[fieldText(f, 'icdCode')];
      if (coded)
        problems.push({
          name: fieldText(f, 'icdDescriptionFull'),
          ...coded,
          onset: fieldText(f, 'diagnosisDate'),
          statusText: `Active; stage ${fieldText(f, 'stage')} (${fieldText(f, 'tStage')} ${fieldText(f, 'nStage')} ${fieldText(f, 'mStage')})`,
        });
    }
    if (item.groupName === 'Comorbidity') {
      const coded = PROBLEMS[fieldText(f, 'description')];
      if (coded)
        problems.push({
          name: fieldText(f, 'description'),
          ...coded,
          onset: fieldText(f, 'comorbidityDiagnosisDate'),
          statusText: fieldText(f, 'status'),
        });
    }
  }
  return problems;
}

export function allergiesOf(items: DemoTreatmentSummaryItem[]): RecordAllergy[] {
  return items
    .filter((item) => item.groupName === 'Allergy' && !item.isNullMessageHolder)
    .flatMap((item) => {
      const f = item.fields as Fields;
      const coded = ALLERGENS[fieldText(f, 'allergen')];
      const reaction = REACTIONS[fieldText(f, 'response')];
      if (!coded || !reaction) return [];
      const onset = fieldText(f, 'onsetDate');
      return [
        {
          allergen: fieldText(f, 'allergen'),
          ...coded,
          reactionText: fieldText(f, 'response'),
          reaction,
          // The source system's '1900-01-01' is its 'date unknown'.
          onset: onset && onset !== '1900-01-01' ? onset : null,
          comment: fieldText(f, 'comment'),
        },
      ];
    });
}

export function resultsOf(results: typeof JANE_RESULTS, now: Date): RecordResult[] {
  return results
    .filter((result) => result.published !== false)
    .map((result) => {
      // When demo-lab-results.ts says it was collected.
      const at = new Date(now.getTime() - result.daysAgo * DAY_MS);
      at.setUTCHours(result.hourUtc ?? 13, 15, 0, 0);
      return {
        at,
        date: at.toISOString().slice(0, 10),
        status: result.status,
        physician: result.physician,
        lab: result.lab.name,
        comment: result.comment ?? null,
        groups: result.groups.map((group) => ({
          name: group.name,
          tests: group.tests.map(([name, value, unit, range, flag, , status]) => ({
            name,
            value,
            unit,
            range,
            interpretation: flag && INTERPRETATIONS.has(flag) ? (flag as Interpretation) : null,
            corrected: status === 'Corrected',
          })),
        })),
      };
    });
}

/** The treatment summary's surgery, biopsy, port, chemotherapy course and radiation as procedures. */
export function proceduresOf(items: DemoTreatmentSummaryItem[]): RecordProcedure[] {
  const procedures: RecordProcedure[] = [];
  const add = (name: string, key: RecordProcedure['key'], f: Fields, start: string, end: string | null = null) =>
    procedures.push({
      name,
      key,
      start,
      end,
      performer: BY_SUMMARY_NAME[fieldText(f, 'providerName') || fieldText(f, 'provider')] ?? null,
    });
  for (const item of items) {
    const f = item.fields as Fields;
    if (item.groupName === 'InitialClinicalFinding' && /biopsy/i.test(fieldText(f, 'clinicalFindingType')))
      add(fieldText(f, 'clinicalFindingType'), 'coreBiopsy', f, fieldText(f, 'clinicalFindingDate'));
    if (item.groupName === 'Surgery') {
      add('Lumpectomy (partial mastectomy), left breast', 'lumpectomy', f, fieldText(f, 'startDate'));
      add('Sentinel lymph node biopsy, left axilla', 'sentinelNode', f, fieldText(f, 'startDate'));
    }
    if (item.groupName === 'Other' && /port placed/i.test(fieldText(f, 'description')))
      add(fieldText(f, 'description'), 'portPlacement', f, fieldText(f, 'startDate'));
    if (item.groupName === 'Other' && /port removed/i.test(fieldText(f, 'description')))
      add(fieldText(f, 'description'), 'portRemoval', f, fieldText(f, 'startDate'));
    if (item.groupName === 'RadiationTherapy')
      add(
        `External beam radiation therapy: ${fieldText(f, 'site')}, ${fieldText(f, 'displayDeliveredDose')} in ${String(f.deliveredFractions)} fractions`,
        'radiation',
        f,
        fieldText(f, 'startDate'),
        fieldText(f, 'endDate') || null,
      );
  }
  const chemo = items.filter((item) => item.groupName === 'Chemotherapy');
  if (chemo.length > 0) {
    const f = chemo[0]!.fields as Fields;
    const starts = chemo.map((c) => fieldText(c.fields as Fields, 'startDate')).sort();
    const ends = chemo.map((c) => fieldText(c.fields as Fields, 'endDate')).sort();
    add(`Chemotherapy: ${fieldText(f, 'trialName')}`, 'chemotherapy', f, starts[0]!, ends[ends.length - 1] ?? null);
  }
  return procedures.sort((a, b) => a.start.localeCompare(b.start));
}

export function socialOf(items: DemoTreatmentSummaryItem[]) {
  const f = (items.find((item) => item.groupName === 'SocialHistory')?.fields ?? {}) as Fields;
  const smokingYears = Number(f.smokingYears ?? 0);
  const quit = Number(f.smokingYearsQuit ?? 0);
  const smokingText =
    fieldText(f, 'smokingStatusDisplay') +
    (smokingYears > 0
      ? `: ${smokingYears} years, ${fieldText(f, 'smokingPacksPerDayDisplay')}, quit ${quit} years ago`
      : '');
  const perDay = Number(f.alcoholDrinksPerDay ?? 0);
  return {
    smoking: { status: SMOKING[fieldText(f, 'smokingStatus')] ?? SMOKING.NEVER!, text: smokingText },
    alcohol:
      perDay > 0
        ? {
            perDay,
            text: `${fieldText(f, 'alcoholStatusDisplay')}: ${perDay} drink a day, ${String(f.alcoholDaysPerWeek)} days a week`,
          }
        : null,
    socialComment: fieldText(f, 'comment') || null,
  };
}

/** A medication is on the record on `date` once started; active until its end. */
export function medicationsAsOf(record: ClinicalRecord, date: string) {
  return record.medications
    .filter((m) => m.start <= date)
    .map((m) => ({ ...m, active: m.end === null || m.end > date }));
}
