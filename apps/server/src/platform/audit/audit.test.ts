import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers';
import type { Database, DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import { AuditWriter } from './audit';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database handle, counting the statements (each batch is one) sent through it. */
function countingStatements(db: DbOrTx) {
  const counter = { inserts: 0, fail: false };
  const handle = {
    execute: (query: Parameters<DbOrTx['execute']>[0]) => {
      counter.inserts += 1;
      if (counter.fail) throw new Error('the database refused the row');
      return db.execute(query);
    },
  } as unknown as DbOrTx;
  return { handle, counter };
}

describe('the audit rows of reads (group commit)', () => {
  it('writes every row before its caller goes on, many concurrent rows in a few inserts', async () => {
    const { handle, counter } = countingStatements(database.db);
    const writer = new AuditWriter(handle);
    const eventType = 'groupcommittestevent';
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => writer.write({ eventType, detail: { n: i }, route: 'GET /x' })),
    );
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.eventType, eventType));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => (r.detail as { n: number }).n)).size).toBe(40);
    expect(counter.inserts).toBeLessThanOrEqual(2);
  });

  it('writes every column of the entry as given, and no detail as SQL NULL', async () => {
    const entry = {
      eventType: 'everycolumntestevent',
      outcome: 'failure' as const,
      actorUserId: 11,
      patientId: 12,
      sessionId: 2 ** 40,
      facilityId: 13,
      loginType: 'patient',
      detail: { quote: 'it\'s "quoted" \u8840', nested: { n: [1, null] } },
      relationship: 'representative',
      route: 'GET /api/patients/:patientId/x',
      clientAddress: '127.0.0.1',
      integrationClientId: 14,
    };
    const rolledBack = new Error('rolled back: the ids above name no real rows');
    await expect(
      database.db.transaction(async (tx) => {
        // The ids are made up: foreign keys are not checked in this transaction, which is then rolled back.
        await tx.execute(sql`set local session_replication_role = replica`);
        const writer = new AuditWriter(tx);
        await Promise.all([writer.write(entry), writer.write({ eventType: 'everycolumntestevent', route: 'none' })]);
        const rows = await tx
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.eventType, 'everycolumntestevent'))
          .orderBy(auditEvents.id);
        const { id: _id, occurredAt, ...written } = rows[0]!;
        expect(written).toEqual(entry);
        expect(occurredAt).toBeInstanceOf(Date);
        expect(rows[1]).toMatchObject({ outcome: 'success', detail: null, actorUserId: null, sessionId: null });
        // SQL NULL, not the JSON value null.
        const withoutDetail = await tx
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(and(eq(auditEvents.eventType, 'everycolumntestevent'), isNull(auditEvents.detail)));
        expect(withoutDetail).toHaveLength(1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('writes a lone row at once, and a failed insert fails each caller of its batch', async () => {
    const { handle, counter } = countingStatements(database.db);
    const writer = new AuditWriter(handle);
    await writer.write({ eventType: 'lonerowtestevent' });
    expect(counter.inserts).toBe(1);
    counter.fail = true;
    const outcomes = await Promise.allSettled([
      writer.write({ eventType: 'failedrowtestevent' }),
      writer.write({ eventType: 'failedrowtestevent' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    counter.fail = false;
    await writer.write({ eventType: 'lonerowtestevent' });
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.eventType, 'lonerowtestevent'));
    expect(rows).toHaveLength(2);
  });
});
