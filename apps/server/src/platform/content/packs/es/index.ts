// One file per area, named after its server module (or web feature), so areas are written and translated
// independently; language-packs.ts merges a language's areas into its pack.
export { default as app } from './app.json';
export { default as auth } from './auth.json';
export { default as signup } from './signup.json';
export { default as accounts } from './accounts.json';
export { default as mail } from './mail.json';
export { default as dashboard } from './dashboard.json';
export { default as appointments } from './appointments.json';
export { default as careteam } from './careteam.json';
export { default as contacts } from './contacts.json';
export { default as education } from './education.json';
export { default as followUpPlan } from './follow-up-plan.json';
export { default as labResults } from './lab-results.json';
export { default as medicalNotes } from './medical-notes.json';
export { default as treatmentSummary } from './treatment-summary.json';
export { default as lookups } from './lookups.json';
export { default as questionnaires } from './questionnaires.json';
export { default as kiosk } from './kiosk.json';
export { default as secureMessages } from './secure-messages.json';
export { default as healthSummary } from './health-summary.json';
export { default as ccda } from './ccda.json';
export { default as healthSummaryMail } from './health-summary-mail.json';
export { default as facilityPages } from './facility-pages.json';
export { default as accountSettings } from './account-settings.json';
export { default as notifications } from './notifications.json';
export { default as personalData } from './personal-data.json';
