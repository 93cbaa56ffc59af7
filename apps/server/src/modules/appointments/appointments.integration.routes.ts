import { ClinicalRecordParams, IntegrationAppointmentSchema, type IntegrationAppointment } from '@portal/contracts';
import { keyedResourceRoutes } from '../../platform/integration/keyed-routes';
import type { RouteApp } from '../../platform/http/routes';
import { zonedInstant } from '../../platform/time/time';
import { appointmentRecords, type AppointmentRecord } from './appointments.intake';

const TAGS = ['Appointments'];
const PATH = '/integration/v1/patients/:mrn/appointments/:externalId';
export const APPOINTMENT_NOT_FOUND_MESSAGE = 'This patient has no appointment with this externalId.';

/** The body as the intake takes it: a day-only appointment at noon of its day in its zone, absent fields null. */
export function appointmentRecordOf(body: IntegrationAppointment): AppointmentRecord {
  const location = body.location ?? {};
  return {
    startsAt: body.startsAt ? new Date(body.startsAt) : zonedInstant(body.date ?? '', 12, 0, body.timeZoneId),
    hasTimePart: body.startsAt !== undefined,
    timeZoneId: body.timeZoneId,
    appointmentType: body.appointmentType,
    provider: body.provider,
    status: body.status,
    institution: location.institution ?? null,
    shortLocation: location.shortLocation ?? null,
    address1: location.address1 ?? null,
    address2: location.address2 ?? null,
    address3: location.address3 ?? null,
    city: location.city ?? null,
    provinceState: location.provinceState ?? null,
    postalZip: location.postalZip ?? null,
    country: location.country ?? null,
  };
}

/** Appointments in from the facility's scheduling system (integration API, scope 'clinical'). */
export async function appointmentIntegrationRoutes(app: RouteApp) {
  keyedResourceRoutes(app, {
    owner: 'patient',
    path: PATH,
    scope: 'clinical',
    tags: TAGS,
    params: ClinicalRecordParams,
    body: IntegrationAppointmentSchema,
    put: {
      summary: 'Create or replace an appointment under your identifier',
      description:
        'An idempotent upsert keyed by the patient (MRN at your facility) and your own identifier of the ' +
        'appointment (externalId). A new externalId creates it (201); a known one replaces it (200), keeping the ' +
        'portal id. Sending the same content again changes nothing (changed: false). The appointment is held in ' +
        'its own IANA time zone (timeZoneId), which the patient sees beside the time; startsAt is the instant, or ' +
        'date alone when only the day is known. It shows on the patient’s appointments page and, when upcoming ' +
        'and not cancelled, on the dashboard at once. A withdrawn appointment put again is shown again. An ' +
        'unknown field, a missing one or one too long is a 400 validation_failed naming it (location.city). 404 ' +
        'not_found for an MRN that is not a patient of your facility.',
    },
    withdraw: {
      summary: 'Withdraw an appointment',
      description:
        'The appointment disappears for the patient at once (appointments page, dashboard); the portal keeps it ' +
        'for the audit trail. 204, also for one already withdrawn. To show a cancellation instead, PUT it with ' +
        'status Cancelled. 404 not_found when the patient has no appointment with this externalId, or the MRN is ' +
        'not a patient of your facility. PUT the same externalId to bring it back.',
    },
    notFoundMessage: APPOINTMENT_NOT_FOUND_MESSAGE,
    records: appointmentRecords,
    recordOf: appointmentRecordOf,
  });
}
