import { ErrorBodySchema, IntegrationPatientParams, IntegrationSignupPinSchema } from '@portal/contracts';
import { integrationRoute, type RouteApp } from '../../platform/http/routes';
import { integrationPatientOf } from '../../platform/integration/integration-patients';
import { issueSignupPin } from './signup-pins.service';

/** Sign-up PINs issued by the facility's system (integration API, scope 'patients'). */
export async function signupIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;

  app.post(
    '/integration/v1/patients/:mrn/signup-pin',
    integrationRoute('patients', {
      tags: ['Patients'],
      summary: 'A fresh sign-up PIN for a patient of your facility',
      description:
        'Issues a new 8-digit sign-up PIN for the patient (MRN at your facility), to hand or send to them: they ' +
        'type it with their name and date of birth on the portal’s sign-up page. The answer carries the PIN this ' +
        'once; the portal keeps only its hash, so a lost PIN is replaced by calling again. Any older unused PIN ' +
        'of the patient stops working. The PIN is single use and expires after 30 days, or after 5 wrong tries. ' +
        '409 account_exists for a patient who already has a portal account; 404 not_found for an MRN that is not ' +
        'a patient of your facility. Send no body.',
      params: IntegrationPatientParams,
      response: { 200: IntegrationSignupPinSchema, 409: ErrorBodySchema },
    }),
    async (request, reply) => {
      const patientId = await integrationPatientOf(db, request, request.params.mrn);
      const { pin, expiresAt } = await issueSignupPin(db, patientId);
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return { pin, expiresAt: expiresAt.toISOString() };
    },
  );
}
