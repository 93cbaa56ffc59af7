import { educationBadge } from '../features/education/api/badge';
import { medicalNotesBadge } from '../features/medical-notes/api/badge';
import { questionnairesBadge } from '../features/questionnaires/api/badge';
import { secureMessagesBadge } from '../features/secure-messages/api/badge';
import { labResultsBadge } from '../features/lab-results/api/badge';
import { treatmentSummaryBadge } from '../features/treatment-summary/api/badge';
import { registerBadge } from '../lib/badges';

/**
 * Every module with an unread or new count, under its capability module name. Runs once, when the
 * navigation loads (never on the login page); each source is a single count call.
 */
export function registerBadgeSources(): void {
  registerBadge('Education', educationBadge);
  registerBadge('TestResults', labResultsBadge);
  registerBadge('MedicalNotes', medicalNotesBadge);
  registerBadge('TreatmentSummary', treatmentSummaryBadge);
  registerBadge('Questionnaires', questionnairesBadge);
  registerBadge('SecureMessages', secureMessagesBadge);
}
