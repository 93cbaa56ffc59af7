import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { type Database, type DatabaseOptions, wrapPglite, wrapPgPool } from '../src/db/client';

/**
 * A fresh migrated database for one test file: a PGlite clone, or a PostgreSQL database from the template.
 * `options.onQuery` hears every statement sent (test/query-budget.test.ts counts them).
 */
export async function createTestDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const pgTemplate = inject('pgTemplateDatabase');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = wrapPgPool(new pg.Pool({ connectionString: dbUrl.toString(), max: 4 }), options);
    const close = database.close;
    database.close = async () => {
      await close();
      // pool.end() resolves before the server has let the sessions go; a forced drop would then
      // kill them with nobody listening for the error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return wrapPglite(client, undefined, options);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40), ...overrides });
}

/** Collects the JSON log lines an app writes, so tests can assert what is (not) logged. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

export interface TestAppOptions {
  /** Settings over the test defaults (an undefined value is left out). */
  config?: Partial<Record<string, string>>;
  /** Where the app writes its JSON log lines (see captureLogs). */
  logStream?: NodeJS.WritableStream;
}

export async function createTestApp(options: TestAppOptions & { database?: Database } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(
    Object.fromEntries(Object.entries(options.config ?? {}).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
  );
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** An app on its own database, as createTestApp opens it. */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
