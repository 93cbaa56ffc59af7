import type { TreatmentSummaryFields, TreatmentSummaryGroup } from '@portal/contracts';
import {
  treatmentSummaryItemRecords,
  type TreatmentSummaryItemRecord,
} from '../modules/treatment-summary/treatment-summary.intake';
import type { Tx } from '../db/client';
import type { DemoContext } from './demo-context';
import { RIVERSIDE_PHONES } from './demo-phones';
import { seededPatientId } from '../platform/integration/integration-patients';

/** An item of the demo with whether the patient has seen it (false: a new dot, and one more on the badge). */
export type DemoTreatmentSummaryItem = TreatmentSummaryItemRecord & { isPatientReviewed: boolean };
type Row = DemoTreatmentSummaryItem;

/** The calendar day `days` before `now` (UTC), so the demo never ages. */
function daysAgo(days: number, now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));
  return d.toISOString().slice(0, 10);
}

const RIVERSIDE = 'Riverside Cancer Center';
const RAMAN = {
  providerName: 'Dr. Priya Raman',
  institution: RIVERSIDE,
  providerPhone: RIVERSIDE_PHONES.oncologyClinic,
  providerEmail: 'priya.raman@riversidecancer.example.org',
};
const OKAFOR = {
  providerName: 'Dr. Samuel Okafor',
  institution: RIVERSIDE,
  providerPhone: RIVERSIDE_PHONES.radiationOncology,
  providerEmail: 'samuel.okafor@riversidecancer.example.org',
};
const HALE = {
  providerName: 'Dr. Marcus Hale',
  institution: RIVERSIDE,
  providerPhone: RIVERSIDE_PHONES.breastSurgery,
  providerEmail: 'marcus.hale@riversidecancer.example.org',
};
const KIM = {
  providerName: 'Rachel Kim, MS, CGC',
  institution: 'Riverside Cancer Genetics Program',
  providerPhone: RIVERSIDE_PHONES.cancerGenetics,
  providerEmail: 'rachel.kim@riversidecancer.example.org',
};
const MARSH = {
  providerName: 'Dr. Helen Marsh',
  institution: RIVERSIDE,
  providerPhone: RIVERSIDE_PHONES.urologyClinic,
  providerEmail: 'helen.marsh@riversidecancer.example.org',
};
/** HormoneTherapy and RadiationTherapy name their provider fields their own way. */
const asTherapyProvider = (p: {
  providerName: string;
  institution: string;
  providerPhone: string;
  providerEmail: string;
}) => ({
  provider: p.providerName,
  institution: p.institution,
  phone: p.providerPhone,
  email: p.providerEmail,
});

/** Collects one patient's items, numbering them within each group in the order they are added. */
function itemsOf() {
  const rows: Row[] = [];
  const order = new Map<TreatmentSummaryGroup, number>();
  const push = (group: TreatmentSummaryGroup, row: Omit<Row, 'groupName' | 'sortOrder'>) => {
    const sortOrder = (order.get(group) ?? 0) + 1;
    order.set(group, sortOrder);
    rows.push({ groupName: group, sortOrder, ...row });
  };
  return {
    rows,
    /** An item with data; `isNew` leaves it unseen (a new dot, and one more on the badge). */
    add: <G extends TreatmentSummaryGroup>(group: G, fields: Partial<TreatmentSummaryFields<G>>, isNew = false) => {
      push(group, { fields, isNullMessageHolder: false, nullMessage: null, isPatientReviewed: !isNew });
    },
    /** An item that only says there is nothing to report. */
    nothing: (group: TreatmentSummaryGroup, nullMessage: string, isNew = false) => {
      push(group, { fields: {}, isNullMessageHolder: true, nullMessage, isPatientReviewed: !isNew });
    },
  };
}

/**
 * Jane Doe: left breast invasive ductal carcinoma, ER+/PR+/HER2-, stage IIA, treated over the past year
 * with lumpectomy, dose-dense AC-T, whole-breast radiation, then endocrine therapy (tamoxifen, switched to
 * letrozole). Every one of the 17 groups has items; five are new since her last view.
 */
