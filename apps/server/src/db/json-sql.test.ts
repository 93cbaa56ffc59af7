import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoInstant, jsonArrayText, jsonObject } from './json-sql';

let raw: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  raw = await PGlite.create();
  db = drizzle(raw);
  // A session time zone far from UTC: the JSON must not depend on it.
  await raw.exec(`set time zone 'Pacific/Chatham';
    create table reading (id int primary key, taken_at timestamptz not null, note text);`);
});

afterAll(async () => {
  await raw.close();
});

const INSTANTS = ['2026-03-05T10:00:00.000Z', '1999-12-31T23:59:59.999Z', '2026-07-01T00:00:00.120Z'];

describe('JSON written by the database', () => {
  it('writes an instant as toISOString does, whatever the session’s time zone', async () => {
    for (const iso of INSTANTS) {
      const [row] = await db
        .execute<{ out: string }>(sql`select ${isoInstant(sql`${iso}::timestamptz`)} as out`)
        .then((r) => r.rows);
      expect(row!.out).toBe(new Date(iso).toISOString());
    }
  });

  it('writes objects under the given keys and an ordered array, [] when there are no rows', async () => {
    const list = sql`select ${jsonArrayText(
      jsonObject({ id: sql`id`, takenAt: isoInstant(sql`taken_at`), note: sql`note` }),
      sql`taken_at desc`,
    )} as out from reading`;
    expect((await db.execute<{ out: string }>(list)).rows[0]!.out).toBe('[]');
    await db.execute(sql`insert into reading values (1, ${INSTANTS[0]}, 'a "quoted" note'), (2, ${INSTANTS[1]}, null)`);
    const text = (await db.execute<{ out: string }>(list)).rows[0]!.out;
    expect(JSON.parse(text)).toEqual([
      { id: 1, takenAt: INSTANTS[0], note: 'a "quoted" note' },
      { id: 2, takenAt: INSTANTS[1], note: null },
    ]);
  });

  it('refuses a key that is not a plain name (keys are written into the statement)', () => {
    expect(() => jsonObject({ "x', 1) --": sql`1` })).toThrow(/not a key name/);
  });
});
