import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { DataDirLockedError, lockDataFolder, type Database } from './client';
import { loadMigrations, migrate } from './migrate';
import * as schema from './schema/index';

describe('a migrated database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('records every migration and applies nothing the second time', async () => {
    expect(await migrate(database)).toEqual([]);
    const recorded = await database.session((s) =>
      s.query<{ name: string }>('select name from schema_migrations order by name'),
    );
    expect(recorded.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
  });

  it('has every table and column of the Drizzle schema', async () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table));
    expect(tables.length).toBeGreaterThanOrEqual(10);

    const rows = await database.session((s) =>
      s.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
        `select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'`,
      ),
    );
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));

    const problems: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        const name = `${table.name}.${column.name}`;
        const found = actual.get(name);
        if (!found) {
          problems.push(`${name} is missing`);
          continue;
        }
        if ((found.is_nullable === 'NO') !== column.notNull) {
          problems.push(
            `${name}: schema says notNull=${column.notNull}, database says is_nullable=${found.is_nullable}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('applies a pending migration once, and rolls back a failing one', async () => {
    const extra = [
      ...loadMigrations(),
      { name: '9990_test_extra.sql', sql: 'create table test_extra (id integer primary key)' },
    ];
    expect(await migrate(database, extra)).toEqual(['9990_test_extra.sql']);
    expect(await migrate(database, extra)).toEqual([]);

    const broken = [
      ...extra,
      { name: '9991_test_broken.sql', sql: 'create table test_half (id integer); select no_such_function()' },
    ];
    await expect(migrate(database, broken)).rejects.toThrow(/Migration 9991_test_broken\.sql failed/);
    const left = await database.session((s) =>
      s.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_name = 'test_half'`),
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('lockDataFolder', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    dirs.push(dir);
    return dir;
  };
  const lockFile = (dir: string) => path.join(dir, 'portal.lock');

  it('writes the owner pid and removes the lock on release', () => {
    const dir = tempDir();
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toEqual({ pid: process.pid, host: os.hostname() });
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses a folder locked by another live process, naming the pid and the folder', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(other);
    await new Promise<void>((resolve, reject) => {
      other.once('spawn', resolve);
      other.once('error', reject);
    });
    const pid = other.pid!;
    writeFileSync(lockFile(dir), JSON.stringify({ pid, host: os.hostname() }));

    let caught: unknown;
    try {
      lockDataFolder(dir);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    expect((caught as Error).message).toContain(`pid ${pid}`);
    expect((caught as Error).message).toContain(dir);
    // The other process's lock is left alone.
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid });
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: 2147483, host: os.hostname() }));
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), 'not json');
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });
});