export function janeItems(now: Date): Row[] {
  const day = (n: number) => daysAgo(n, now);
  const { rows, add, nothing } = itemsOf();

  add('Diagnosis', {
    icdDescriptionFull: 'Malignant neoplasm of upper-outer quadrant of left female breast',
    diagnosisDate: day(358),
    laterality: 'Left',
    histologyCode: '8500/3',
    histologyDescription: 'Infiltrating duct carcinoma, NOS',
    grade: 'G2: moderately differentiated',
    stagingSystem: 'AJCC 8th edition',
    stage: 'IIA',
    tStage: 'T2',
    nStage: 'N0',
    mStage: 'M0',
    provider: RAMAN.providerName,
    institution: RAMAN.institution,
    providerPhone: RAMAN.providerPhone,
    providerEmail: RAMAN.providerEmail,
    diagnosisType: 'Primary',
    icdCode: 'C50.412',
    comment:
      'Estrogen receptor positive (95%), progesterone receptor positive (80%), HER2 negative (IHC 1+). Ki-67 20%.',
  });

  add('InitialClinicalFinding', {
    clinicalFindingType: 'Screening mammogram',
    clinicalFindingDate: day(372),
    diseaseSite: 'Left breast, upper outer quadrant',
    clinicalFindings: '2.1 cm spiculated mass with associated microcalcifications. BI-RADS 5.',
    providerName: 'Dr. Nora Whitfield',
    institution: 'Riverside Breast Imaging Center',
    providerPhone: RIVERSIDE_PHONES.breastImaging,
    providerEmail: null,
    comment: 'Recalled for diagnostic imaging.',
  });
  add('InitialClinicalFinding', {
    clinicalFindingType: 'Ultrasound-guided core needle biopsy',
    clinicalFindingDate: day(358),
    diseaseSite: 'Left breast, 2 o’clock, 6 cm from the nipple',
    clinicalFindings: 'Invasive ductal carcinoma. Left axillary lymph nodes normal on ultrasound.',
    ...HALE,
    comment: null,
  });

  add('TumorMarker', {
    testType: 'Estrogen and progesterone receptors (IHC)',
    tumorMarkerDate: day(356),
    testResult: 'ER positive (95%), PR positive (80%)',
    ...RAMAN,
    comment: 'Hormone receptor positive: endocrine therapy recommended.',
  });
  add('TumorMarker', {
    testType: 'HER2 (IHC)',
    tumorMarkerDate: day(356),
    testResult: 'Negative (1+)',
    ...RAMAN,
    comment: null,
  });
  add('TumorMarker', {
    testType: 'CA 15-3',
    tumorMarkerDate: day(350),
    testResult: '32 U/mL (reference below 30)',
    ...RAMAN,
    comment: 'Baseline before treatment.',
  });
  add('TumorMarker', {
    testType: 'CA 15-3',
    tumorMarkerDate: day(160),
    testResult: '18 U/mL (reference below 30)',
    ...RAMAN,
    comment: 'Normal after chemotherapy.',
  });
  add(
    'TumorMarker',
    {
      testType: 'CA 15-3',
      tumorMarkerDate: day(12),
      testResult: '16 U/mL (reference below 30)',
      ...RAMAN,
      comment: 'Remains normal.',
    },
    true,
  );

  add('GeneticTest', {
    testOrdered: 'BRCA1 and BRCA2 full gene sequencing and deletion/duplication analysis',
    testDate: day(345),
    testSummary: 'Negative: no pathogenic variants detected',
    testDetail:
      'No pathogenic or likely pathogenic variants and no variants of uncertain significance in BRCA1 or BRCA2.',
    patientCounseling: 'Pre-test and post-test genetic counseling completed.',
    ...KIM,
    comment: 'Testing offered because of her mother’s breast cancer.',
  });

  add('Surgery', {
    procedureName: 'Lumpectomy (partial mastectomy) with sentinel lymph node biopsy',
    startDate: day(335),
    laterality: 'L',
    lateralityDisplay: 'Left',
    ...HALE,
    comment: 'Tumor 2.1 cm, margins negative (closest 4 mm). 0 of 3 sentinel lymph nodes positive.',
  });

  // Dose-dense AC every 2 weeks for 4 cycles, then weekly paclitaxel for 12 weeks.
  const chemo = {
    trialName: 'Dose-dense AC-T',
    frequencyDisplay: null,
    ...RAMAN,
    dosageForm: 'Injection, solution',
    drugCategory: 'Chemotherapy',
    route: 'IV',
    routeDisplay: 'Intravenous',
    trialIndicator: 'N',
    trialIndicatorDisplay: 'No',
  };
  add('Chemotherapy', {
    ...chemo,
    agentName: 'DOXORUBICIN',
    agentNameDisplay: 'Doxorubicin',
    startDate: day(305),
    mostRecentTreatmentDate: day(263),
    endDate: day(263),
    dose: '60 mg/m²',
    cyclesDelivered: 4,
    frequency: 'Q2W',
    frequencyDisplay: 'Every 2 weeks',
    drugCategory: 'Anthracycline',
    comment: 'Given with pegfilgrastim support.',
  });
  add('Chemotherapy', {
    ...chemo,
    agentName: 'CYCLOPHOSPHAMIDE',
    agentNameDisplay: 'Cyclophosphamide',
    startDate: day(305),
    mostRecentTreatmentDate: day(263),
    endDate: day(263),
    dose: '600 mg/m²',
    cyclesDelivered: 4,
    frequency: 'Q2W',
    frequencyDisplay: 'Every 2 weeks',
    drugCategory: 'Alkylating agent',
    comment: null,
  });
  add('Chemotherapy', {
    ...chemo,
    agentName: 'PACLITAXEL',
    agentNameDisplay: 'Paclitaxel',
    startDate: day(249),
    mostRecentTreatmentDate: day(172),
    endDate: day(172),
    dose: '80 mg/m²',
    cyclesDelivered: 12,
    frequency: 'QW',
    frequencyDisplay: 'Weekly',
    drugCategory: 'Taxane',
    comment: 'Dose reduced by 20% from week 10 for neuropathy.',
  });

  add('RadiationTherapy', {
    site: 'Left breast (whole breast)',
    startDate: day(150),
    endDate: day(115),
    displayDeliveredDose: '50 Gy',
    deliveredFractions: 25,
    radiationType: 'PHOTON',
    radiationTypeDisplay: 'External beam, photons',
    energyDisplay: '6 MV',
    ...asTherapyProvider(OKAFOR),
    elapsedDays: 35,
    laterality: 'L',
    lateralityDisplay: 'Left',
    configuration: 'TANG',
    configurationDisplay: 'Tangential fields',
    comment: 'Completed as planned. Mild skin redness, resolved.',
  });

  add('HormoneTherapy', {
    agentName: 'TAMOXIFEN',
    agentNameDisplay: 'Tamoxifen',
    trialName: null,
    startDate: day(105),
    mostRecentTreatmentDate: day(62),
    endDate: day(62),
    doseAmount: '20 mg',
    plannedDuration: '5 years',
    frequency: 'QD',
    frequencyDisplay: 'Once daily',
    ...asTherapyProvider(RAMAN),
    dosageForm: 'Tablet',
    drugCategory: 'Selective estrogen receptor modulator',
    route: 'PO',
    routeDisplay: 'By mouth',
    trialIndicator: 'N',
    trialIndicatorDisplay: 'No',
    comment: 'Stopped because of leg cramps and hot flashes; switched to letrozole.',
  });
  add(
    'HormoneTherapy',
    {
      agentName: 'LETROZOLE',
      agentNameDisplay: 'Letrozole',
      trialName: null,
      startDate: day(58),
      mostRecentTreatmentDate: day(3),
      endDate: null,
      doseAmount: '2.5 mg',
      plannedDuration: '5 years',
      frequency: 'QD',
      frequencyDisplay: 'Once daily',
      ...asTherapyProvider(RAMAN),
      dosageForm: 'Tablet',
      drugCategory: 'Aromatase inhibitor',
      route: 'PO',
      routeDisplay: 'By mouth',
      trialIndicator: 'N',
      trialIndicatorDisplay: 'No',
      comment: 'Take with or without food. Bone density scan every 2 years while on letrozole.',
    },
    true,
  );

  nothing('TransplantHistory', 'No transplant history recorded.');

  add(
    'ClinicalTrial',
    {
      trialName: 'Moving Forward: a supervised exercise program after breast cancer treatment',
      trialId: 'RCC-2024-017',
      trialDescription: 'Randomized study of a 12-week supervised exercise program to reduce cancer-related fatigue.',
      startDate: day(100),
      endDate: null,
      ...RAMAN,
      comment: 'Enrolled in the exercise arm.',
    },
    true,
  );

  add('SideEffectBundle', {
    termDuration: 'Long-term',
    sideEffectList: 'Peripheral neuropathy (grade 1) in the fingers and toes',
    comment: 'From paclitaxel; slowly improving. Report any trouble with buttons or balance.',
  });
  add('SideEffectBundle', {
    termDuration: 'Late',
    sideEffectList: 'Lymphedema risk, left arm',
    comment: 'Avoid blood pressure cuffs and needle sticks on the left arm.',
  });
  add(
    'SideEffectBundle',
    {
      termDuration: 'Short-term',
      sideEffectList: 'Hot flashes; joint aches (arthralgia)',
      comment: 'Common with letrozole. Gentle exercise and a pain reliever may help.',
    },
    true,
  );

  add('Comorbidity', {
    description: 'Essential hypertension',
    comorbidityDiagnosisDate: day(2920),
    status: 'Controlled on lisinopril',
    providerName: 'Dr. Alan Forde (primary care)',
    comment: null,
  });
  add(
    'Comorbidity',
    {
      description: 'Osteopenia',
      comorbidityDiagnosisDate: day(64),
      status: 'Active',
      providerName: RAMAN.providerName,
      comment: 'Baseline bone density scan before letrozole. Calcium and vitamin D recommended.',
    },
    true,
  );

  add('Allergy', {
    allergen: 'Penicillin',
    allergyType: 'DRUG',
    allergyTypeDisplay: 'Drug allergy',
    onsetDate: day(365 * 40),
    response: 'Hives',
    comment: 'Tolerated cephalosporins without reaction.',
  });
  add('Allergy', {
    allergen: 'Latex',
    allergyType: 'ENV',
    allergyTypeDisplay: 'Environmental',
    // The source system's "date unknown": not shown.
    onsetDate: '1900-01-01',
    response: 'Skin rash',
    comment: '',
  });

  add('FamilyHistory', {
    relationship: 'MTH',
    relationshipDisplay: 'Mother',
    cancerDiagnosis: 'Breast cancer',
    ageAtDiagnosis: 62,
    currentStatus: 'DEC',
    currentStatusDisplay: 'Deceased',
    comment: null,
  });
  add('FamilyHistory', {
    relationship: 'FTH',
    relationshipDisplay: 'Father',
    cancerDiagnosis: 'Prostate cancer',
    ageAtDiagnosis: 71,
    currentStatus: 'LIV',
    currentStatusDisplay: 'Living',
    comment: null,
  });
  add('FamilyHistory', {
    relationship: 'MGRMTH',
    relationshipDisplay: 'Maternal grandmother',
    cancerDiagnosis: 'Breast cancer',
    // Age unknown: not shown.
    ageAtDiagnosis: 0,
    currentStatus: 'DEC',
    currentStatusDisplay: 'Deceased',
    comment: 'Age at diagnosis not known.',
  });

  add('GynecologicHistory', {
    menopauseStatus: 'POST',
    menopauseStatusDisplay: 'Postmenopausal',
    lastMenstrualPeriod: null,
    lastMenstrualPeriodText: 'At age 51',
    menopausalReason: 'NAT',
    menopausalReasonDisplay: 'Natural menopause',
    comment: 'Two pregnancies, two live births; first at age 27. No hormone replacement therapy.',
  });

  add('SocialHistory', {
    socialHistoryId: 48213,
    smokingStatus: 'NEVER',
    smokingStatusDisplay: 'Never smoker',
    smokingYears: 0,
    smokingPacksPerDay: 0,
    smokingPacksPerDayDisplay: null,
    smokingYearsQuit: 0,
    alcoholStatus: 'CURRENT',
    alcoholStatusDisplay: 'Drinks alcohol',
    alcoholDaysPerWeek: 2,
    alcoholDrinksPerDay: 1,
    alcoholYearsQuit: 0,
    comment: 'Walks 30 minutes most days. Works as a school librarian.',
  });

  add('Other', {
    description: 'Implanted port placed in the right upper chest for chemotherapy',
    startDate: day(312),
    ...HALE,
    comment: null,
  });
  add('Other', {
    description: 'Implanted port removed',
    startDate: day(140),
    ...HALE,
    comment: null,
  });

  return rows;
}

