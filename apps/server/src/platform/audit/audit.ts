import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/index';

export interface AuditEntry {
  eventType: string;
  outcome?: 'success' | 'failure';
  actorUserId?: number | null;
  patientId?: number | null;
  sessionId?: number | null;
  facilityId?: number | null;
  loginType?: string | null;
  /** Never health data: identifiers and outcomes only. */
  detail?: Record<string, unknown>;
}

/** Writes one audit row; call it with the transaction of the act it records. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    eventType: entry.eventType,
    outcome: entry.outcome ?? 'success',
    actorUserId: entry.actorUserId ?? null,
    patientId: entry.patientId ?? null,
    sessionId: entry.sessionId ?? null,
    facilityId: entry.facilityId ?? null,
    loginType: entry.loginType ?? null,
    detail: entry.detail ?? null,
  });
}
