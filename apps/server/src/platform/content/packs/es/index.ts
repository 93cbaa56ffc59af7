import access from './access.json';
import contacts from './contacts.json';
import education from './education.json';
import followUpPlan from './followUpPlan.json';
import labResults from './labResults.json';
import medicalNotes from './medicalNotes.json';
import treatmentSummary from './treatmentSummary.json';
import foundation from './foundation.json';
import home from './home.json';
import mail from './mail.json';
import signup from './signup.json';

/** One file per area of the product, so areas are written and translated independently. */
export default {
  ...foundation,
  ...access,
  ...mail,
  ...signup,
  ...home,
  ...contacts,
  ...education,
  ...followUpPlan,
  ...labResults,
  ...medicalNotes,
  ...treatmentSummary,
} as Record<string, string>;
