import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers';
import type { Database, DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import { AuditWriter } from './audit';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database handle, counting the inserts sent through it. */
function countingInserts(db: DbOrTx) {
  const counter = { inserts: 0, fail: false };
  const handle = {
    insert: (table: typeof auditEvents) => {
      counter.inserts += 1;
      if (counter.fail) throw new Error('the database refused the row');
      return db.insert(table);
    },
  } as unknown as DbOrTx;
  return { handle, counter };
}

describe('the audit rows of reads (group commit)', () => {
  it('writes every row before its caller goes on, many concurrent rows in a few inserts', async () => {
    const { handle, counter } = countingInserts(database.db);
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

  it('writes a lone row at once, and a failed insert fails each caller of its batch', async () => {
    const { handle, counter } = countingInserts(database.db);
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
