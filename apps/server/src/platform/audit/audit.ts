import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { auditEvents } from '../../db/schema/index';
import type { PatientScope } from '../access/patient-scope';
import type { SessionCaller } from '../auth/sessions';
import { isDatabaseUnavailable as isUnavailable } from '../errors/error-handler';

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

const MAX_DETAIL_TEXT = 1000;

/** A detail's texts fit for jsonb (no NUL or lone surrogate) and bounded, at any depth. */
function fitDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const fit = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return auditText(value, MAX_DETAIL_TEXT);
    if (value === null || typeof value !== 'object' || depth > 8) return value;
    if (Array.isArray(value)) return value.map((item) => fit(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        auditText(key, 100),
        fit(item, depth + 1),
      ]),
    );
  };
  return fit(detail, 0) as Record<string, unknown>;
}

/** The audit_events row of an entry. */
function auditRow(entry: AuditEntry): typeof auditEvents.$inferInsert {
  return {
    eventType: entry.eventType,
    outcome: entry.outcome ?? 'success',
    actorUserId: entry.actorUserId ?? null,
    patientId: entry.patientId ?? null,
    sessionId: entry.sessionId ?? null,
    facilityId: entry.facilityId ?? null,
    loginType: entry.loginType ?? null,
    detail: entry.detail ? fitDetail(entry.detail) : null,
    relationship: entry.relationship ?? null,
    route: entry.route ?? null,
    clientAddress: entry.clientAddress ?? null,
    integrationClientId: entry.integrationClientId ?? null,
  };
}

/** Writes one audit row; call it with the transaction of the act it records. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditRows(tx, [auditRow(entry)]);
}

/** Writes several audit rows in one statement (one act that touches many patients), in the act's transaction. */
export async function writeAuditRows(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += MAX_ROWS_PER_INSERT) {
    await insertAuditRows(tx, entries.slice(i, i + MAX_ROWS_PER_INSERT).map(auditRow));
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what is taken out
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text fit for an audit detail: control characters out, lone UTF-16 halves replaced, at most `max` code
 * points. A cut by UTF-16 units could split an emoji's surrogate pair, and PostgreSQL's jsonb refuses the lone
 * half (and NUL): one such value failed the whole group-committed batch of other users' reads.
 */
export function auditText(value: unknown, max: number): string {
  const text = String(value).replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATE, '\uFFFD');
  const points = Array.from(text);
  return points.length > max ? points.slice(0, max).join('') : text;
}

const MAX_ROWS_PER_INSERT = 500;

/** Where the writer reports a row it could write only without its detail (never the detail itself). */
export type AuditFailureLog = (message: string, facts: Record<string, unknown>) => void;

/**
 * Audit rows in one statement with one parameter, their JSON (one row for an act, a batch for reads): drizzle's multi-row insert built a statement of
 * twelve parameters per row for every batch (about 5% of a read under load), and PostgreSQL parsed each anew.
 * A JSON null becomes SQL NULL; occurred_at and id take their defaults.
 */
function insertAuditRows(db: DbOrTx, rows: (typeof auditEvents.$inferInsert)[]) {
  const json = JSON.stringify(
    rows.map((row) => ({
      event_type: row.eventType,
      outcome: row.outcome,
      actor_user_id: row.actorUserId,
      patient_id: row.patientId,
      session_id: row.sessionId,
      facility_id: row.facilityId,
      login_type: row.loginType,
      detail: row.detail,
      relationship: row.relationship,
      route: row.route,
      client_address: row.clientAddress,
      integration_client_id: row.integrationClientId,
    })),
  );
  return db.execute(sql`
    insert into audit_events (event_type, outcome, actor_user_id, patient_id, session_id, facility_id, login_type,
      detail, relationship, route, client_address, integration_client_id)
    select event_type, outcome, actor_user_id, patient_id, session_id, facility_id, login_type,
      detail, relationship, route, client_address, integration_client_id
    from jsonb_to_recordset(${json}::jsonb) as r(event_type text, outcome text, actor_user_id integer,
      patient_id integer, session_id bigint, facility_id integer, login_type text, detail jsonb,
      relationship text, route text, client_address text, integration_client_id integer)`);
}

/**
 * The rows of reads (which have no transaction of their own to join), written by group commit: a row that
 * arrives while an insert is under way goes into the next one, with every row that arrived meanwhile. Each
 * caller still waits until its own row is written (the answer leaves only after its audit row), but fifty
 * concurrent reads cost a few inserts rather than fifty. With no insert under way a row is written at once.
 */
export class AuditWriter {
  private queued: { row: typeof auditEvents.$inferInsert; done: (err?: Error) => void }[] = [];
  private writing = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly logFailure: AuditFailureLog = () => {},
  ) {}

  write(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ row: auditRow(entry), done: (err) => (err ? reject(err) : resolve()) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, MAX_ROWS_PER_INSERT);
        try {
          await insertAuditRows(
            this.db,
            batch.map((item) => item.row),
          );
          for (const item of batch) item.done();
        } catch (err) {
          await this.rowByRow(batch, err);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * One row never fails the others: after a failed batch each row is written alone, and a row that still fails
   * is written without its detail (the act stays on record), which is logged by row facts only. Only a row that
   * cannot be written at all (the database is away) fails its own request.
   */
  private async rowByRow(
    batch: { row: typeof auditEvents.$inferInsert; done: (err?: Error) => void }[],
    batchError: unknown,
  ): Promise<void> {
    for (const item of batch) {
      const failure = batch.length === 1 ? batchError : await this.tryInsert(item.row);
      if (failure === null) {
        item.done();
        continue;
      }
      if (isUnavailable(failure) || item.row.detail == null) {
        item.done(asError(failure));
        continue;
      }
      const again = await this.tryInsert({ ...item.row, detail: null });
      if (again === null) {
        this.logFailure('audit row written without its detail', {
          eventType: item.row.eventType,
          route: item.row.route,
          code: (failure as { code?: unknown }).code,
        });
        item.done();
      } else {
        item.done(asError(again));
      }
    }
  }

  private async tryInsert(row: typeof auditEvents.$inferInsert): Promise<unknown> {
    try {
      await insertAuditRows(this.db, [row]);
      return null;
    } catch (err) {
      return err ?? new Error('The audit row could not be written.');
    }
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error('The audit rows could not be written.');
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
