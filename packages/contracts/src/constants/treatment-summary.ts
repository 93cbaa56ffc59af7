// Treatment summary (spec 002, section 3): the groups, their fields, and how each field is shown.
// The API's zod schemas (api/treatment-summary.ts) list the same fields; a test keeps them in step.

import type { LookupList } from '../rules/lookup-names';

/** The 17 groups in the order the summary lists them: the disease, its treatment, then the history. */
export const TREATMENT_SUMMARY_GROUPS = [
  'Diagnosis',
  'InitialClinicalFinding',
  'TumorMarker',
  'GeneticTest',
  'Surgery',
  'Chemotherapy',
  'RadiationTherapy',
  'HormoneTherapy',
  'TransplantHistory',
  'ClinicalTrial',
  'SideEffectBundle',
  'Comorbidity',
  'Allergy',
  'FamilyHistory',
  'GynecologicHistory',
  'SocialHistory',
  'Other',
] as const;
export type TreatmentSummaryGroup = (typeof TREATMENT_SUMMARY_GROUPS)[number];

/**
 * How a field's value is shown: a date only when later than 1 Jan 1900, a number only when above 0, a
 * text only when not blank.
 */
export type TreatmentFieldKind = 'text' | 'date' | 'number';

export interface TreatmentFieldSpec {
  /** The raw value's key, and the fieldName the capability configuration (TreatmentTypes) uses. */
  readonly name: string;
  readonly kind: TreatmentFieldKind;
  /** The key of the Display variant (always text): shown instead of the raw value when not blank. */
  readonly display?: string;
  /** A text shown when the date is not (GynecologicHistory's lastMenstrualPeriodText). */
  readonly fallbackText?: string;
  /**
   * The lookup list that names the raw value (a code: L, IV, Q2W) in the reader's language; the Display wording
   * shows for a code the list lacks. A field without one (a drug's name) shows its Display as sent.
   */
  readonly lookup?: LookupList;
}

const text = (name: string, display?: string): TreatmentFieldSpec =>
  display ? { name, kind: 'text', display } : { name, kind: 'text' };
const date = (name: string): TreatmentFieldSpec => ({ name, kind: 'date' });
const number = (name: string, display?: string): TreatmentFieldSpec =>
  display ? { name, kind: 'number', display } : { name, kind: 'number' };
/** A raw value with its Display variant, named <name>Display; the code named from a lookup list when it has one. */
const coded = (name: string, lookup?: LookupList): TreatmentFieldSpec =>
  lookup ? { ...text(name, `${name}Display`), lookup } : text(name, `${name}Display`);

/** What the spec calls "provider fields". */
export const TREATMENT_PROVIDER_FIELDS = ['providerName', 'institution', 'providerPhone', 'providerEmail'] as const;
const providerFields = TREATMENT_PROVIDER_FIELDS.map((name) => text(name));
const comment = text('comment');

