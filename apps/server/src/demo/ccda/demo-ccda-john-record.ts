import { JOHN_RESULTS } from '../demo-lab-results';
import { johnItems } from '../demo-treatment-summary';
import { DRUGS, ROUTES } from './demo-ccda-codes';
import { PROVIDERS } from './demo-ccda-people';
import {
  allergiesOf,
  daysAgo,
  medicationsOf,
  problemsOf,
  proceduresOf,
  resultsOf,
  socialOf,
  type ClinicalRecord,
} from './demo-ccda-record';

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
