import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared';

let raw: PGlite;
let client: PGlite;

/** The texts PostgreSQL holds prepared now (the statement asking is one of them, run unprepared so it is not). */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await raw.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((row) => row.statement);
}

beforeAll(async () => {
  raw = await PGlite.create();
  client = withPreparedStatements(raw, 4);
  await raw.exec(`
    create table item (id int primary key, name text not null, added timestamptz not null default '2026-01-02T03:04:05Z');
    insert into item (id, name) values (1, 'one'), (2, 'two');
  `);
});

afterAll(async () => {
  await raw.close();
});

describe('PGlite queries through named prepared statements', () => {
  it('prepares a statement text once and runs it again with other values', async () => {
    const text = 'select id, name from item where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, name: 'two' }]);
    expect((await client.query(text, [3])).rows).toEqual([]);
    expect((await preparedTexts()).filter((t) => t === text)).toHaveLength(1);
  });

  it('answers as PGlite does: fields, row mode, the caller’s parsers, counts of changed rows', async () => {
    const text = 'select id, added from item order by id';
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const prepared = await client.query(text, [], options);
    const own = await raw.query(text, [], options);
    expect(prepared.rows).toEqual(own.rows);
    expect(prepared.rows[0]).toEqual([1, '2026-01-02 03:04:05+00']);
    expect(prepared.fields).toEqual(own.fields);

    // Every shape of answer, compared whole with PGlite's own (each statement leaves the data as it was).
    const statements: [string, unknown[]][] = [
      ['select id, name, added from item where id = $1', [1]],
      ['select id, name as id from item order by 1', []],
      ['update item set name = name where id > $1', [0]],
      ['update item set name = name where id > $1 returning id', [1]],
      ['delete from item where id = $1', [-1]],
      ['insert into item (id, name) select $1::int, $2 where false', [99, 'none']],
      ['create temporary table if not exists scratch (n int)', []],
      [
        "select $1::text as t, null::int as n, 'ñ 中文 🩺' as u, array[1, null, 3] as a, '{\"k\": [1]}'::jsonb as j",
        ['é'],
      ],
      ["select true as yes, 1.5::numeric as half, 9007199254740993::bigint as big, ''::text as empty", []],
    ];
    for (const [text, params] of statements) {
      expect(await client.query(text, params), text).toEqual(await raw.query(text, params));
      expect(await client.query(text, params, options), text).toEqual(await raw.query(text, params, options));
    }
    expect(await client.query('update item set name = name where id > $1', [0])).toMatchObject({
      rows: [],
      affectedRows: 2,
      command: 'UPDATE',
      rowCount: 2,
    });
    const parsedDate = await client.query<{ added: Date }>('select added from item where id = $1', [1]);
    expect(parsedDate.rows[0]!.added).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('throws the database error with its query and parameters, and the next statement runs', async () => {
    const insert = 'insert into item (id, name) values ($1, $2)';
    const error = await client.query(insert, [1, 'again']).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: '23505', query: insert, params: [1, 'again'] });
    const syntax = await client.query('select from where', []).catch((err: unknown) => err);
    expect(syntax).toMatchObject({ code: '42601', query: 'select from where' });
    const badValue = await client.query('select id from item where id = $1', ['not a number']).catch((e: unknown) => e);
    expect(badValue).toMatchObject({ code: '22P02', params: ['not a number'] });
    expect((await client.query('select count(*)::int as n from item')).rows).toEqual([{ n: 2 }]);
  });

  it('runs a transaction’s statements in it, rolls them back on failure, and keeps others out until it ends', async () => {
    const insert = 'insert into item (id, name) values ($1, $2)';
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, [10, 'ten']);
      await tx.query(insert, [10, 'ten again']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select id from item where id = $1', [10])).rows).toEqual([]);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query(insert, [11, 'eleven']);
      await held;
      order.push('commit');
    });
    const outside = client.query<{ n: number }>('select count(*)::int as n from item where id = $1', [11]).then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('refuses a statement on a transaction that has ended', async () => {
    let kept: { query: PGlite['query'] } | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('prepares again a statement the server dropped, or whose result columns changed', async () => {
    const text = 'select * from item where id = $1';
    expect((await client.query(text, [2])).rows).toEqual([expect.objectContaining({ id: 2, name: 'two' }) as unknown]);
    await raw.exec('deallocate all');
    expect((await client.query(text, [2])).rows).toHaveLength(1);
    await raw.exec("alter table item add column colour text not null default 'blue'");
    expect((await client.query(text, [2])).rows).toEqual([
      expect.objectContaining({ id: 2, name: 'two', colour: 'blue' }) as unknown,
    ]);
  });

  it('lets the event loop turn while statements run back to back, so requests are read and timers run', async () => {
    let turns = 0;
    let running = true;
    const countTurns = () => {
      turns++;
      if (running) setImmediate(countTurns);
    };
    const began = performance.now();
    setImmediate(countTurns);
    // Fifty statements of a few milliseconds each, queued at once as fifty requests would queue them.
    await Promise.all(Array.from({ length: 50 }, () => client.query('select count(*) from generate_series(1, 50000)')));
    running = false;
    const elapsed = performance.now() - began;
    expect(elapsed).toBeGreaterThan(100);
    // Without the turns, the fifty run as one chain and the loop turns once or twice in all.
    expect(turns).toBeGreaterThan(elapsed / 40);
  });

  it('keeps at most its limit of statements prepared, closing the least recently used', async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `select ${n} as n, name from item where id = $1`);
    for (const text of texts) await client.query(text, [1]);
    const held = await preparedTexts();
    expect(held).toHaveLength(4);
    expect(held).toEqual(texts.slice(2));
  });
});
