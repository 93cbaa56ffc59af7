import type { Coded } from './ccda-builder';

// The codes of the demo record's words: what a facility's system would have coded when it wrote them. The demo seed
// keeps names ('Letrozole', 'Hemoglobin'); these give each its RxNorm, SNOMED CT, LOINC or ICD-10-CM code and UCUM unit.

const rx = (code: string, display: string): Coded => ({ code, system: 'RxNorm', display });
const sct = (code: string, display: string): Coded => ({ code, system: 'SNOMED CT', display });
const loinc = (code: string, display: string): Coded => ({ code, system: 'LOINC', display });
const icd = (code: string, display: string): Coded => ({ code, system: 'ICD-10-CM', display });

/** Drugs by the treatment summary's agentName (RxNorm ingredients). */
export const DRUGS: Record<string, Coded> = {
  DOXORUBICIN: rx('3639', 'doxorubicin'),
  CYCLOPHOSPHAMIDE: rx('3002', 'cyclophosphamide'),
  PACLITAXEL: rx('56946', 'paclitaxel'),
  TAMOXIFEN: rx('10324', 'tamoxifen'),
  LETROZOLE: rx('72965', 'letrozole'),
  LEUPROLIDE: rx('42375', 'leuprolide'),
  LISINOPRIL: rx('29046', 'lisinopril'),
  METFORMIN: rx('6809', 'metformin'),
  CALCIUM_CARBONATE: rx('1897', 'calcium carbonate'),
  CHOLECALCIFEROL: rx('2418', 'cholecalciferol'),
};

/** Routes by the treatment summary's route (FDA route of administration, NCI Thesaurus codes). */
export const ROUTES: Record<string, Coded> = {
  PO: { code: 'C38288', system: 'NCI Thesaurus', display: 'ORAL' },
  IV: { code: 'C38276', system: 'NCI Thesaurus', display: 'INTRAVENOUS' },
  IM: { code: 'C28161', system: 'NCI Thesaurus', display: 'INTRAMUSCULAR' },
};

/** Hours between doses by the treatment summary's frequency; null for a schedule of its own. */
export const EVERY_HOURS: Record<string, number | null> = { QD: 24, BID: 12, QW: 168, Q2W: 336, Q3M: null };

/** Problems by ICD-10-CM code (the treatment summary's icdCode) or by the comorbidity's description. */
export const PROBLEMS: Record<string, { problem: Coded; icd10: Coded }> = {
  'C50.412': {
    problem: sct('254837009', 'Malignant neoplasm of breast'),
    icd10: icd('C50.412', 'Malignant neoplasm of upper-outer quadrant of left female breast'),
  },
  C61: {
    problem: sct('399068003', 'Malignant tumor of prostate'),
    icd10: icd('C61', 'Malignant neoplasm of prostate'),
  },
  'Essential hypertension': {
    problem: sct('59621000', 'Essential hypertension'),
    icd10: icd('I10', 'Essential (primary) hypertension'),
  },
  Osteopenia: {
    problem: sct('312894000', 'Osteopenia'),
    icd10: icd('M85.80', 'Other specified disorders of bone density and structure, unspecified site'),
  },
  'Type 2 diabetes mellitus': {
    problem: sct('44054006', 'Diabetes mellitus type 2'),
    icd10: icd('E11.9', 'Type 2 diabetes mellitus without complications'),
  },
  'Peripheral neuropathy': {
    problem: sct('302226006', 'Peripheral nerve disease'),
    icd10: icd('G62.0', 'Drug-induced polyneuropathy'),
  },
};

/** Allergies by the treatment summary's allergen: the kind of allergy, the substance, the reaction by its words. */
export const ALLERGENS: Record<string, { allergyType: Coded; substance: Coded }> = {
  Penicillin: { allergyType: sct('416098002', 'Allergy to drug'), substance: rx('70618', 'Penicillin') },
  Latex: { allergyType: sct('300916003', 'Latex allergy'), substance: sct('111088007', 'Latex') },
};
export const REACTIONS: Record<string, Coded> = {
  Hives: sct('247472004', 'Hives'),
  'Skin rash': sct('271807003', 'Skin rash'),
};

