import { describe, expect, it } from 'vitest';
import {
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_GROUPS,
  treatmentSummaryFieldKeys,
  treatmentSummaryLabelKey,
} from '../constants/treatment-summary';
import {
  TREATMENT_SUMMARY_FIELD_SCHEMAS,
  TreatmentSummaryResponseSchema,
  TreatmentSummaryUnseenCountSchema,
} from './treatment-summary';

describe('treatment summary groups and fields', () => {
  it('has the 17 groups of the spec, each once', () => {
    expect(TREATMENT_SUMMARY_GROUPS).toHaveLength(17);
    expect(new Set(TREATMENT_SUMMARY_GROUPS).size).toBe(17);
    expect([...TREATMENT_SUMMARY_GROUPS].sort()).toEqual(
      [
        'Allergy',
        'Chemotherapy',
        'ClinicalTrial',
        'Comorbidity',
        'Diagnosis',
        'FamilyHistory',
        'GeneticTest',
        'GynecologicHistory',
        'InitialClinicalFinding',
        'HormoneTherapy',
        'Other',
        'RadiationTherapy',
        'SideEffectBundle',
        'SocialHistory',
        'Surgery',
        'TransplantHistory',
        'TumorMarker',
      ].sort(),
    );
  });

  it.each(TREATMENT_SUMMARY_GROUPS)('%s: the schema carries exactly the display fields, in their order', (group) => {
    expect(Object.keys(TREATMENT_SUMMARY_FIELD_SCHEMAS[group].shape)).toEqual(treatmentSummaryFieldKeys(group));
  });

  it('writes the schema kinds the display rules expect', () => {
    for (const group of TREATMENT_SUMMARY_GROUPS) {
      const shape = TREATMENT_SUMMARY_FIELD_SCHEMAS[group].shape as Record<
        string,
        { safeParse(v: unknown): { success: boolean } }
      >;
      for (const field of TREATMENT_SUMMARY_FIELDS[group]) {
        const schema = shape[field.name]!;
        expect(schema.safeParse(null).success, `${group}.${field.name} null`).toBe(true);
        if (field.kind === 'date') {
          expect(schema.safeParse('2024-02-29').success, `${group}.${field.name}`).toBe(true);
          expect(schema.safeParse('29/02/2024').success, `${group}.${field.name}`).toBe(false);
        } else if (field.kind === 'number') {
          expect(schema.safeParse(2.5).success, `${group}.${field.name}`).toBe(true);
          expect(schema.safeParse('2').success, `${group}.${field.name}`).toBe(false);
        } else {
          expect(schema.safeParse('Left').success, `${group}.${field.name}`).toBe(true);
          expect(schema.safeParse(3).success, `${group}.${field.name}`).toBe(false);
        }
        if (field.display) expect(shape[field.display]!.safeParse('Left').success).toBe(true);
      }
    }
  });

  it('names the provider fields of the groups the spec gives them to', () => {
    const withProviderFields = TREATMENT_SUMMARY_GROUPS.filter((g) =>
      treatmentSummaryFieldKeys(g).includes('providerEmail'),
    );
    expect(withProviderFields).toEqual([
      'Diagnosis',
      'InitialClinicalFinding',
      'TumorMarker',
      'GeneticTest',
      'Surgery',
      'Chemotherapy',
      'TransplantHistory',
      'ClinicalTrial',
      'Other',
    ]);
    expect(treatmentSummaryFieldKeys('HormoneTherapy')).toEqual(expect.arrayContaining(['provider', 'phone', 'email']));
    expect(treatmentSummaryFieldKeys('Comorbidity')).toContain('providerName');
    expect(treatmentSummaryFieldKeys('Comorbidity')).not.toContain('providerEmail');
  });

  it('gives a field its group’s own label key only where the group names it its own way', () => {
    expect(treatmentSummaryLabelKey('Chemotherapy', 'trialName')).toBe('treatmentSummary.field.Chemotherapy.trialName');
    expect(treatmentSummaryLabelKey('ClinicalTrial', 'trialName')).toBe('treatmentSummary.field.trialName');
    expect(treatmentSummaryLabelKey('RadiationTherapy', 'startDate')).toBe(
      'treatmentSummary.field.RadiationTherapy.startDate',
    );
    expect(treatmentSummaryLabelKey('Chemotherapy', 'startDate')).toBe('treatmentSummary.field.startDate');
  });
});

describe('TreatmentSummaryResponseSchema', () => {
  const base = { itemId: 1, isNullMessageHolder: false, nullMessage: null, isPatientReviewed: true };
  const allergy = {
    ...base,
    allergen: 'Penicillin',
    allergyType: 'DRUG',
    allergyTypeDisplay: 'Drug',
    onsetDate: '2001-05-01',
    response: 'Hives',
    comment: null,
  };

  it('accepts groups keyed by their name with items of that group', () => {
    expect(TreatmentSummaryResponseSchema.safeParse([{ key: 'Allergy', value: [allergy] }]).success).toBe(true);
  });

  it('refuses an unknown group and an item without its group’s fields', () => {
    expect(TreatmentSummaryResponseSchema.safeParse([{ key: 'Dental', value: [] }]).success).toBe(false);
    expect(TreatmentSummaryResponseSchema.safeParse([{ key: 'Surgery', value: [allergy] }]).success).toBe(false);
  });

  it('counts unseen items with a whole number from 0', () => {
    expect(TreatmentSummaryUnseenCountSchema.safeParse(3).success).toBe(true);
    expect(TreatmentSummaryUnseenCountSchema.safeParse(-1).success).toBe(false);
    expect(TreatmentSummaryUnseenCountSchema.safeParse(1.5).success).toBe(false);
  });
});
