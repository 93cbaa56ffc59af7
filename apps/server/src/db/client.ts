import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withPreparedStatements } from './pglite-prepared';
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

/** Told the text of each statement sent to the database (tests count them: test/query-budget.test.ts). */
export type QueryListener = (sqlText: string) => void;

export interface DatabaseOptions {
  /**
   * Called for every statement sent, whichever way it goes (drizzle, a transaction's BEGIN and COMMIT, the raw
   * session). Without it nothing is wrapped, so a server pays nothing for it.
   */
  onQuery?: QueryListener;
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

/** A transaction of PGlite whose statements are told to the listener; `onEnd` learns of an explicit rollback. */
function countedTransaction(tx: PgliteTransaction, onQuery: QueryListener, onEnd: () => void): PgliteTransaction {
  const counted: Partial<PgliteTransaction> = {
    query: (text, params, options) => {
      onQuery(text);
      return tx.query(text, params, options);
    },
    sql: (strings, ...params: unknown[]) => {
      onQuery(strings.join('?'));
      return tx.sql(strings, ...params);
    },
    exec: (text, options) => {
      onQuery(text);
      return tx.exec(text, options);
    },
    rollback: () => {
      onQuery('ROLLBACK');
      onEnd();
      return tx.rollback();
    },
  };
  // The rest (listen, closed) stays the transaction's own.
  return Object.assign(Object.create(tx) as PgliteTransaction, counted);
}

/**
 * PGlite as drizzle and the session see it, with every statement told to the listener. PGlite sends a
 * transaction's BEGIN and COMMIT (or ROLLBACK) itself, so they are told here, as node-postgres sends them
 * through the client: the counts are the same on both databases.
 */
function countedPglite(client: PGlite, onQuery: QueryListener): PGlite {
  const overrides: Partial<PGlite> = {
    query: (text, params, options) => {
      onQuery(text);
      return client.query(text, params, options);
    },
    sql: (strings, ...params: unknown[]) => {
      onQuery(strings.join('?'));
      return client.sql(strings, ...params);
    },
    exec: (text, options) => {
      onQuery(text);
      return client.exec(text, options);
    },
    transaction: async <T>(work: (tx: PgliteTransaction) => Promise<T>) => {
      let ended = false;
      onQuery('BEGIN');
      try {
        const result = await client.transaction((tx) => work(countedTransaction(tx, onQuery, () => (ended = true))));
        if (!ended) onQuery('COMMIT');
        return result;
      } catch (err) {
        if (!ended) onQuery('ROLLBACK');
        throw err;
      }
    },
  };
  return new Proxy(client, {
    get: (target, prop) => {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof PGlite] as unknown;
      const value: unknown = Reflect.get(target, prop, target);
      // PGlite's methods check their receiver (private fields), so they run on the client itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function wrapPglite(raw: PGlite, onClose?: () => void, options: DatabaseOptions = {}): Database {
  const prepared = withPreparedStatements(raw);
  const client = options.onQuery ? countedPglite(prepared, options.onQuery) : prepared;
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
      if (!raw.closed) await raw.close();
      onClose?.();
    },
  };
}

/** The text of what pg's client.query was given: a string, or a query config or submittable with its text. */
function statementText(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Tells the listener of every statement a client of the pool sends: pool.query, drizzle's transactions (BEGIN
 * and COMMIT included) and the raw session all go through a client's query.
 */
function countPoolStatements(pool: pg.Pool, onQuery: QueryListener): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      onQuery(statementText(args[0]));
      return query(...args);
    };
  });
}

export function wrapPgPool(pool: pg.Pool, options: DatabaseOptions = {}): Database {
  if (options.onQuery) countPoolStatements(pool, options.onQuery);
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

// Written beside the bundle by build.mjs; absent when the server runs from source (initdb then runs instead).
const EMPTY_DATABASE = fileURLToPath(new URL('./empty-database.tar.gz', import.meta.url));

/** A new data folder starts from the build's empty database: initdb would take seconds. */
function startingPoint(dir: string): { loadDataDir?: Blob } {
  if (existsSync(path.join(dir, 'PG_VERSION')) || !existsSync(EMPTY_DATABASE)) return {};
  return { loadDataDir: new Blob([readFileSync(EMPTY_DATABASE)]) };
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
    const dir = path.join(config.dataDir, 'db');
    const client = await PGlite.create(dir, startingPoint(dir));
    return wrapPglite(client, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** A transaction handle; repositories accept either so callers can group writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
