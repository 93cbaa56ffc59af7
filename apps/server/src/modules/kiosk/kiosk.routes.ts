import { z } from 'zod';
import {
  ErrorBodySchema,
  KioskLogonResponseSchema,
  KioskPatientParams,
  KioskPatientRowSchema,
  KioskQuestionnairesQuery,
  LanguageQuerySchema,
  PatientFacilitySchema,
} from '@portal/contracts';
import { requireUserCaller } from '../../platform/access/access-control';
import { publicBase, STANDARD_ERRORS, type RouteApp } from '../../platform/http/routes';
import { RATE_LIMIT_NOTE, rateLimiter } from '../../platform/http/rate-limit';
import { KIOSK_LOGON_AUDIT_EVENT, KioskService } from './kiosk.service';

const TAGS = ['Kiosk'];

const STAFF_ONLY =
  ' Kiosk staff sessions only (logon-process patientKioskManagement): any other session gets 403, no session 401.';
const SERVED =
  ' The staff serves the patients whose home facility is its own facility or one kiosk_staff_facilities adds.';
const FEATURE_INACTIVE =
  ' When the kiosk is switched off for the staff’s own facility (facilities.kiosk_enabled false): 400 ' +
  'feature_inactive.';

const kioskStaffRoute = { access: 'kioskStaff' as const };

/** The kiosk entry secret: as facilities.kiosk_entry_secret allows (16 to 100 characters), letters, digits, - and _. */
const KioskEntryParams = z.object({
  secret: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
});

export async function kioskRoutes(app: RouteApp) {
  const { database, config } = app.deps;
  const service = new KioskService(database.db, (facilityId) => publicBase(database.db, config, facilityId));
  const limited = rateLimiter(app.deps.limits);

  app.get(
    '/api/kiosk/questionnaires',
    {
      config: kioskStaffRoute,
      schema: {
        tags: TAGS,
        summary: 'The patients with questionnaires due on a day (the kiosk staff’s list)',
        description:
          'One row per patient with at least one questionnaire due on dueDate (YYYY-MM-DD, else 400 ' +
          'validation_failed naming dueDate) that is still assigned or started, neither it nor its template ' +
          'withdrawn. questionnaireTitles: those questionnaires’ titles in the caller’s language (?language, else ' +
          'the saved one, the browser’s, the facility’s), in the order they were assigned. canStartByPatient: at ' +
          'least one of them can be started today (its available-from day has come in the patient’s facility’s ' +
          'time zone, and it is not yet Missed); false reads ‘Questionnaires not yet active’. Sorted by last name, ' +
          'then first name.' +
          SERVED +
          FEATURE_INACTIVE +
          STAFF_ONLY,
        querystring: KioskQuestionnairesQuery.extend(LanguageQuerySchema.shape),
        response: { ...STANDARD_ERRORS, 200: z.array(KioskPatientRowSchema) },
      },
    },
    async (request) => {
      const caller = requireUserCaller(request);
      return service.duePatients(caller, request.query.dueDate, {
        caller,
        requested: request.query.language,
        acceptLanguage: request.headers['accept-language'],
      });
    },
  );

  app.get(
    '/api/kiosk/facilities',
    {
      config: kioskStaffRoute,
      schema: {
        tags: TAGS,
        summary: 'The facilities the kiosk staff serves (the list’s facility selector)',
        description:
          'The staff’s own facility first (isHomeFacility true), then the others kiosk_staff_facilities adds, by ' +
          'short name. Answers whether or not the kiosk is switched on.' +
          STAFF_ONLY,
        response: { ...STANDARD_ERRORS, 200: z.array(PatientFacilitySchema) },
      },
    },
    async (request) => service.facilities(requireUserCaller(request)),
  );

  app.post(
    '/api/kiosk/patient/:patientId/initiateLogon',
    {
      config: kioskStaffRoute,
      schema: {
        tags: TAGS,
        summary: 'Start a patient’s kiosk session',
        description:
          'No body. For a patient the staff serves who has a questionnaire to start today (assigned or started, ' +
          'available from today or earlier in the patient’s facility’s time zone, not yet Missed): issues a ' +
          'kiosk ticket (random, single use, valid 10 minutes, stored only as a hash) and answers facilityUrl, ' +
          'the patient’s facility’s public address, and data, the ticket. The browser then opens ' +
          'facilityUrl + /patientKioskUserLogin?ptId={patientId}&data={data}&startIfOnlyOne=true, which logs the ' +
          'patient in (POST /token, logon-process patientKioskUser) for that patient alone. The ticket records ' +
          'the staff’s own facility: the patient’s Log Out or Finish and exit returns the device to that ' +
          'facility’s kiosk login (the login profile’s kioskExitUrl). An unknown patient, or one the staff does ' +
          'not serve: 404 not_found. Nothing to start today: 409 nothing_to_start. Writes ' +
          `${KIOSK_LOGON_AUDIT_EVENT} (the staff user, the patient, the ticket id).` +
          FEATURE_INACTIVE +
          STAFF_ONLY,
        params: KioskPatientParams,
        response: { ...STANDARD_ERRORS, 200: KioskLogonResponseSchema, 409: ErrorBodySchema },
      },
    },
    async (request) => service.initiateLogon(requireUserCaller(request), request.params.patientId),
  );

  app.get(
    '/api/kiosk/entry/:secret',
    {
      config: { access: 'public' },
      ...limited('kioskEntry'),
      schema: {
        tags: TAGS,
        summary: 'Where a kiosk device’s entry address leads (/kio{secret})',
        description:
          'A facility’s kiosk devices bookmark /kio{secret} (docs/adr/0010-kiosk-entry.md); the web app asks ' +
          'here where that is and opens facilityUrl + /kioskLogin. facilityUrl is the facility’s public address ' +
          '(PUBLIC_URL, else its canonical alias), never the address the request came to. An unknown secret (or ' +
          'one since rotated): 404 not_found. Nothing about any patient is behind it.' +
          RATE_LIMIT_NOTE,
        params: KioskEntryParams,
        response: {
          200: z.object({ facilityUrl: z.string().describe('Scheme, host and port; no trailing slash') }),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => service.entry(request.params.secret),
  );
}