/** Every group's fields, in the order an item shows them (the first few show before More...). */
export const TREATMENT_SUMMARY_FIELDS: Readonly<Record<TreatmentSummaryGroup, readonly TreatmentFieldSpec[]>> = {
  Diagnosis: [
    text('icdDescriptionFull'),
    date('diagnosisDate'),
    text('laterality'),
    text('histologyCode'),
    text('histologyDescription'),
    text('grade'),
    text('stagingSystem'),
    text('stage'),
    text('tStage'),
    text('nStage'),
    text('mStage'),
    text('provider'),
    text('institution'),
    text('providerPhone'),
    text('providerEmail'),
    text('diagnosisType'),
    text('icdCode'),
    comment,
  ],
  InitialClinicalFinding: [
    text('clinicalFindingType'),
    date('clinicalFindingDate'),
    text('diseaseSite'),
    text('clinicalFindings'),
    ...providerFields,
    comment,
  ],
  TumorMarker: [text('testType'), date('tumorMarkerDate'), text('testResult'), ...providerFields, comment],
  GeneticTest: [
    text('testOrdered'),
    date('testDate'),
    text('testSummary'),
    text('testDetail'),
    text('patientCounseling'),
    ...providerFields,
    comment,
  ],
  Surgery: [text('procedureName'), date('startDate'), coded('laterality', 'laterality'), ...providerFields, comment],
  Chemotherapy: [
    coded('agentName'),
    text('trialName'),
    date('startDate'),
    date('mostRecentTreatmentDate'),
    date('endDate'),
    text('dose'),
    number('cyclesDelivered'),
    coded('frequency', 'frequency'),
    ...providerFields,
    text('dosageForm'),
    text('drugCategory'),
    coded('route', 'route'),
    coded('trialIndicator', 'yesNo'),
    comment,
  ],
  RadiationTherapy: [
    text('site'),
    date('startDate'),
    date('endDate'),
    text('displayDeliveredDose'),
    number('deliveredFractions'),
    coded('radiationType', 'radiationType'),
    text('energyDisplay'),
    text('provider'),
    text('institution'),
    text('phone'),
    text('email'),
    number('elapsedDays'),
    coded('laterality', 'laterality'),
    coded('configuration', 'radiationConfiguration'),
    comment,
  ],
  HormoneTherapy: [
    coded('agentName'),
    text('trialName'),
    date('startDate'),
    date('mostRecentTreatmentDate'),
    date('endDate'),
    text('doseAmount'),
    text('plannedDuration'),
    coded('frequency', 'frequency'),
    text('provider'),
    text('institution'),
    text('phone'),
    text('email'),
    text('dosageForm'),
    text('drugCategory'),
    coded('route', 'route'),
    coded('trialIndicator', 'yesNo'),
    comment,
  ],
  TransplantHistory: [
    text('transplantType'),
    date('startDate'),
    coded('relatedDonor', 'yesNo'),
    ...providerFields,
    comment,
  ],
  ClinicalTrial: [
    text('trialName'),
    text('trialId'),
    text('trialDescription'),
    date('startDate'),
    date('endDate'),
    ...providerFields,
    comment,
  ],
  SideEffectBundle: [text('termDuration'), text('sideEffectList'), comment],
  Comorbidity: [text('description'), date('comorbidityDiagnosisDate'), text('status'), text('providerName'), comment],
  Allergy: [text('allergen'), coded('allergyType', 'allergyType'), date('onsetDate'), text('response'), comment],
  FamilyHistory: [
    coded('relationship', 'familyRelationship'),
    text('cancerDiagnosis'),
    number('ageAtDiagnosis'),
    coded('currentStatus', 'vitalStatus'),
    comment,
  ],
  GynecologicHistory: [
    coded('menopauseStatus', 'menopauseStatus'),
    { name: 'lastMenstrualPeriod', kind: 'date', fallbackText: 'lastMenstrualPeriodText' },
    coded('menopausalReason', 'menopausalReason'),
    comment,
  ],
  SocialHistory: [
    number('socialHistoryId'),
    coded('smokingStatus', 'smokingStatus'),
    number('smokingYears'),
    number('smokingPacksPerDay', 'smokingPacksPerDayDisplay'),
    number('smokingYearsQuit'),
    coded('alcoholStatus', 'alcoholStatus'),
    number('alcoholDaysPerWeek'),
    number('alcoholDrinksPerDay'),
    number('alcoholYearsQuit'),
    comment,
  ],
  Other: [text('description'), date('startDate'), ...providerFields, comment],
};

/** Every key an item of the group carries for its fields: raw values, Display variants, fallback texts. */
export function treatmentSummaryFieldKeys(group: TreatmentSummaryGroup): string[] {
  return TREATMENT_SUMMARY_FIELDS[group].flatMap((f) => [
    f.name,
    ...(f.display ? [f.display] : []),
    ...(f.fallbackText ? [f.fallbackText] : []),
  ]);
}

/** Fields whose label in this group differs from the field's usual label (Chemotherapy's trialName is its Regimen). */
const GROUP_LABELS: Partial<Record<TreatmentSummaryGroup, readonly string[]>> = {
  Chemotherapy: ['trialName'],
  RadiationTherapy: ['startDate', 'endDate'],
  Surgery: ['startDate'],
  TransplantHistory: ['startDate'],
  Comorbidity: ['description'],
  Other: ['startDate'],
};

/** The language key of a group's title: treatmentSummary.group.<Group>. */
export const treatmentSummaryGroupKey = (group: TreatmentSummaryGroup) => `treatmentSummary.group.${group}`;

/** The language key of a field's label: treatmentSummary.field.<Group>.<name> when the group names it its own way, else treatmentSummary.field.<name>. */
export function treatmentSummaryLabelKey(group: TreatmentSummaryGroup, field: string): string {
  return GROUP_LABELS[group]?.includes(field)
    ? `treatmentSummary.field.${group}.${field}`
    : `treatmentSummary.field.${field}`;
}
