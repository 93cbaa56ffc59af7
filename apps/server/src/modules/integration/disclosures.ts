import type { IntegrationEvent } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { writeAuditRows, type AuditEntry } from '../../platform/audit/audit';
import { patientIdsByMrn } from './integration.repository';

// An accounting of disclosures (HIPAA 164.528, ONC 170.315(d)(11)): what left the portal for a facility system
// is on each patient's activity log. The feed call's own audit row names no patient (a page spans many), so
// without these rows a page carrying a patient's messages and answers never showed on her log.

export const INTEGRATION_DISCLOSURE_AUDIT_EVENT = 'integrationdisclosureauditevent';

/** How the events left: a feed page the client fetched, or webhook deliveries the portal posted. */
export type DisclosureChannel = 'feed' | 'webhook';

/**
 * One disclosure row per patient whose events are in `events`, naming the client and the events by id and type
 * only (never their contents), in one statement. Call it in the transaction that marks the events delivered
 * where there is one, so the cursor never moves past events no row records.
 */
export async function recordDisclosures(
  tx: DbOrTx,
  client: { id: number; facilityId: number },
  channel: DisclosureChannel,
  events: readonly IntegrationEvent[],
): Promise<void> {
  if (events.length === 0) return;
  // The feed names patients by MRN only; within the facility (which the feed is limited to) that is one patient.
  const idOfMrn = await patientIdsByMrn(tx, client.facilityId, [...new Set(events.map((event) => event.patient.mrn))]);
  const byPatient = new Map<number, { id: string; type: string }[]>();
  for (const event of events) {
    const patientId = idOfMrn.get(event.patient.mrn);
    if (patientId === undefined) continue;
    const list = byPatient.get(patientId) ?? [];
    list.push({ id: event.id, type: event.type });
    byPatient.set(patientId, list);
  }
  const entries: AuditEntry[] = [...byPatient].map(([patientId, sent]) => ({
    eventType: INTEGRATION_DISCLOSURE_AUDIT_EVENT,
    patientId,
    facilityId: client.facilityId,
    integrationClientId: client.id,
    detail: { channel, events: sent },
  }));
  await writeAuditRows(tx, entries);
}
