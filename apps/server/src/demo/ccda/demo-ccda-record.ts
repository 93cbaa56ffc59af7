import { JANE_RESULTS, JOHN_RESULTS } from '../demo-lab-results';
import { RIVERSIDE_PHONES } from '../demo-phones';
import { janeItems, johnItems, type DemoTreatmentSummaryItem } from '../demo-treatment-summary';
import { addDays } from '../../platform/time/time';
import type { CcdaAddress, CcdaOrganization, CcdaPatient, CcdaProvider, Coded } from './ccda-builder';
import type { Interpretation, Quantity } from './ccda-entries';
import type { PROCEDURES } from './demo-ccda-codes';
import { ALLERGENS, DRUGS, EVERY_HOURS, PROBLEMS, REACTIONS, ROUTES, SMOKING } from './demo-ccda-codes';

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

/* --------------------------------------------------------- places, people */

const RIVERSIDE_ADDRESS: CcdaAddress = {
  street: ['1200 River Road'],
  city: 'Riverside',
  state: 'NY',
  postalCode: '12210',
};
export const RIVERSIDE_CANCER_CENTER: CcdaOrganization = {
  id: { root: '2.16.840.1.113883.4.6', extension: '1982736450' },
  name: 'Riverside Cancer Center',
  phone: RIVERSIDE_PHONES.mainLine,
  address: RIVERSIDE_ADDRESS,
};
export const RIVERSIDE_REGIONAL_HOSPITAL: CcdaOrganization = {
  id: { root: '2.16.840.1.113883.4.6', extension: '1457382916' },
  name: 'Riverside Regional Hospital',
  phone: '5185550300',
  address: { street: ['600 Hospital Drive'], city: 'Riverside', state: 'NY', postalCode: '12210' },
};

const provider = (
  npi: string,
  given: string,
  family: string,
  phone: string,
  organization: CcdaOrganization,
  suffix = 'MD',
): CcdaProvider => ({ npi, name: { prefix: 'Dr.', given: [given], family, suffix }, phone, organization });

export const PROVIDERS = {
  raman: provider('1306849327', 'Priya', 'Raman', RIVERSIDE_PHONES.oncologyClinic, RIVERSIDE_CANCER_CENTER),
  okafor: provider('1578263014', 'Samuel', 'Okafor', RIVERSIDE_PHONES.radiationOncology, RIVERSIDE_CANCER_CENTER),
  hale: provider('1740392851', 'Marcus', 'Hale', RIVERSIDE_PHONES.breastSurgery, RIVERSIDE_CANCER_CENTER),
  marsh: provider('1891047362', 'Helen', 'Marsh', RIVERSIDE_PHONES.urologyClinic, RIVERSIDE_CANCER_CENTER),
  forde: provider('1649205738', 'Alan', 'Forde', '5185550310', RIVERSIDE_REGIONAL_HOSPITAL),
  whitman: provider('1225019846', 'Grace', 'Whitman', '5185550320', RIVERSIDE_REGIONAL_HOSPITAL),
};

/** The providers the treatment summary names, by the name it gives. */
const BY_SUMMARY_NAME: Record<string, CcdaProvider> = {
  'Dr. Priya Raman': PROVIDERS.raman,
  'Dr. Samuel Okafor': PROVIDERS.okafor,
  'Dr. Marcus Hale': PROVIDERS.hale,
  'Dr. Helen Marsh': PROVIDERS.marsh,
  'Dr. Alan Forde (primary care)': PROVIDERS.forde,
};

export const LOCATIONS = {
  oncologyClinic: {
    name: 'RCC Oncology Clinic B',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Oncology Clinic B, 4th Floor'] },
  },
  radiation: {
    name: 'RCC Radiation Oncology',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Radiation Oncology, Lower Level'] },
  },
  urology: {
    name: 'RCC Oncology Clinic B',
    address: { ...RIVERSIDE_ADDRESS, street: ['1200 River Road', 'Oncology Clinic B, 4th Floor'] },
  },
  hospitalWard: {
    name: 'Riverside Regional Hospital, 5 West Oncology Unit',
    address: RIVERSIDE_REGIONAL_HOSPITAL.address,
  },
  primaryCare: {
    name: 'Riverside Regional Primary Care',
    address: {
      ...RIVERSIDE_REGIONAL_HOSPITAL.address,
      street: ['600 Hospital Drive', 'Medical Office Building, Suite 210'],
    },
  },
};

