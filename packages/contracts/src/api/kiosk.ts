import { z } from 'zod';
import { IdParam } from './common';

// The questionnaire kiosk (spec 001, sections 2, 3, 4 and 7): kiosk staff list the patients with questionnaires
// due on a day and start a patient kiosk session for one of them.

export const KioskQuestionnairesQuery = z.object({
  dueDate: z.iso.date().describe('YYYY-MM-DD: the day the questionnaires are due (the page defaults to today)'),
});

export const KioskPatientRowSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  mrn: z.string(),
  facilityId: z.number().int().describe('The patient’s home facility (the page’s facility selector filters on it)'),
  facilityShortName: z.string(),
  questionnaireTitles: z.array(z.string()).describe('The titles of the questionnaires due that day'),
  canStartByPatient: z
    .boolean()
    .describe('false: none of them is active yet (shown as ‘Questionnaires not yet active’)'),
});
export type KioskPatientRow = z.infer<typeof KioskPatientRowSchema>;

export const KioskPatientParams = z.object({ patientId: IdParam });

export const KioskLogonResponseSchema = z.object({
  facilityUrl: z.string().describe('The patient’s facility address (scheme, host and port), no trailing slash'),
  data: z.string().describe('The kiosk ticket: single use, short-lived; sent back as ?data= to the kiosk user login'),
});
export type KioskLogonResponse = z.infer<typeof KioskLogonResponseSchema>;

/** The kiosk user login path the browser goes to after initiateLogon (with ?ptId=&data=&startIfOnlyOne=true). */
export const PATIENT_KIOSK_USER_LOGIN_PATH = '/patientKioskUserLogin';
