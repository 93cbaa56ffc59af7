import { z } from 'zod';
import type { TreatmentSummaryGroup } from '../constants/treatment-summary';

// Treatment summary (spec 002, sections 3 and 7): GET /api/patients/{patientId}/treatmentSummary and its
// UnseenCount. The fields of each group are exactly the spec's table (raw values and their Display
// variants); constants/treatment-summary.ts says how each one is shown. The browser imports only types.

const text = (description?: string) =>
  description ? z.string().nullable().describe(description) : z.string().nullable();
const date = (description?: string) =>
  z.iso
    .date()
    .nullable()
    .describe(description ?? 'Calendar date YYYY-MM-DD; shown only when later than 1900-01-01');
const number = (description?: string) =>
  z
    .number()
    .nullable()
    .describe(description ?? 'Shown only when greater than 0');
const display = (of: string) => text(`${of} as it should be shown; used instead of ${of} when not blank`);

const provider = {
  providerName: text(),
  institution: text(),
  providerPhone: text(),
  providerEmail: text(),
};

export const DiagnosisFieldsSchema = z.object({
  icdDescriptionFull: text(),
  diagnosisDate: date(),
  laterality: text(),
  histologyCode: text(),
  histologyDescription: text(),
  grade: text(),
  stagingSystem: text(),
  stage: text(),
  tStage: text(),
  nStage: text(),
  mStage: text(),
  provider: text(),
  institution: text(),
  providerPhone: text(),
  providerEmail: text(),
  diagnosisType: text(),
  icdCode: text(),
  comment: text(),
});

export const InitialClinicalFindingFieldsSchema = z.object({
  clinicalFindingType: text(),
  clinicalFindingDate: date(),
  diseaseSite: text(),
  clinicalFindings: text(),
  ...provider,
  comment: text(),
});

export const TumorMarkerFieldsSchema = z.object({
  testType: text(),
  tumorMarkerDate: date(),
  testResult: text(),
  ...provider,
  comment: text(),
});

export const GeneticTestFieldsSchema = z.object({
  testOrdered: text(),
  testDate: date(),
  testSummary: text(),
  testDetail: text(),
  patientCounseling: text(),
  ...provider,
  comment: text(),
});

export const SurgeryFieldsSchema = z.object({
  procedureName: text(),
  startDate: date('Date of the surgery'),
  laterality: text(),
  lateralityDisplay: display('laterality'),
  ...provider,
  comment: text(),
});

export const ChemotherapyFieldsSchema = z.object({
  agentName: text(),
  agentNameDisplay: display('agentName'),
  trialName: text('The regimen (shown as Regimen)'),
  startDate: date(),
  mostRecentTreatmentDate: date(),
  endDate: date(),
  dose: text(),
  cyclesDelivered: number(),
  frequency: text(),
  frequencyDisplay: display('frequency'),
  ...provider,
  dosageForm: text(),
  drugCategory: text(),
  route: text(),
  routeDisplay: display('route'),
  trialIndicator: text(),
  trialIndicatorDisplay: display('trialIndicator'),
  comment: text(),
});

export const RadiationTherapyFieldsSchema = z.object({
  site: text(),
  startDate: date('First treatment'),
  endDate: date('Most recent treatment'),
  displayDeliveredDose: text(),
  deliveredFractions: number(),
  radiationType: text(),
  radiationTypeDisplay: display('radiationType'),
  energyDisplay: text(),
  provider: text(),
  institution: text(),
  phone: text(),
  email: text(),
  elapsedDays: number(),
  laterality: text(),
  lateralityDisplay: display('laterality'),
  configuration: text(),
  configurationDisplay: display('configuration'),
  comment: text(),
});

export const HormoneTherapyFieldsSchema = z.object({
  agentName: text(),
  agentNameDisplay: display('agentName'),
  trialName: text(),
  startDate: date(),
  mostRecentTreatmentDate: date(),
  endDate: date(),
  doseAmount: text(),
  plannedDuration: text(),
  frequency: text(),
  frequencyDisplay: display('frequency'),
  provider: text(),
  institution: text(),
  phone: text(),
  email: text(),
  dosageForm: text(),
  drugCategory: text(),
  route: text(),
  routeDisplay: display('route'),
  trialIndicator: text(),
  trialIndicatorDisplay: display('trialIndicator'),
  comment: text(),
});

export const TransplantHistoryFieldsSchema = z.object({
  transplantType: text(),
  startDate: date(),
  relatedDonor: text(),
  relatedDonorDisplay: display('relatedDonor'),
  ...provider,
  comment: text(),
});

export const ClinicalTrialFieldsSchema = z.object({
  trialName: text(),
  trialId: text(),
  trialDescription: text(),
  startDate: date(),
  endDate: date(),
  ...provider,
  comment: text(),
});

export const SideEffectBundleFieldsSchema = z.object({
  termDuration: text(),
  sideEffectList: text(),
  comment: text(),
});

export const ComorbidityFieldsSchema = z.object({
  description: text(),
  comorbidityDiagnosisDate: date(),
  status: text(),
  providerName: text(),
  comment: text(),
});

export const AllergyFieldsSchema = z.object({
  allergen: text(),
  allergyType: text(),
  allergyTypeDisplay: display('allergyType'),
  onsetDate: date(),
  response: text(),
  comment: text(),
});

export const FamilyHistoryFieldsSchema = z.object({
  relationship: text(),
  relationshipDisplay: display('relationship'),
  cancerDiagnosis: text(),
  ageAtDiagnosis: number(),
  currentStatus: text(),
  currentStatusDisplay: display('currentStatus'),
  comment: text(),
});