/**
 * John Smith: localized prostate adenocarcinoma treated with radiation and six months of androgen
 * deprivation: a smaller summary in fewer groups; two items are new.
 */
export function johnItems(now: Date): Row[] {
  const day = (n: number) => daysAgo(n, now);
  const { rows, add, nothing } = itemsOf();

  add('Diagnosis', {
    icdDescriptionFull: 'Malignant neoplasm of prostate',
    diagnosisDate: day(210),
    laterality: null,
    histologyCode: '8140/3',
    histologyDescription: 'Adenocarcinoma, NOS',
    grade: 'Gleason 3+4=7 (Grade Group 2)',
    stagingSystem: 'AJCC 8th edition',
    stage: 'IIB',
    tStage: 'T2a',
    nStage: 'N0',
    mStage: 'M0',
    provider: MARSH.providerName,
    institution: MARSH.institution,
    providerPhone: MARSH.providerPhone,
    providerEmail: MARSH.providerEmail,
    diagnosisType: 'Primary',
    icdCode: 'C61',
    comment: null,
  });
  add('TumorMarker', {
    testType: 'PSA',
    tumorMarkerDate: day(215),
    testResult: '8.4 ng/mL',
    ...MARSH,
    comment: null,
  });
  add(
    'TumorMarker',
    { testType: 'PSA', tumorMarkerDate: day(9), testResult: '0.3 ng/mL', ...MARSH, comment: 'Good response.' },
    true,
  );
  add('RadiationTherapy', {
    site: 'Prostate and seminal vesicles',
    startDate: day(150),
    endDate: day(112),
    displayDeliveredDose: '70 Gy',
    deliveredFractions: 28,
    radiationType: 'PHOTON',
    radiationTypeDisplay: 'External beam, photons (IMRT)',
    energyDisplay: '10 MV',
    ...asTherapyProvider(OKAFOR),
    elapsedDays: 38,
    laterality: null,
    lateralityDisplay: null,
    configuration: 'IMRT',
    configurationDisplay: 'Intensity-modulated',
    comment: null,
  });
  add(
    'HormoneTherapy',
    {
      agentName: 'LEUPROLIDE',
      agentNameDisplay: 'Leuprolide',
      startDate: day(180),
      mostRecentTreatmentDate: day(8),
      endDate: null,
      doseAmount: '22.5 mg',
      plannedDuration: '6 months',
      frequency: 'Q3M',
      frequencyDisplay: 'Every 3 months',
      ...asTherapyProvider(MARSH),
      dosageForm: 'Depot injection',
      drugCategory: 'GnRH agonist',
      route: 'IM',
      routeDisplay: 'Intramuscular',
      comment: 'Final injection given.',
    },
    true,
  );
  nothing('Allergy', 'No known drug allergies.');
  add('Comorbidity', {
    description: 'Type 2 diabetes mellitus',
    comorbidityDiagnosisDate: day(365 * 6),
    status: 'Controlled on metformin',
    providerName: 'Dr. Alan Forde (primary care)',
  });
  add('SocialHistory', {
    smokingStatus: 'FORMER',
    smokingStatusDisplay: 'Former smoker',
    smokingYears: 20,
    smokingPacksPerDay: 1,
    smokingPacksPerDayDisplay: '1 pack a day',
    smokingYearsQuit: 15,
    alcoholStatus: 'NEVER',
    alcoholStatusDisplay: 'Does not drink alcohol',
  });
  return rows;
}

/** The treatment summaries of the two demo patients (sam.lee of Lakeside has none). */
export async function seedDemoTreatmentSummary(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  // Each item under a stable identifier of the demo's 'oncology system' (demo-ts-jane-1, demo-ts-john-1...), as a
  // facility's system would put it through the integration API.
  const put = async (patientId: number, who: string, items: Row[]) => {
    for (const [index, { isPatientReviewed, ...record }] of items.entries()) {
      await treatmentSummaryItemRecords.put(tx, seededPatientId(patientId), `demo-ts-${who}-${index + 1}`, record, {
        history: { isPatientReviewed },
      });
    }
  };
  await put(context.janeId, 'jane', janeItems(now));
  await put(context.johnId, 'john', johnItems(now));
}
