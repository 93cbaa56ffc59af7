import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A dedicated connection for work that must not be interleaved (migrations, locks). */
export interface SqlSession {
  exec(sqlText: string): Promise<void>;
  query<T extends Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  session<T>(work: (s: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not guard its data folder against a second process, and two writers corrupt it, so
 * a lock file holds the owning pid. A lock left by a process that no longer runs is taken over.
 */
export function lockDataFolder(dir: string): () => void {
  const lockFile = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname() }));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(readFileSync(lockFile, 'utf8')) as typeof owner;
      } catch {
        // An unreadable lock file is treated as stale.
      }
      const sameHost = !owner.host || owner.host === os.hostname();
      if (owner.pid && owner.pid !== process.pid && sameHost && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `Another process (pid ${owner.pid}) is using the embedded database in ${dir}. ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database folder ${dir}.`);
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const session: SqlSession = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    session: (work) => work(session),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

export function wrapPgPool(pool: pg.Pool): Database {
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    session: async (work) => {
      const conn = await pool.connect();
      try {
        return await work({
          exec: async (text) => {
            await conn.query(text);
          },
          query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await conn.query<T>(text, params)).rows,
        });
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export function createPgPool(
  connectionString: string,
  options: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number },
  onError: (err: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  return pool;
}

export async function openDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    db: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number };
  },
  onPoolError: (err: Error) => void = () => {},
): Promise<Database> {
  if (config.databaseUrl) {
    return wrapPgPool(createPgPool(config.databaseUrl, config.db, onPoolError));
  }
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = lockDataFolder(config.dataDir);
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'db'));
    return wrapPglite(client, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** A transaction handle; repositories accept either so callers can group writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
