import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema/index';
import { notFound } from '../errors/app-error';
import { integrationCallerOf } from '../access/access-control';

export const PATIENT_NOT_FOUND_MESSAGE = 'No patient with this MRN at your facility.';

/**
 * The patient an integration call names by MRN, among the calling client's facility's patients only: another
 * facility's patient is a 404 like no patient. Records the patient on the request for the call's audit row.
 */
export async function integrationPatientOf(db: DbOrTx, request: FastifyRequest, mrn: string): Promise<number> {
  const client = integrationCallerOf(request);
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.homeFacilityId, client.facilityId), eq(patients.mrn, mrn)))
    .limit(1);
  if (!row) throw notFound('not_found', PATIENT_NOT_FOUND_MESSAGE);
  request.integrationPatientId = row.id;
  return row.id;
}
