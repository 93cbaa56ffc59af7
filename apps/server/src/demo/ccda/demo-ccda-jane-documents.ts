import { zonedInstant } from '../../platform/time/time';
import type { CcdaPatient } from './ccda-builder';
import { PLANNED, PROBLEMS, ROUTES, VACCINES, VISIT_TYPES } from './demo-ccda-codes';
import { ccdSections, visitSections, type PatientPlan } from './demo-ccda-document-plan';
import { janeRecord } from './demo-ccda-jane-record';
import { LOCATIONS, PROVIDERS } from './demo-ccda-people';
import { daysAgo, NEW_YORK } from './demo-ccda-record';
import { vitalSignsSection, type VitalsTaken } from './demo-ccda-result-sections';
import type { ImmunizationGiven, PlanItem, Visit } from './demo-ccda-visit-sections';

// jane.doe's documents: four from the cancer center's oncology system (a consultation H&P, a CCD after
// chemotherapy, two progress notes), three from the regional hospital's EHR (an admission H&P, a primary care
// progress note, a current CCD).

export function janePlan(now: Date, patient: CcdaPatient): PatientPlan {
  const record = janeRecord(now);
  const day = (n: number) => daysAgo(now, n);
  const at = (n: number, hour: number, minute = 0) => zonedInstant(day(n), hour, minute, NEW_YORK);
  const breastCancer = PROBLEMS['C50.412']!.problem;
  const visit = (n: number, hour: number, v: Omit<Visit, 'at'>): Visit => ({ at: at(n, hour), ...v });
  const consult = visit(350, 9, {
    visitType: VISIT_TYPES.newPatient,
    description: 'Medical oncology new patient consultation',
    provider: PROVIDERS.raman,
    location: LOCATIONS.oncologyClinic,
    diagnosis: breastCancer,
  });
  const admission = visit(215, 21, {
    visitType: VISIT_TYPES.admission,
    description: 'Hospital admission: febrile neutropenia',
    provider: PROVIDERS.whitman,
    location: LOCATIONS.hospitalWard,
    diagnosis: { code: '409089005', system: 'SNOMED CT', display: 'Febrile neutropenia' },
  });
  const chemoDone = visit(172, 10, {
    visitType: VISIT_TYPES.established,
    description: 'Medical oncology visit: last paclitaxel',
    provider: PROVIDERS.raman,
    location: LOCATIONS.oncologyClinic,
    diagnosis: breastCancer,
  });
  const radiationDone = visit(115, 14, {
    visitType: VISIT_TYPES.established,
    description: 'Radiation oncology: end of treatment',
    provider: PROVIDERS.okafor,
    location: LOCATIONS.radiation,
    diagnosis: breastCancer,
  });
  const primaryCare = visit(90, 10, {
    visitType: VISIT_TYPES.established,
    description: 'Primary care follow-up: hypertension',
    provider: PROVIDERS.forde,
    location: LOCATIONS.primaryCare,
    diagnosis: PROBLEMS['Essential hypertension']!.problem,
  });
  const followUp = visit(14, 11, {
    visitType: VISIT_TYPES.established,
    description: 'Medical oncology follow-up',
    provider: PROVIDERS.raman,
    location: LOCATIONS.oncologyClinic,
    diagnosis: breastCancer,
  });
  const visits = [consult, admission, chemoDone, radiationDone, primaryCare, followUp];
  // Her consultation and follow-up notes give the first and last blood pressures (demo-medical-notes.ts).
  const vitals: VitalsTaken[] = [
    { at: consult.at, values: { systolic: 132, diastolic: 84, heartRate: 76, weight: 68, height: 165 } },
    {
      at: admission.at,
      values: {
        systolic: 108,
        diastolic: 66,
        heartRate: 104,
        respiratoryRate: 18,
        temperature: 38.7,
        oxygenSaturation: 97,
      },
    },
    { at: chemoDone.at, values: { systolic: 122, diastolic: 78, heartRate: 82, weight: 66.1 } },
    { at: radiationDone.at, values: { systolic: 126, diastolic: 80, heartRate: 72, weight: 66.5 } },
    { at: primaryCare.at, values: { systolic: 124, diastolic: 78, heartRate: 70, weight: 66.8, height: 165 } },
    { at: followUp.at, values: { systolic: 128, diastolic: 80, heartRate: 70, weight: 67.2 } },
  ];
  const vitalsAt = (v: Visit) => vitals.find((taken) => taken.at === v.at)!;
  const immunizations: ImmunizationGiven[] = [
    {
      vaccine: VACCINES.tdap,
      date: day(365 * 4 + 40),
      lotNumber: 'TD7319A',
      route: ROUTES.IM!,
      provider: PROVIDERS.forde,
    },
    { vaccine: VACCINES.influenza, date: day(90), lotNumber: 'FL4402C', route: ROUTES.IM!, provider: PROVIDERS.forde },
  ];
  const oncologyCcdPlan = {
    intro:
      'Adjuvant chemotherapy is complete. Next: whole-breast radiation, then at least five years of endocrine therapy.',
    items: [
      {
        kind: 'procedure',
        planned: { code: '33195004', system: 'SNOMED CT', display: 'External beam radiation therapy' },
        date: day(150),
        text: 'Whole-breast radiation, 50 Gy in 25 fractions, with Dr. Samuel Okafor',
      },
      {
        kind: 'encounter',
        planned: PLANNED.officeVisit,
        date: day(106),
        text: 'Medical oncology visit to start endocrine therapy',
      },
    ] satisfies PlanItem[],
  };
  const currentPlan = {
    intro:
      'No evidence of disease. Continue letrozole 2.5 mg daily with calcium and vitamin D; weight-bearing exercise.',
    items: [
      {
        kind: 'encounter',
        planned: PLANNED.officeVisit,
        date: day(-70),
        text: 'Medical oncology follow-up with Dr. Priya Raman, with labs',
      },
      { kind: 'observation', planned: PLANNED.cbc, date: day(-70), text: 'Complete blood count before the visit' },
      { kind: 'procedure', planned: PLANNED.mammogram, date: day(-120), text: 'Annual mammogram' },
      {
        kind: 'procedure',
        planned: PLANNED.boneDensity,
        date: day(-(365 * 2 - 64)),
        text: 'Bone density scan (two years after the baseline)',
      },
    ] satisfies PlanItem[],
  };
  const history =
    'Ms. Doe is a postmenopausal woman whose screening mammogram showed a 2.1 cm spiculated mass in the upper outer ' +
    'quadrant of the left breast. Core needle biopsy: invasive ductal carcinoma, grade 2, ER 95%, PR 80%, HER2 ' +
    'negative (1+). She feels well, with no bone pain, cough, headache or weight loss.';
  return {
    patient,
    record,
    documents: [
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-jane-onc-1',
        kind: 'historyAndPhysical',
        title: 'Medical Oncology New Patient Consultation',
        day: 350,
        hour: 16,
        author: PROVIDERS.raman,
        coversFrom: 350,
        visit: consult,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Newly diagnosed invasive ductal carcinoma of the left breast, referred for treatment planning.',
              history,
              exam: 'ECOG performance status 0. A firm, mobile 2 cm mass in the upper outer left breast. No axillary or supraclavicular lymphadenopathy. Lungs clear; abdomen soft.',
              assessment: [
                'Clinical stage IIA (T2 N0 M0) hormone receptor-positive, HER2-negative carcinoma of the left breast.',
              ],
              plan: [
                'Lumpectomy with sentinel lymph node biopsy with Dr. Marcus Hale.',
                'Adjuvant dose-dense AC-T after surgery, with an implanted port.',
                'Whole-breast radiation after chemotherapy, then at least five years of endocrine therapy.',
                'Genetic counseling and BRCA1/BRCA2 testing.',
              ],
            },
            vitalsAt(consult),
            day(365),
            vitalSignsSection,
          ),
      },
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-jane-onc-2',
        kind: 'ccd',
        title: 'Continuity of Care Document: after chemotherapy',
        day: 170,
        hour: 15,
        author: PROVIDERS.raman,
        coversFrom: 358,
        sections: (c) => ccdSections(c, visits, vitals, immunizations, oncologyCcdPlan, at(170, 15)),
      },
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-jane-onc-3',
        kind: 'progressNote',
        title: 'Radiation Oncology: End of Treatment',
        day: 115,
        hour: 16,
        author: PROVIDERS.okafor,
        coversFrom: 115,
        visit: radiationDone,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Last fraction of whole-breast radiation; end-of-treatment visit.',
              assessment: [
                'Completed 50 Gy in 25 fractions to the left breast with tangential fields, as planned. Mild skin redness.',
              ],
              plan: [
                'Moisturizer twice daily until the skin has healed.',
                'Start endocrine therapy with Dr. Priya Raman.',
                'Radiation oncology follow-up in six weeks.',
              ],
            },
            vitalsAt(radiationDone),
            day(125),
            vitalSignsSection,
          ),
      },
      {
        system: 'RCC-ONCOLOGY',
        externalId: 'demo-ccda-jane-onc-4',
        kind: 'progressNote',
        title: 'Medical Oncology Follow-up Visit',
        day: 14,
        hour: 13,
        author: PROVIDERS.raman,
        coversFrom: 14,
        visit: followUp,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Follow-up on adjuvant letrozole.',
              assessment: [
                'Stage IIA HR-positive, HER2-negative left breast cancer; no evidence of disease after surgery, chemotherapy and radiation. Mild arthralgia and hot flashes on letrozole; grade 1 neuropathy improving. Osteopenia on the baseline bone density scan.',
              ],
              plan: [
                'Continue letrozole 2.5 mg daily.',
                'Calcium 1,200 mg and vitamin D 800 IU daily; weight-bearing exercise.',
                'Annual mammogram in four months.',
                'Return in ten weeks with labs.',
              ],
            },
            vitalsAt(followUp),
            day(35),
            vitalSignsSection,
          ),
      },
      {
        system: 'RRH-EHR',
        externalId: 'demo-ccda-jane-rrh-1',
        kind: 'historyAndPhysical',
        title: 'Admission History and Physical: Febrile Neutropenia',
        day: 215,
        hour: 23,
        author: PROVIDERS.whitman,
        coversFrom: 215,
        visit: admission,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Fever of 101.6 °F with chills, 10 days after chemotherapy.',
              history:
                'Ms. Doe, on adjuvant dose-dense chemotherapy for left breast cancer, developed fever, chills and fatigue this evening. No cough, urinary symptoms or diarrhea. Her absolute neutrophil count today is 0.4 x10^3/uL.',
              exam: 'Temperature 38.7 °C, heart rate 104, blood pressure 108/66. Alert, mildly flushed. Port site clean. Lungs clear. No rash.',
              assessment: ['Febrile neutropenia after chemotherapy; no source identified on examination.'],
              plan: [
                'Blood and urine cultures; chest X-ray.',
                'Cefepime 2 g IV every 8 hours (penicillin allergy: test dose first).',
                'Hold lisinopril while blood pressure is low-normal.',
                'Oncology (Dr. Priya Raman) informed.',
              ],
            },
            vitalsAt(admission),
            day(215),
            vitalSignsSection,
          ),
      },
      {
        system: 'RRH-EHR',
        externalId: 'demo-ccda-jane-rrh-2',
        kind: 'progressNote',
        title: 'Primary Care Follow-up: Hypertension',
        day: 90,
        hour: 12,
        author: PROVIDERS.forde,
        coversFrom: 90,
        visit: primaryCare,
        sections: (c) =>
          visitSections(
            c,
            {
              reason: 'Blood pressure check; seasonal influenza vaccine.',
              assessment: [
                'Essential hypertension, controlled on lisinopril 10 mg daily. Influenza vaccine given today.',
              ],
              plan: ['Continue lisinopril 10 mg daily.', 'Home blood pressure log; recheck in six months.'],
            },
            vitalsAt(primaryCare),
            day(90),
            vitalSignsSection,
          ),
      },
      {
        system: 'RRH-EHR',
        externalId: 'demo-ccda-jane-rrh-3',
        kind: 'ccd',
        title: 'Continuity of Care Document',
        day: 10,
        hour: 9,
        author: PROVIDERS.forde,
        coversFrom: 364,
        sections: (c) => ccdSections(c, visits, vitals, immunizations, currentPlan, at(10, 9)),
      },
    ],
  };
}
