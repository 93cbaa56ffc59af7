import { zonedInstant } from '../../platform/time/time';
import type { CcdaPatient } from './ccda-builder';
import { PLANNED, PROBLEMS, ROUTES, VACCINES, VISIT_TYPES } from './demo-ccda-codes';
import { ccdSections, visitSections, type PatientPlan } from './demo-ccda-document-plan';
import { johnRecord } from './demo-ccda-john-record';
import { LOCATIONS, PROVIDERS } from './demo-ccda-people';
import { daysAgo, NEW_YORK } from './demo-ccda-record';
import { vitalSignsSection, type VitalsTaken } from './demo-ccda-result-sections';
import type { ImmunizationGiven, Visit } from './demo-ccda-visit-sections';

// john.smith's documents, all from the cancer center's oncology system: two progress notes and a CCD.

export function johnPlan(now: Date, patient: CcdaPatient): PatientPlan {
  const record = johnRecord(now);
  const day = (n: number) => daysAgo(now, n);
  const at = (n: number, hour: number) => zonedInstant(day(n), hour, 0, NEW_YORK);
  const prostate = PROBLEMS.C61!.problem;
  const visit = (n: number, description: string): Visit => ({
    at: at(n, 9),
    visitType: VISIT_TYPES.established,
    description,
    provider: PROVIDERS.marsh,
    location: LOCATIONS.urology,
    diagnosis: prostate,
  });
  const startTherapy = visit(200, 'Urologic oncology visit: treatment planning');
  const followUp = visit(20, 'Urologic oncology follow-up');
  const visits = [startTherapy, followUp];
  const vitals: VitalsTaken[] = [
    { at: startTherapy.at, values: { systolic: 138, diastolic: 82, heartRate: 74, weight: 84.5, height: 178 } },
    { at: followUp.at, values: { systolic: 134, diastolic: 80, heartRate: 72, weight: 86.1 } },
  ];
  const immunizations: ImmunizationGiven[] = [
    { vaccine: VACCINES.influenza, date: day(130), lotNumber: 'FL4398B', route: ROUTES.IM!, provider: PROVIDERS.marsh },
  ];
  return {
    patient,
    record,
    documents: [
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-john-onc-1',
        kind: 'progressNote',
        title: 'Urologic Oncology Visit: Treatment Planning',
        day: 200,
        hour: 11,
        author: PROVIDERS.marsh,
        coversFrom: 200,
        visit: startTherapy,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Review of PSA and biopsy results; treatment planning for prostate adenocarcinoma.',
              assessment: ['Prostate adenocarcinoma, Gleason 3+4=7 (Grade Group 2), stage IIB (T2a N0 M0).'],
              plan: [
                'Leuprolide 22.5 mg every 3 months for 6 months.',
                'External beam radiation (IMRT) with Dr. Samuel Okafor.',
                'PSA and testosterone in three months.',
              ],
            },
            vitals[0]!,
            day(200),
            vitalSignsSection,
          ),
      },
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-john-onc-2',
        kind: 'progressNote',
        title: 'Urologic Oncology Follow-up',
        day: 20,
        hour: 11,
        author: PROVIDERS.marsh,
        coversFrom: 20,
        visit: followUp,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'PSA follow-up after radiation and hormone therapy.',
              assessment: ['PSA 0.38 ng/mL and falling; testosterone at castrate level.'],
              plan: ['Final leuprolide injection as planned.', 'Repeat PSA in three months.'],
            },
            vitals[1]!,
            day(20),
            vitalSignsSection,
          ),
      },
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-john-onc-3',
        kind: 'ccd',
        title: 'Continuity of Care Document',
        day: 8,
        hour: 15,
        author: PROVIDERS.marsh,
        coversFrom: 215,
        sections: (c) =>
          ccdSections(
            c,
            visits,
            vitals,
            immunizations,
            {
              intro: 'Radiation and six months of androgen deprivation are complete. PSA follow-up every three months.',
              items: [
                { kind: 'observation', planned: PLANNED.psa, date: day(-80), text: 'PSA test' },
                {
                  kind: 'encounter',
                  planned: PLANNED.officeVisit,
                  date: day(-85),
                  text: 'Urologic oncology follow-up with Dr. Helen Marsh',
                },
              ],
            },
            at(8, 15),
          ),
      },
    ],
  };
}
