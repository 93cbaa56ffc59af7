import {
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_GROUPS,
  type CapabilityModule,
  type CapabilityModuleName,
} from '@portal/contracts';
import type { CapabilityAudience } from './demo.repository';

const dashboard = (fields: CapabilityModule['details']): CapabilityModule => ({
  moduleName: 'Dashboard',
  details: fields,
});
const plain = (...names: CapabilityModuleName[]): CapabilityModule[] =>
  names.map((moduleName) => ({ moduleName, details: [] }));

/**
 * Treatment summary fields the demo facilities keep from patients: provider email addresses, the
 * clinical-trial indicator of a drug, the ICD code beside its description, and the source system's record
 * number. Every other field of all 17 groups is shown.
 */
const HIDDEN_TREATMENT_FIELDS = new Set(['providerEmail', 'email', 'trialIndicator', 'icdCode', 'socialHistoryId']);

/** TreatmentSummary > TreatmentTypes > one detail per group > one detail per field shown (spec 002, 3 and 6). */
const treatmentSummary: CapabilityModule = {
  moduleName: 'TreatmentSummary',
  details: [
    {
      fieldName: 'TreatmentTypes',
      details: TREATMENT_SUMMARY_GROUPS.map((group) => ({
        fieldName: group,
        details: TREATMENT_SUMMARY_FIELDS[group]
          .filter((field) => !HIDDEN_TREATMENT_FIELDS.has(field.name))
          .map((field) => ({ fieldName: field.name })),
      })),
    },
  ],
};

const CLINICAL_MODULES = plain(
  'Appointments',
  'TreatmentSummary',
  'FollowUps',
  'Education',
  'Questionnaires',
  'TestResults',
  'MedicalNotes',
  'SecureMessages',
  'ContactUs',
  'Faqs',
  'UsefulLinks',
  'DownloadableItems',
).map((module) => (module.moduleName === 'TreatmentSummary' ? treatmentSummary : module));

/** What the demo facilities grant each kind of user; a facility changes its rows in capability_profiles. */
export const DEMO_CAPABILITIES: Record<CapabilityAudience, CapabilityModule[]> = {
  patient: [
    dashboard([
      { fieldName: 'HealthSummary' },
      { fieldName: 'Appointments' },
      { fieldName: 'CareTeam' },
      { fieldName: 'RequestNewAppointment' },
      { fieldName: 'PersonalContacts', details: [{ fieldName: 'InviteContact' }] },
      { fieldName: 'AddContact' },
    ]),
    ...CLINICAL_MODULES,
  ],
  representative: [
    dashboard([{ fieldName: 'HealthSummary' }, { fieldName: 'Appointments' }, { fieldName: 'CareTeam' }]),
    ...CLINICAL_MODULES,
  ],
  kioskUser: plain('Questionnaires'),
  linkUser: plain('Questionnaires'),
  kioskManagement: plain('Questionnaires'),
};

/**
 * Lakeside grants less: no appointments module (nor its dashboard section), no education, no secure
 * messages, and no inviting of contacts; it shows how a facility's choices change the portal.
 */
export const LAKESIDE_CAPABILITIES: Record<CapabilityAudience, CapabilityModule[]> = {
  ...DEMO_CAPABILITIES,
  patient: [
    dashboard([
      { fieldName: 'HealthSummary' },
      { fieldName: 'CareTeam' },
      { fieldName: 'PersonalContacts' },
      { fieldName: 'AddContact' },
    ]),
    ...CLINICAL_MODULES.filter((m) => !['Appointments', 'Education', 'SecureMessages'].includes(m.moduleName)),
  ],
};
