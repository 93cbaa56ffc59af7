import { JANE_RESULTS } from '../demo-lab-results';
import { janeItems } from '../demo-treatment-summary';
import { addDays } from '../../platform/time/time';
import { DRUGS, PROBLEMS, ROUTES } from './demo-ccda-codes';
import { PROVIDERS } from './demo-ccda-people';
import {
  allergiesOf,
  daysAgo,
  fieldText,
  medicationsOf,
  problemsOf,
  proceduresOf,
  resultsOf,
  socialOf,
  type ClinicalRecord,
} from './demo-ccda-record';

/** Jane's record: the treatment summary's and lab results' data, with what her notes add. */
export function janeRecord(now: Date): ClinicalRecord {
  const items = janeItems(now);
  const diagnosisDate = fieldText(items.find((i) => i.groupName === 'Diagnosis')?.fields ?? {}, 'diagnosisDate');
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
