import app from './app.json';
import auth from './auth.json';
import signup from './signup.json';
import accounts from './accounts.json';
import mail from './mail.json';
import dashboard from './dashboard.json';
import appointments from './appointments.json';
import careteam from './careteam.json';
import contacts from './contacts.json';
import education from './education.json';
import followUpPlan from './follow-up-plan.json';
import labResults from './lab-results.json';
import medicalNotes from './medical-notes.json';
import treatmentSummary from './treatment-summary.json';
import lookups from './lookups.json';
import questionnaires from './questionnaires.json';
import kiosk from './kiosk.json';
import secureMessages from './secure-messages.json';
import healthSummary from './health-summary.json';
import ccda from './ccda.json';
import healthSummaryMail from './health-summary-mail.json';
import facilityPages from './facility-pages.json';
import accountSettings from './account-settings.json';
import notifications from './notifications.json';
import personalData from './personal-data.json';

/** One file per area, named after its server module (or web feature), so areas are written and translated independently. */
export default {
  ...app,
  ...auth,
  ...signup,
  ...accounts,
  ...mail,
  ...dashboard,
  ...appointments,
  ...careteam,
  ...contacts,
  ...education,
  ...followUpPlan,
  ...labResults,
  ...medicalNotes,
  ...treatmentSummary,
  ...lookups,
  ...questionnaires,
  ...kiosk,
  ...secureMessages,
  ...healthSummary,
  ...ccda,
  ...healthSummaryMail,
  ...facilityPages,
  ...accountSettings,
  ...notifications,
  ...personalData,
} as Record<string, string>;