/** Result panels by the lab result's group name; a group that is no panel is a laboratory test. */
export const PANELS: Record<string, Coded> = {
  'CBC with Differential': loinc('57021-8', 'CBC W Auto Differential panel - Blood'),
  'Comprehensive Metabolic Panel': loinc('24323-8', 'Comprehensive metabolic 2000 panel - Serum or Plasma'),
  'Surgical Pathology': loinc('11526-1', 'Pathology study'),
};
export const LABORATORY_TEST = sct('15220000', 'Laboratory test');

/** Tests by the lab result's test name: LOINC and the UCUM unit of the value. */
export const TESTS: Record<string, { test: Coded; ucum: string | null }> = {
  'White Blood Cell Count': {
    test: loinc('6690-2', 'Leukocytes [#/volume] in Blood by Automated count'),
    ucum: '10*3/uL',
  },
  'Red Blood Cell Count': {
    test: loinc('789-8', 'Erythrocytes [#/volume] in Blood by Automated count'),
    ucum: '10*6/uL',
  },
  Hemoglobin: { test: loinc('718-7', 'Hemoglobin [Mass/volume] in Blood'), ucum: 'g/dL' },
  Hematocrit: { test: loinc('4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count'), ucum: '%' },
  'Platelet Count': { test: loinc('777-3', 'Platelets [#/volume] in Blood by Automated count'), ucum: '10*3/uL' },
  'Absolute Neutrophil Count': {
    test: loinc('751-8', 'Neutrophils [#/volume] in Blood by Automated count'),
    ucum: '10*3/uL',
  },
  'Absolute Lymphocyte Count': {
    test: loinc('731-0', 'Lymphocytes [#/volume] in Blood by Automated count'),
    ucum: '10*3/uL',
  },
  Glucose: { test: loinc('2345-7', 'Glucose [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  BUN: { test: loinc('3094-0', 'Urea nitrogen [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  Creatinine: { test: loinc('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  Sodium: { test: loinc('2951-2', 'Sodium [Moles/volume] in Serum or Plasma'), ucum: 'mmol/L' },
  Potassium: { test: loinc('2823-3', 'Potassium [Moles/volume] in Serum or Plasma'), ucum: 'mmol/L' },
  Calcium: { test: loinc('17861-6', 'Calcium [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  Albumin: { test: loinc('1751-7', 'Albumin [Mass/volume] in Serum or Plasma'), ucum: 'g/dL' },
  'Bilirubin, Total': { test: loinc('1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  'Alkaline Phosphatase': {
    test: loinc('6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma'),
    ucum: '[IU]/L',
  },
  'AST (SGOT)': {
    test: loinc('1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma'),
    ucum: '[IU]/L',
  },
  'ALT (SGPT)': {
    test: loinc('1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma'),
    ucum: '[IU]/L',
  },
  'CA 15-3': { test: loinc('6875-9', 'Cancer Ag 15-3 [Units/volume] in Serum or Plasma'), ucum: '[U]/mL' },
  CEA: { test: loinc('2039-6', 'Carcinoembryonic Ag [Mass/volume] in Serum or Plasma'), ucum: 'ng/mL' },
  'PSA, Total': { test: loinc('2857-1', 'Prostate specific Ag [Mass/volume] in Serum or Plasma'), ucum: 'ng/mL' },
  'Testosterone, Total': { test: loinc('2986-8', 'Testosterone [Mass/volume] in Serum or Plasma'), ucum: 'ng/dL' },
  Magnesium: { test: loinc('19123-9', 'Magnesium [Mass/volume] in Serum or Plasma'), ucum: 'mg/dL' },
  'Final Diagnosis': { test: loinc('22637-3', 'Pathology report final diagnosis Narrative'), ucum: null },
};

/** Vital signs: LOINC and UCUM unit. */
export const VITALS = {
  systolic: { vital: loinc('8480-6', 'Systolic blood pressure'), unit: 'mm[Hg]', label: 'Blood pressure' },
  diastolic: { vital: loinc('8462-4', 'Diastolic blood pressure'), unit: 'mm[Hg]', label: 'Blood pressure' },
  heartRate: { vital: loinc('8867-4', 'Heart rate'), unit: '/min', label: 'Heart rate' },
  respiratoryRate: { vital: loinc('9279-1', 'Respiratory rate'), unit: '/min', label: 'Respiratory rate' },
  temperature: { vital: loinc('8310-5', 'Body temperature'), unit: 'Cel', label: 'Temperature' },
  oxygenSaturation: {
    vital: loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    unit: '%',
    label: 'Oxygen saturation',
  },
  weight: { vital: loinc('29463-7', 'Body weight'), unit: 'kg', label: 'Weight' },
  height: { vital: loinc('8302-2', 'Body height'), unit: 'cm', label: 'Height' },
} as const;

/** Smoking status by the treatment summary's smokingStatus. */
export const SMOKING: Record<string, Coded> = {
  NEVER: sct('266919005', 'Never smoked tobacco'),
  FORMER: sct('8517006', 'Ex-smoker'),
  CURRENT: sct('77176002', 'Smoker'),
};
export const ALCOHOL_PER_DAY = loinc('74013-4', 'Alcoholic drinks per day');

export const VISIT_TYPES = {
  newPatient: { code: '99204', system: 'CPT', display: 'Office visit, new patient, moderate complexity' },
  established: { code: '99214', system: 'CPT', display: 'Office visit, established patient, moderate complexity' },
  admission: { code: '99223', system: 'CPT', display: 'Initial hospital inpatient care, high complexity' },
} as const satisfies Record<string, Coded>;

export const PROCEDURES: Record<string, { procedure: Coded; cpt: Coded | null; site: Coded | null }> = {
  lumpectomy: {
    procedure: sct('392021009', 'Lumpectomy of breast'),
    cpt: { code: '19301', system: 'CPT', display: 'Mastectomy, partial' },
    site: sct('80248007', 'Left breast structure'),
  },
  sentinelNode: {
    procedure: sct('396487001', 'Sentinel lymph node biopsy'),
    cpt: { code: '38525', system: 'CPT', display: 'Biopsy or excision of lymph node(s); open, deep axillary node(s)' },
    site: null,
  },
  coreBiopsy: {
    procedure: sct('122548005', 'Biopsy of breast'),
    cpt: {
      code: '19083',
      system: 'CPT',
      display: 'Biopsy, breast, with placement of localization device, ultrasound guidance',
    },
    site: sct('80248007', 'Left breast structure'),
  },
  portPlacement: {
    procedure: {
      code: '36561',
      system: 'CPT',
      display: 'Insertion of tunneled centrally inserted central venous access device, with subcutaneous port',
    },
    cpt: null,
    site: null,
  },
  portRemoval: {
    procedure: {
      code: '36590',
      system: 'CPT',
      display: 'Removal of tunneled central venous access device, with subcutaneous port',
    },
    cpt: null,
    site: null,
  },
  chemotherapy: { procedure: sct('367336001', 'Chemotherapy'), cpt: null, site: null },
  radiation: { procedure: sct('33195004', 'External beam radiation therapy'), cpt: null, site: null },
};

export const VACCINES = {
  influenza: { code: '150', system: 'CVX', display: 'Influenza, injectable, quadrivalent, preservative free' },
  zoster: { code: '187', system: 'CVX', display: 'Zoster vaccine recombinant' },
  tdap: { code: '115', system: 'CVX', display: 'Tdap' },
} as const satisfies Record<string, Coded>;

export const PLANNED = {
  followUp: loinc('18776-5', 'Plan of care note'),
  boneDensity: sct('312681000', 'Bone density scan'),
  mammogram: sct('71651007', 'Mammography'),
  psa: loinc('2857-1', 'Prostate specific Ag [Mass/volume] in Serum or Plasma'),
  cbc: loinc('57021-8', 'CBC W Auto Differential panel - Blood'),
  cmp: loinc('24323-8', 'Comprehensive metabolic 2000 panel - Serum or Plasma'),
  officeVisit: { code: '99214', system: 'CPT', display: 'Office visit, established patient, moderate complexity' },
} as const satisfies Record<string, Coded>;
