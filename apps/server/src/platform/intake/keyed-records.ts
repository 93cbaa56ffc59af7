import { and, eq, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { IntegrationPatientId } from '../integration/integration-patients';
import { fingerprintOf } from './fingerprint';

// The one intake engine of the integration API (and of the demo, which writes through it): a record kept under
// the facility's own identifier (externalId), unique per owner (a patient, or the facility for what it shares
// with all its patients). A put is an idempotent upsert; a delete withdraws, keeping the row for the audit trail;
// a withdrawn record put again is back. The caller owns the transaction, so a record and its child rows (pages,
// groups, items) are written together or not at all. The audit row and the event of the call are written by
// the integration access check (one per call), not here.

/** What a put did: the record's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
}

/** The columns every keyed table has. */
interface KeyedColumns {
  id: PgColumn;
  externalId: PgColumn;
  contentHash: PgColumn;
  withdrawnAt: PgColumn;
}

/** A row as the engine reads it back: its key columns, and the rest for a kind that keeps some of them. */
export interface KeyedRow {
  id: number;
  contentHash: string | null;
  withdrawnAt: Date | null;
}

/** What a kind is told when it writes: the row it replaces (absent on creation), the record's history, the time. */
export interface KeyedWrite<Row, History> {
  ownerId: number;
  existing: Row | undefined;
  history: History | undefined;
  now: Date;
}

/** The owner column of a keyed table: a patient's record, or the facility's own. */
export type OwnerColumn = 'patientId' | 'facilityId';

/** Who a put is for: a patient an integration check (or the seed) named, or the facility. */
export type OwnerIdOf<O extends OwnerColumn> = O extends 'patientId' ? IntegrationPatientId : number;

/** Where a record type is kept: named by the module's repository, which alone knows its tables. */
export interface KeyedTable<O extends OwnerColumn = OwnerColumn> {
  /** Named in the error of a put that neither added nor found its row (a broken invariant, never a user's). */
  name: string;
  table: PgTable & KeyedColumns;
  /** The table's column of the owner: the patient, or the facility the record is shared across. */
  owner: O;
  /** Columns of the row replaced that the kind's writes need (`write.existing`), beside the key columns. */
  reads?: Record<string, PgColumn>;
}

/** A record type kept by the engine: its table, and what its module does around the row. */
export interface KeyedRecordKind<
  Rec,
  Row extends KeyedRow = KeyedRow,
  History = never,
  O extends OwnerColumn = OwnerColumn,
> extends KeyedTable<O> {
  /** Refuses a record that cannot be stored (a 400), before anything is read or written. */
  check?(record: Rec): void;
  /**
   * The record as compared between puts, when its parsed form holds defaults to fill in first (an optional flag
   * meaning true), so that an absent and an explicit default are the same content.
   */
  normalise?(record: Rec): Rec;
  /** Refuses a change that clashes with the owner's other records (a 409), once it is known to be one. */
  beforeWrite?(tx: Tx, record: Rec, write: KeyedWrite<Row, History>): Promise<void>;
  /** The row's own columns for the record (not the owner, identifier, fingerprint or withdrawal). */
  columns(record: Rec, write: KeyedWrite<Row, History>): Record<string, unknown>;
  /** Writes the record's child rows, replacing those of `write.existing` (deleted, or withdrawn where audited). */
  writeChildren?(tx: Tx, id: number, record: Rec, write: KeyedWrite<Row, History>): Promise<void>;
  /** After the record was added or changed: the patient's notice, for one. */
  afterWrite?(tx: Tx, id: number, record: Rec, write: KeyedWrite<Row, History>): Promise<void>;
  /** After the record was withdrawn (the first time): its child rows, for one. */
  afterWithdraw?(tx: Tx, id: number, now: Date): Promise<void>;
}

type AnyKind = KeyedRecordKind<never, KeyedRow, unknown>;

function ownerColumn(kind: AnyKind): PgColumn {
  return (kind.table as unknown as Record<string, PgColumn>)[kind.owner] as PgColumn;
}

async function findKeyed<Row>(tx: Tx, kind: AnyKind, ownerId: number, externalId: string): Promise<Row | undefined> {
  const { table } = kind;
  // Locked for the rest of the transaction: a concurrent put of the same record waits for this one.
  const rows = await tx
    .select({ id: table.id, contentHash: table.contentHash, withdrawnAt: table.withdrawnAt, ...kind.reads })
    .from(table)
    .where(and(eq(ownerColumn(kind), ownerId), eq(table.externalId, externalId)))
    .limit(1)
    .for('update');
  return rows[0] as Row | undefined;
}

/**
 * Creates or replaces the owner's record under `externalId`.
 *
 * - New identifier: the record is added (with `history`, the patient's side of a record brought in with a past:
 *   the demo's).
 * - Same content again (a resend), not withdrawn: nothing is written; `changed: false`.
 * - Other content, or a withdrawn record: its columns are rewritten and its child rows replaced; it keeps its
 *   id, so the patient's links, the audit rows and the events that name it still do.
 */
export async function putKeyed<Rec, Row extends KeyedRow, History>(
  tx: Tx,
  kind: KeyedRecordKind<Rec, Row, History>,
  ownerId: number,
  externalId: string,
  record: Rec,
  options: { history?: History; now?: Date } = {},
): Promise<PutOutcome> {
  kind.check?.(record);
  const compared = kind.normalise ? kind.normalise(record) : record;
  const contentHash = fingerprintOf(compared);
  const now = options.now ?? new Date();
  const generic = kind as unknown as AnyKind;
  let existing = await findKeyed<Row>(tx, generic, ownerId, externalId);
  if (!existing) {
    const write: KeyedWrite<Row, History> = { ownerId, existing: undefined, history: options.history, now };
    await kind.beforeWrite?.(tx, compared, write);
    const [inserted] = await tx
      .insert(kind.table)
      .values({
        ...kind.columns(compared, write),
        [kind.owner]: ownerId,
        externalId,
        contentHash,
        withdrawnAt: null,
      } as never)
      .onConflictDoNothing({
        target: [ownerColumn(generic), kind.table.externalId],
        where: isNotNull(kind.table.externalId),
      })
      .returning({ id: kind.table.id });
    const id = (inserted as { id: number } | undefined)?.id;
    if (id !== undefined) {
      await kind.writeChildren?.(tx, id, compared, write);
      await kind.afterWrite?.(tx, id, compared, write);
      return { id, created: true, changed: true };
    }
    // Added by a concurrent put of the same record since we looked: replace that one.
    existing = await findKeyed<Row>(tx, generic, ownerId, externalId);
    if (!existing) throw new Error(`A ${kind.name} with this external id was neither added nor found`);
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  const write: KeyedWrite<Row, History> = { ownerId, existing, history: options.history, now };
  await kind.beforeWrite?.(tx, compared, write);
  await tx
    .update(kind.table)
    .set({ ...kind.columns(compared, write), contentHash, withdrawnAt: null })
    .where(eq(kind.table.id, existing.id));
  await kind.writeChildren?.(tx, existing.id, compared, write);
  await kind.afterWrite?.(tx, existing.id, compared, write);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the owner's record under `externalId`: from now on no patient sees it, while the row, and every audit
 * row about it, stays. Withdrawing again changes nothing (the first time stays). The record's id, or undefined
 * when there is none.
 */
export async function withdrawKeyed<Rec, Row extends KeyedRow, History>(
  tx: Tx,
  kind: KeyedRecordKind<Rec, Row, History>,
  ownerId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findKeyed<Row>(tx, kind as unknown as AnyKind, ownerId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) {
    await tx.update(kind.table).set({ withdrawnAt: now }).where(eq(kind.table.id, existing.id));
    await kind.afterWithdraw?.(tx, existing.id, now);
  }
  return existing.id;
}

/**
 * A record type's put and withdraw, bound to its kind: what its module exports. Function-typed members (not
 * methods), so a patient's records cannot stand where a facility's number is passed, nor the other way round.
 */
export interface KeyedRecords<Rec, History = never, OwnerId extends number = number> {
  put: (
    tx: Tx,
    ownerId: OwnerId,
    externalId: string,
    record: Rec,
    options?: { history?: History; now?: Date },
  ) => Promise<PutOutcome>;
  withdraw: (tx: Tx, ownerId: OwnerId, externalId: string, now?: Date) => Promise<number | undefined>;
}

export function keyedRecords<Rec, Row extends KeyedRow, History, O extends OwnerColumn>(
  kind: KeyedRecordKind<Rec, Row, History, O>,
): KeyedRecords<Rec, History, OwnerIdOf<O>> {
  return {
    put: (tx, ownerId, externalId, record, options) => putKeyed(tx, kind, ownerId, externalId, record, options),
    withdraw: (tx, ownerId, externalId, now) => withdrawKeyed(tx, kind, ownerId, externalId, now),
  };
}
