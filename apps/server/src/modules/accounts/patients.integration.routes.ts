import {
  INTEGRATION_PATIENT_BODY_LIMIT_BYTES,
  IntegrationPatientParams,
  IntegrationPatientPutSchema,
  IntegrationPatientRecordSchema,
  IntegrationPatientSchema,
} from '@portal/contracts';
import { integrationCallerOf } from '../../platform/access/access-control';
import { notFound } from '../../platform/errors/app-error';
import { integrationRoute, type RouteApp } from '../../platform/http/routes';
import { integrationPatientOf, PATIENT_NOT_FOUND_MESSAGE } from '../../platform/integration/integration-patients';
import { patientRecord, putPatient } from './patients.integration.service';

const TAGS = ['Patients'];
const PATH = '/integration/v1/patients/:mrn';

/** Patients in from the facility's registration system (integration API, scope 'patients'). */
export async function patientIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;

  app.put(
    PATH,
    {
      bodyLimit: INTEGRATION_PATIENT_BODY_LIMIT_BYTES,
      ...integrationRoute('patients', {
        tags: TAGS,
        summary: 'Create or replace a patient of your facility under the MRN',
        description:
          'An idempotent upsert keyed by the MRN, unique within your facility (your facility is the home ' +
          'facility; a homeFacility naming another is a 400). A new MRN creates the patient (201); a known one ' +
          'replaces the record, its registration details and its external systems in one transaction (200): a ' +
          'field left out is cleared, an external system left out is removed, one kept (same externalId) keeps its ' +
          'portal id. Sending the same content again changes nothing (changed: false). The patient’s portal ' +
          'account is never touched: its username, password, language and login email stay (email changes the ' +
          'record only). An unknown field, a missing one, one too long, a date of birth that is not a calendar ' +
          'day or an unsupported preferredLanguage is a 400 validation_failed naming it ' +
          '(registrationDetails.religion, externalSystems.0.name). Body up to 64 KiB.',
        params: IntegrationPatientParams,
        body: IntegrationPatientSchema,
        response: { 200: IntegrationPatientPutSchema, 201: IntegrationPatientPutSchema },
      }),
    },
    async (request, reply) => {
      const client = integrationCallerOf(request);
      const { mrn } = request.params;
      const outcome = await putPatient(db, { clientId: client.id, facilityId: client.facilityId }, mrn, request.body);
      request.integrationPatientId = outcome.patientId;
      return reply
        .status(outcome.created ? 201 : 200)
        .send({ mrn, created: outcome.created, changed: outcome.changed });
    },
  );

  app.get(
    PATH,
    integrationRoute('patients', {
      tags: TAGS,
      summary: 'What the portal holds of a patient of your facility',
      description:
        'The record as the last PUT left it (null for what is not on record), whether the patient has a portal ' +
        'account, and the external systems with their portal ids. 404 not_found for an MRN that is not a patient ' +
        'of your facility.',
      params: IntegrationPatientParams,
      response: { 200: IntegrationPatientRecordSchema },
    }),
    async (request) => {
      const patientId = await integrationPatientOf(db, request, request.params.mrn);
      const record = await patientRecord(db, patientId);
      if (!record) throw notFound('not_found', PATIENT_NOT_FOUND_MESSAGE);
      return record;
    },
  );
}
