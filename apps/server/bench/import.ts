// `npm run bench:import [-- --rows N]`: rows per second of the bulk import (npm run import) for N lab results
// (default 100,000) of the demo's jane.doe, on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; skipped when it cannot be reached), each on a fresh database.
// Not part of npm test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { importNdjson } from '../src/bulk-import';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/startup';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 100_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));

function writeFeed(file: string) {
  const lines: string[] = [];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(
      JSON.stringify({
        put: `/patients/RCC-100234/lab-results/BENCH-${i}`,
        body: {
          isPublished: true,
          collectedAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
          externalStatus: 'Final',
          groups: [
            {
              groupDisplayName: 'Basic Metabolic Panel',
              details: [
                { testDisplayName: 'Sodium', testValue: String(135 + (i % 10)), unitOfMeasure: 'mmol/L' },
                { testDisplayName: 'Potassium', testValue: '4.1', unitOfMeasure: 'mmol/L' },
              ],
            },
          ],
        },
      }),
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function run(label: string, database: Database, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'b'.repeat(40), ...env });
  await prepareDatabase(database, config, { info() {} }, { seed: true });
  const app = await buildApp({ config, database, limitIntegrationCalls: false });
  await app.ready();
  try {
    const feed = path.join(work, 'feed.ndjson');
    const result = await importNdjson({
      app,
      facility: 'riverside',
      file: feed,
      rejectsFile: path.join(work, `${label}.rejects.ndjson`),
      onProgress: (s) => process.stderr.write(`\r${label}: ${Math.round(s.fraction * 100)}%`),
    });
    process.stderr.write('\n');
    return { ...result, rowsPerSecond: Math.round(result.written / result.seconds) };
  } finally {
    await app.close();
  }
}

async function main() {
  writeFeed(path.join(work, 'feed.ndjson'));
  const results: Record<string, { written: number; rejected: number; seconds: number; rowsPerSecond: number }> = {};

  const dataDir = path.join(work, 'pglite');
  const embedded = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    db: { poolMax: 1, connectTimeoutMs: 5000, statementTimeoutMs: 0 },
  });
  try {
    results.embedded = await run('embedded (PGlite)', embedded, { DATA_DIR: dataDir });
  } finally {
    await embedded.close();
  }

  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: work,
      db: { poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 0 },
    });
    try {
      results.postgres = await run('PostgreSQL', postgres, { DATABASE_URL: url.toString() });
    } finally {
      await postgres.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.warn(`PostgreSQL at ${PG_URL} cannot be reached: measured the embedded database only.`);
  }

  const out = [`\nBulk import of ${ROWS.toLocaleString('en-US')} lab results (2 tests each), one API call per line:`];
  for (const [label, r] of Object.entries(results)) {
    out.push(
      `  ${label.padEnd(9)} ${String(r.rowsPerSecond).padStart(6)} results/s  (${r.written} written, ` +
        `${r.rejected} rejected, ${r.seconds.toFixed(1)} s)`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