export const GynecologicHistoryFieldsSchema = z.object({
  menopauseStatus: text(),
  menopauseStatusDisplay: display('menopauseStatus'),
  lastMenstrualPeriod: date(),
  lastMenstrualPeriodText: text('Shown when lastMenstrualPeriod is not (an approximate or described period)'),
  menopausalReason: text(),
  menopausalReasonDisplay: display('menopausalReason'),
  comment: text(),
});

export const SocialHistoryFieldsSchema = z.object({
  socialHistoryId: number('The source system’s record number'),
  smokingStatus: text(),
  smokingStatusDisplay: display('smokingStatus'),
  smokingYears: number(),
  smokingPacksPerDay: number(),
  smokingPacksPerDayDisplay: display('smokingPacksPerDay'),
  smokingYearsQuit: number(),
  alcoholStatus: text(),
  alcoholStatusDisplay: display('alcoholStatus'),
  alcoholDaysPerWeek: number(),
  alcoholDrinksPerDay: number(),
  alcoholYearsQuit: number(),
  comment: text(),
});

export const OtherFieldsSchema = z.object({
  description: text(),
  startDate: date(),
  ...provider,
  comment: text(),
});

/** Each group's field schema: stored items are checked against it on their way out. */
export const TREATMENT_SUMMARY_FIELD_SCHEMAS = {
  Diagnosis: DiagnosisFieldsSchema,
  InitialClinicalFinding: InitialClinicalFindingFieldsSchema,
  TumorMarker: TumorMarkerFieldsSchema,
  GeneticTest: GeneticTestFieldsSchema,
  Surgery: SurgeryFieldsSchema,
  Chemotherapy: ChemotherapyFieldsSchema,
  RadiationTherapy: RadiationTherapyFieldsSchema,
  HormoneTherapy: HormoneTherapyFieldsSchema,
  TransplantHistory: TransplantHistoryFieldsSchema,
  ClinicalTrial: ClinicalTrialFieldsSchema,
  SideEffectBundle: SideEffectBundleFieldsSchema,
  Comorbidity: ComorbidityFieldsSchema,
  Allergy: AllergyFieldsSchema,
  FamilyHistory: FamilyHistoryFieldsSchema,
  GynecologicHistory: GynecologicHistoryFieldsSchema,
  SocialHistory: SocialHistoryFieldsSchema,
  Other: OtherFieldsSchema,
} as const satisfies Record<TreatmentSummaryGroup, z.ZodObject>;

/** What every item carries besides its group's fields. */
export const TreatmentSummaryItemBaseSchema = z.object({
  itemId: z.number().int().describe('The portal’s id of the item'),
  isNullMessageHolder: z
    .boolean()
    .describe('true: the item only says there is nothing to report (nullMessage); its fields are all null'),
  nullMessage: z.string().nullable().describe('The text a null-message holder shows, e.g. "No known allergies"'),
  isPatientReviewed: z.boolean().describe('false: new since the patient last viewed the summary (a new dot shows)'),
});

type FieldSchemas = typeof TREATMENT_SUMMARY_FIELD_SCHEMAS;

const groupSchema = <K extends TreatmentSummaryGroup, S extends z.ZodRawShape>(key: K, fields: S) =>
  z.object({ key: z.literal(key), value: z.array(TreatmentSummaryItemBaseSchema.extend(fields)) });

export const TreatmentSummaryGroupSchema = z.discriminatedUnion('key', [
  groupSchema('Diagnosis', DiagnosisFieldsSchema.shape),
  groupSchema('InitialClinicalFinding', InitialClinicalFindingFieldsSchema.shape),
  groupSchema('TumorMarker', TumorMarkerFieldsSchema.shape),
  groupSchema('GeneticTest', GeneticTestFieldsSchema.shape),
  groupSchema('Surgery', SurgeryFieldsSchema.shape),
  groupSchema('Chemotherapy', ChemotherapyFieldsSchema.shape),
  groupSchema('RadiationTherapy', RadiationTherapyFieldsSchema.shape),
  groupSchema('HormoneTherapy', HormoneTherapyFieldsSchema.shape),
  groupSchema('TransplantHistory', TransplantHistoryFieldsSchema.shape),
  groupSchema('ClinicalTrial', ClinicalTrialFieldsSchema.shape),
  groupSchema('SideEffectBundle', SideEffectBundleFieldsSchema.shape),
  groupSchema('Comorbidity', ComorbidityFieldsSchema.shape),
  groupSchema('Allergy', AllergyFieldsSchema.shape),
  groupSchema('FamilyHistory', FamilyHistoryFieldsSchema.shape),
  groupSchema('GynecologicHistory', GynecologicHistoryFieldsSchema.shape),
  groupSchema('SocialHistory', SocialHistoryFieldsSchema.shape),
  groupSchema('Other', OtherFieldsSchema.shape),
]);
export type TreatmentSummaryGroupEntry = z.infer<typeof TreatmentSummaryGroupSchema>;

export const TreatmentSummaryResponseSchema = z.array(TreatmentSummaryGroupSchema);
export type TreatmentSummaryResponse = z.infer<typeof TreatmentSummaryResponseSchema>;

/** An item of any group: the common fields plus that group's fields. */
export type TreatmentSummaryItem = TreatmentSummaryGroupEntry['value'][number];
export type TreatmentSummaryItemOf<G extends TreatmentSummaryGroup> = Extract<
  TreatmentSummaryGroupEntry,
  { key: G }
>['value'][number];

export const TreatmentSummaryUnseenCountSchema = z
  .number()
  .int()
  .min(0)
  .describe('How many items of the summary the patient has not seen yet');

/** The fields of one group's items (without the common ones). */
export type TreatmentSummaryFields<G extends TreatmentSummaryGroup> = z.infer<FieldSchemas[G]>;
