import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import type { PatientScope } from '../access/patient-scope';
import type { SessionCaller } from '../auth/sessions';

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
  relationship?: string | null;
  route?: string | null;
  clientAddress?: string | null;
  /** The integration API client that made the call. */
  integrationClientId?: number | null;
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
    relationship: entry.relationship ?? null,
    route: entry.route ?? null,
    clientAddress: entry.clientAddress ?? null,
    integrationClientId: entry.integrationClientId ?? null,
  });
}

/** What a caller did, outside any one patient's record (a login, a password change), or for `patientId`. */
export function auditCaller(
  tx: DbOrTx,
  caller: SessionCaller,
  eventType: string,
  options: {
    patientId?: number | null;
    detail?: Record<string, unknown>;
    outcome?: 'success' | 'failure';
    relationship?: string;
    route?: string;
    clientAddress?: string;
  } = {},
): Promise<void> {
  return writeAudit(tx, {
    eventType,
    outcome: options.outcome,
    relationship: options.relationship,
    route: options.route,
    clientAddress: options.clientAddress,
    actorUserId: caller.userId,
    patientId: options.patientId ?? null,
    sessionId: caller.sessionId,
    facilityId: caller.facilityId,
    loginType: caller.loginType,
    detail: options.detail,
  });
}

/** What the caller of a scope did with the patient's record: the actor, the patient, the session, the record. */
export function audit(
  tx: DbOrTx,
  scope: PatientScope,
  eventType: string,
  detail: Record<string, unknown> = {},
  outcome: 'success' | 'failure' = 'success',
): Promise<void> {
  return auditCaller(tx, scope.caller, eventType, {
    patientId: scope.patientId,
    outcome,
    detail,
    relationship: scope.relationship,
  });
}