/** The identifier root of the portal's MRNs (Riverside Cancer Center's patient numbers). */
export const MRN_ROOT = '2.16.840.1.113883.19.5.99999.2';

/** The two demo patients as demo.ts seeds them (name, MRN, birth date relative to `now`'s year, sex, address). */
export function demoCcdaPatients(now: Date): { jane: CcdaPatient; john: CcdaPatient } {
  const born = (age: number, month: number, day: number) =>
    `${now.getUTCFullYear() - age}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    jane: {
      ids: [{ root: MRN_ROOT, extension: 'RCC-100234' }],
      name: { given: ['Jane'], family: 'Doe' },
      birthDate: born(58, 4, 12),
      gender: 'F',
      address: { street: ['214 Willow Bend Road'], city: 'Riverside', state: 'NY', postalCode: '12210' },
      phone: '5185550142',
      language: 'en-US',
    },
    john: {
      ids: [{ root: MRN_ROOT, extension: 'RCC-100871' }],
      name: { given: ['John'], family: 'Smith' },
      birthDate: born(71, 9, 30),
      gender: 'M',
      address: { street: ['9 Harbor Street', 'Apt 3B'], city: 'Albany', state: 'NY', postalCode: '12207' },
      phone: '5185550199',
      language: 'es-MX',
    },
  };
}

/* ----------------------------------------------------------------- record */

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

type Fields = Record<string, unknown>;
const text = (fields: Fields, key: string) => (typeof fields[key] === 'string' ? fields[key] : '');

function medicationsOf(items: DemoTreatmentSummaryItem[]): RecordMedication[] {
  return items
    .filter((item) => ['Chemotherapy', 'HormoneTherapy'].includes(item.groupName) && !item.isNullMessageHolder)
    .map((item) => {
      const f = item.fields as Fields;
      const doseText = text(f, 'dose') || text(f, 'doseAmount');
      return {
        name: text(f, 'agentNameDisplay'),
        drug: DRUGS[text(f, 'agentName')] ?? { code: '', system: 'RxNorm', display: text(f, 'agentNameDisplay') },
        doseText,
        dose: parseDose(doseText),
        route: ROUTES[text(f, 'route')] ?? null,
        routeText: text(f, 'routeDisplay'),
        frequencyText: text(f, 'frequencyDisplay'),
        everyHours: EVERY_HOURS[text(f, 'frequency')] ?? null,
        start: text(f, 'startDate'),
        end: text(f, 'endDate') || null,
        prescriber: BY_SUMMARY_NAME[text(f, 'provider') || text(f, 'providerName')] ?? null,
      };
    });
}

function problemsOf(items: DemoTreatmentSummaryItem[]): RecordProblem[] {
  const problems: RecordProblem[] = [];
  for (const item of items) {
    const f = item.fields as Fields;
    if (item.groupName === 'Diagnosis') {
      const coded = PROBLEMS[text(f, 'icdCode')];
      if (coded)
        problems.push({
          name: text(f, 'icdDescriptionFull'),
          ...coded,
          onset: text(f, 'diagnosisDate'),
          statusText: `Active; stage ${text(f, 'stage')} (${text(f, 'tStage')} ${text(f, 'nStage')} ${text(f, 'mStage')})`,
        });
    }
    if (item.groupName === 'Comorbidity') {
      const coded = PROBLEMS[text(f, 'description')];
      if (coded)
        problems.push({
          name: text(f, 'description'),
          ...coded,
          onset: text(f, 'comorbidityDiagnosisDate'),
          statusText: text(f, 'status'),
        });
    }
  }
  return problems;
}

function allergiesOf(items: DemoTreatmentSummaryItem[]): RecordAllergy[] {
  return items
    .filter((item) => item.groupName === 'Allergy' && !item.isNullMessageHolder)
    .flatMap((item) => {
      const f = item.fields as Fields;
      const coded = ALLERGENS[text(f, 'allergen')];
      const reaction = REACTIONS[text(f, 'response')];
      if (!coded || !reaction) return [];
      const onset = text(f, 'onsetDate');
      return [
        {
          allergen: text(f, 'allergen'),
          ...coded,
          reactionText: text(f, 'response'),
          reaction,
          // The source system's '1900-01-01' is its 'date unknown'.
          onset: onset && onset !== '1900-01-01' ? onset : null,
          comment: text(f, 'comment'),
        },
      ];
    });
}

function resultsOf(results: typeof JANE_RESULTS, now: Date): RecordResult[] {
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
function proceduresOf(items: DemoTreatmentSummaryItem[]): RecordProcedure[] {
  const procedures: RecordProcedure[] = [];
  const add = (name: string, key: RecordProcedure['key'], f: Fields, start: string, end: string | null = null) =>
    procedures.push({
      name,
      key,
      start,
      end,
      performer: BY_SUMMARY_NAME[text(f, 'providerName') || text(f, 'provider')] ?? null,
    });
  for (const item of items) {
    const f = item.fields as Fields;
    if (item.groupName === 'InitialClinicalFinding' && /biopsy/i.test(text(f, 'clinicalFindingType')))
      add(text(f, 'clinicalFindingType'), 'coreBiopsy', f, text(f, 'clinicalFindingDate'));
    if (item.groupName === 'Surgery') {
      add('Lumpectomy (partial mastectomy), left breast', 'lumpectomy', f, text(f, 'startDate'));
      add('Sentinel lymph node biopsy, left axilla', 'sentinelNode', f, text(f, 'startDate'));
    }
    if (item.groupName === 'Other' && /port placed/i.test(text(f, 'description')))
      add(text(f, 'description'), 'portPlacement', f, text(f, 'startDate'));
    if (item.groupName === 'Other' && /port removed/i.test(text(f, 'description')))
      add(text(f, 'description'), 'portRemoval', f, text(f, 'startDate'));
    if (item.groupName === 'RadiationTherapy')
      add(
        `External beam radiation therapy: ${text(f, 'site')}, ${text(f, 'displayDeliveredDose')} in ${String(f.deliveredFractions)} fractions`,
        'radiation',
        f,
        text(f, 'startDate'),
        text(f, 'endDate') || null,
      );
  }
  const chemo = items.filter((item) => item.groupName === 'Chemotherapy');
  if (chemo.length > 0) {
    const f = chemo[0]!.fields as Fields;
    const starts = chemo.map((c) => text(c.fields as Fields, 'startDate')).sort();
    const ends = chemo.map((c) => text(c.fields as Fields, 'endDate')).sort();
    add(`Chemotherapy: ${text(f, 'trialName')}`, 'chemotherapy', f, starts[0]!, ends[ends.length - 1] ?? null);
  }
  return procedures.sort((a, b) => a.start.localeCompare(b.start));
}

function socialOf(items: DemoTreatmentSummaryItem[]) {
  const f = (items.find((item) => item.groupName === 'SocialHistory')?.fields ?? {}) as Fields;
  const smokingYears = Number(f.smokingYears ?? 0);
  const quit = Number(f.smokingYearsQuit ?? 0);
  const smokingText =
    text(f, 'smokingStatusDisplay') +
    (smokingYears > 0
      ? `: ${smokingYears} years, ${text(f, 'smokingPacksPerDayDisplay')}, quit ${quit} years ago`
      : '');
  const perDay = Number(f.alcoholDrinksPerDay ?? 0);
  return {
    smoking: { status: SMOKING[text(f, 'smokingStatus')] ?? SMOKING.NEVER!, text: smokingText },
    alcohol:
      perDay > 0
        ? {
            perDay,
            text: `${text(f, 'alcoholStatusDisplay')}: ${perDay} drink a day, ${String(f.alcoholDaysPerWeek)} days a week`,
          }
        : null,
    socialComment: text(f, 'comment') || null,
  };
}

/** Jane's record: the treatment summary's and lab results' data, with what her notes add. */
export function janeRecord(now: Date): ClinicalRecord {
  const items = janeItems(now);
  const diagnosisDate = text(items.find((i) => i.groupName === 'Diagnosis')?.fields ?? {}, 'diagnosisDate');
  const paclitaxelStart = medicationsOf(items).find((m) => m.drug === DRUGS.PACLITAXEL)?.start ?? diagnosisDate;
  const letrozoleStart = medicationsOf(items).find((m) => m.drug === DRUGS.LETROZOLE)?.start ?? daysAgo(now, 58);
  return {
    sex: 'F',
    procedures: proceduresOf(items),
    medications: [
      ...medicationsOf(items),
      // Her notes: lisinopril 10 mg daily for years; calcium and vitamin D since letrozole began.
      {
        name: 'Lisinopril',
        drug: DRUGS.LISINOPRIL!,
        doseText: '10 mg',
        dose: { value: 10, unit: 'mg' },
        route: ROUTES.PO!,
        routeText: 'By mouth',
        frequencyText: 'Once daily',
        everyHours: 24,
        start: daysAgo(now, 2920),
        end: null,
        prescriber: PROVIDERS.forde,
      },
      ...(['CALCIUM_CARBONATE', 'CHOLECALCIFEROL'] as const).map((key) => ({
        name: key === 'CALCIUM_CARBONATE' ? 'Calcium carbonate' : 'Vitamin D3 (cholecalciferol)',
        drug: DRUGS[key]!,
        doseText: key === 'CALCIUM_CARBONATE' ? '1,200 mg' : '800 IU',
        dose: key === 'CALCIUM_CARBONATE' ? { value: 1200, unit: 'mg' } : { value: 800, unit: '[IU]' },
        route: ROUTES.PO!,
        routeText: 'By mouth',
        frequencyText: 'Once daily',
        everyHours: 24,
        start: letrozoleStart,
        end: null,
        prescriber: PROVIDERS.raman,
      })),
    ],
    problems: [
      ...problemsOf(items),
      {
        name: 'Peripheral neuropathy (grade 1) in the fingers and toes, from paclitaxel',
        ...PROBLEMS['Peripheral neuropathy']!,
        // The dose was reduced from week 10 of paclitaxel for it.
        onset: addDays(paclitaxelStart, 63),
        statusText: 'Active; slowly improving',
      },
    ],
    allergies: allergiesOf(items),
    noAllergiesText: null,
    results: resultsOf(JANE_RESULTS, now),
    ...socialOf(items),
  };
}

/** John's record: the treatment summary's and lab results' data, with his metformin. */
export function johnRecord(now: Date): ClinicalRecord {
  const items = johnItems(now);
  return {
    sex: 'M',
    procedures: proceduresOf(items),
    medications: [
      ...medicationsOf(items),
      {
        name: 'Metformin',
        drug: DRUGS.METFORMIN!,
        doseText: '500 mg',
        dose: { value: 500, unit: 'mg' },
        route: ROUTES.PO!,
        routeText: 'By mouth',
        frequencyText: 'Twice daily',
        everyHours: 12,
        start: daysAgo(now, 365 * 6),
        end: null,
        prescriber: PROVIDERS.forde,
      },
    ],
    problems: problemsOf(items),
    allergies: allergiesOf(items),
    noAllergiesText: items.find((i) => i.groupName === 'Allergy' && i.isNullMessageHolder)?.nullMessage ?? null,
    results: resultsOf(JOHN_RESULTS, now),
    ...socialOf(items),
  };
}

/** A medication is on the record on `date` once started; active until its end. */
export function medicationsAsOf(record: ClinicalRecord, date: string) {
  return record.medications
    .filter((m) => m.start <= date)
    .map((m) => ({ ...m, active: m.end === null || m.end > date }));
}
