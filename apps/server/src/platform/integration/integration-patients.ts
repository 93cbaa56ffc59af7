import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema/index';
import { notFound } from '../errors/app-error';
import { integrationCallerOf } from '../access/access-control';

export const PATIENT_NOT_FOUND_MESSAGE = 'No patient with this MRN at your facility.';

declare const namedByFacility: unique symbol;

/**
 * The id of a patient a facility's system named, as the integration access check found it among that facility's
 * patients: what intake writes for. Only this file makes one (lint refuses the cast elsewhere), so an intake write
 * for a patient no check found does not compile; it is still a number wherever an id is read.
 */
export type IntegrationPatientId = number & { readonly [namedByFacility]: true };

/**
 * A patient the demo seed, or a test, writes records for as a facility's system would: one it made itself, in a
 * facility it made. Not for a request's patient: that is integrationPatientOf's.
 */
export function seededPatientId(patientId: number): IntegrationPatientId {
  return patientId as IntegrationPatientId;
}

/**
 * The patient an integration call names by MRN, among the calling client's facility's patients only: another
 * facility's patient is a 404 like no patient. Records the patient on the request for the call's audit row.
 */
export async function integrationPatientOf(
  db: DbOrTx,
  request: FastifyRequest,
  mrn: string,
): Promise<IntegrationPatientId> {
  const client = integrationCallerOf(request);
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.homeFacilityId, client.facilityId), eq(patients.mrn, mrn)))
    .limit(1);
  if (!row) throw notFound('not_found', PATIENT_NOT_FOUND_MESSAGE);
  request.integrationPatientId = row.id;
  return row.id as IntegrationPatientId;
}
