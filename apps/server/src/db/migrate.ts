import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

// Beside this file in the source tree, and copied beside the bundle by build.mjs.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant: serialises migrations when several server instances start at once.
const MIGRATION_LOCK_ID = 7_274_001;

export interface Migration {
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }));
}

/** Applies pending migrations, each in its own transaction. Returns the names applied. */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  return database.session(async (s) => {
    await s.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await s.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const applied = new Set(
        (await s.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
      );
      const done: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.name)) continue;
        await s.exec('begin');
        try {
          await s.exec(m.sql);
          await s.query('insert into schema_migrations (name) values ($1)', [m.name]);
          await s.exec('commit');
        } catch (err) {
          await s.exec('rollback');
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        done.push(m.name);
      }
      return done;
    } finally {
      await s.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}

/**
 * Whether `name` is recorded in schema_migrations: a migration, or a version of the reference data, which
 * startup.ts records there by its fingerprint so that a start with nothing new leaves it alone.
 */
export async function isRecorded(database: Database, name: string): Promise<boolean> {
  const rows = await database.session((s) =>
    s.query<{ found: number }>('select 1 as found from schema_migrations where name = $1', [name]),
  );
  return rows.length > 0;
}

/** Records `name` as applied, in place of the names that start with `replacing` (its earlier versions). */
export async function record(database: Database, name: string, replacing: string): Promise<void> {
  await database.session(async (s) => {
    await s.query('insert into schema_migrations (name) values ($1) on conflict (name) do nothing', [name]);
    await s.query('delete from schema_migrations where name like $1 and name <> $2', [`${replacing}%`, name]);
  });
}
