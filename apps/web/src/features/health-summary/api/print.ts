import type { HealthSummaryIdentifier } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { identifierBody } from '../lib/identifier';
import { systemPath } from './paths';

/** POST .../HealthSummary/{ifSystemId}/print: the server records the print before the browser prints. */
export function recordPrint(patientId: number, identifier: HealthSummaryIdentifier): Promise<void> {
  const { ccdaId, startDate, endDate } = identifierBody(identifier);
  const body = ccdaId !== null ? { ccdaId } : { startDate, endDate };
  return api.post<void>(`${systemPath(patientId, identifier.ifSystemId)}/print`, body);
}
