type RiversideLine =
  | 'mainLine'
  | 'appointments'
  | 'nurseLine'
  | 'billing'
  | 'billingFax'
  | 'oncologyClinic'
  | 'radiationOncology'
  | 'radiationOncologyFax'
  | 'patientNavigation'
  | 'supportServices'
  | 'urologyClinic'
  | 'urologyClinicFax'
  | 'breastSurgery'
  | 'cancerGenetics'
  | 'breastImaging';

/**
 * The demo facilities' telephone numbers, defined once: every text of the demo (care team cards, Contact Us,
 * education articles, the follow-up plan, the treatment summary) takes its numbers from here. All are in the
 * 555-0100 to 555-0199 range that is set aside for fiction, so none reaches a real line.
 */
export const RIVERSIDE_PHONES: Readonly<Record<RiversideLine, string>> = {
  /** Main reception. */
  mainLine: '5185550100',
  /** The appointments desk, Monday to Friday. */
  appointments: '5185550101',
  /** The nurse line, 24 hours a day: questions about symptoms or side effects. */
  nurseLine: '5185550102',
  billing: '5185550103',
  billingFax: '5185550104',
  /** Oncology Clinic B (Dr. Raman, extension 2214): "the clinic" of Jane's follow-up plan. */
  oncologyClinic: '5185550105',
  radiationOncology: '5185550106',
  radiationOncologyFax: '5185550107',
  patientNavigation: '5185550108',
  supportServices: '5185550109',
  urologyClinic: '5185550111',
  urologyClinicFax: '5185550112',
  breastSurgery: '5185550113',
  cancerGenetics: '5185550114',
  breastImaging: '5185550115',
};

export const LAKESIDE_PHONES: Readonly<Record<'frontDesk', string>> = {
  frontDesk: '3125550140',
};

/** Every number a demo facility publishes (10 digits). */
export const DEMO_FACILITY_PHONES: readonly string[] = [
  ...Object.values(RIVERSIDE_PHONES),
  ...Object.values(LAKESIDE_PHONES),
];

/** A number as the demo's texts write it: (518) 555-0102. */
export function phoneText(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
