// The API part: each patient read at 50 connections against a bare route reading one row by primary key in the same
// server and database, on the embedded database and on PostgreSQL.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BenchError, log, removeDir, serverEnv, start, stop, type Child } from './processes';
import { median, ms, percent, type Check } from './report';
import { apiSession, dashboardCalls, type ApiSession } from './session';

export interface ApiOptions {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  postgresUrl: string;
  postgres: boolean;
}

interface Target {
  name: string;
  paths: string[];
}

interface Run {
  rps: number;
  p99: number;
}

const RATIO_TARGET = 0.35;
const P99_TARGET_MS = 50;

/** The patient reads issue #17 names, and the dashboard's calls on load as one mix (each connection cycles them). */
function targets(s: ApiSession): Target[] {
  const patient = `/api/patients/${s.patientId}`;
  return [
    { name: 'lab results list', paths: [`${patient}/labresults/published`] },
    { name: 'lab result detail', paths: [`${patient}/labresults/${s.labResultId}`] },
    { name: 'medical notes list', paths: [`${patient}/medicalnotes/published`] },
    { name: 'treatment summary', paths: [`${patient}/treatmentSummary`] },
    { name: 'appointments', paths: [`${patient}/appointments`] },
    { name: 'upcoming appointments', paths: [`${patient}/upcomingAppointments/count/4`] },
    { name: 'secure messages list', paths: [`${patient}/SecureMessages?includeArchived=true`] },
    { name: 'questionnaires', paths: [`${patient}/assignedquestionnaires?language=en-US`] },
    { name: `dashboard calls (mix of ${dashboardCalls(s).length})`, paths: dashboardCalls(s) },
  ];
}

async function startApiServer(settings: Record<string, string>): Promise<{ child: Child; base: string }> {
  const child = start(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
    env: serverEnv({ ...settings, PORT: '0', ACCESS_TOKEN_MINUTES: '60' }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError(`The API server did not start in 5 minutes:\n${child.output()}`)),
      300_000,
    );
    child.process.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new BenchError(`The API server sent no port:\n${child.output()}`));
    });
    child.process.once('exit', (code) => {
      clearTimeout(timer);
      reject(new BenchError(`The API server exited (${code}) before listening:\n${child.output()}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** One load of `seconds`; every answer must be a 200, or the figure would measure refusals. */
async function load(base: string, s: ApiSession, paths: string[], seconds: number, connections: number): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers: s.headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const statuses = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}: ${count}`);
  const only200 = Object.keys(result.statusCodeStats).every((code) => code === '200');
  if (!only200 || result.errors > 0 || result.timeouts > 0 || result.requests.total === 0) {
    throw new BenchError(
      `Load on ${paths.join(', ')}: not every answer was 200 (${statuses.join(', ') || 'none'}; ` +
        `${result.errors} errors, ${result.timeouts} timeouts). A benchmark of refusals measures nothing.`,
    );
  }
  return { rps: result.requests.total / result.duration, p99: result.latency.p99 };
}

/** Each path once, before any load: a 200 with a body, or the benchmark stops and says which. */
async function checkOnce(base: string, s: ApiSession, paths: string[]) {
  for (const p of paths) {
    const res = await fetch(`${base}${p}`, { headers: s.headers, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    if (res.status !== 200) throw new BenchError(`GET ${p} answered ${res.status}: ${body.slice(0, 300)}`);
  }
}

interface Measured {
  target: Target;
  runs: Run[];
  ratios: number[];
}

/**
 * Warm-up once, then `rounds` rounds of baseline, target 1, baseline, target 2, …, baseline: each target run sits
 * between two baseline runs and is compared with their mean, so a drift of the machine meets both sides alike.
 */
async function measure(label: string, base: string, s: ApiSession, options: ApiOptions) {
  const all = targets(s);
  const baselinePath = [`/bench/baseline/${s.facilityId}`];
  await checkOnce(base, s, [...baselinePath, ...all.flatMap((t) => t.paths)]);
  log(`  ${label}: warm-up ${options.warmupSeconds} s on every route…`);
  await load(base, s, [...baselinePath, ...all.flatMap((t) => t.paths)], options.warmupSeconds, options.connections);
  const baselineRuns: Run[] = [];
  const measured: Measured[] = all.map((target) => ({ target, runs: [], ratios: [] }));
  for (let round = 1; round <= options.rounds; round++) {
    let before = await load(base, s, baselinePath, options.seconds, options.connections);
    baselineRuns.push(before);
    for (const entry of measured) {
      const run = await load(base, s, entry.target.paths, options.seconds, options.connections);
      const after = await load(base, s, baselinePath, options.seconds, options.connections);
      baselineRuns.push(after);
      const ratio = run.rps / ((before.rps + after.rps) / 2);
      entry.runs.push(run);
      entry.ratios.push(ratio);
      log(
        `  ${label} round ${round}/${options.rounds}: ${entry.target.name.padEnd(32)} ${Math.round(run.rps)
          .toString()
          .padStart(6)} req/s  p99 ${ms(run.p99).padStart(7)}  ${percent(ratio).padStart(6)} of baseline ` +
          `(${Math.round(before.rps)}, ${Math.round(after.rps)} req/s)`,
      );
      before = after;
    }
  }
  return { baselineRuns, measured };
}

function checks(
  part: string,
  result: Awaited<ReturnType<typeof measure>>,
  withP99: boolean,
): { checks: Check[]; lines: string[] } {
  const baselineRps = median(result.baselineRuns.map((r) => r.rps));
  const baselineP99 = median(result.baselineRuns.map((r) => r.p99));
  const baseline = `${Math.round(baselineRps)} req/s, p99 ${ms(baselineP99)}`;
  const out: Check[] = [];
  for (const { target, runs, ratios } of result.measured) {
    const rps = median(runs.map((r) => r.rps));
    const p99 = median(runs.map((r) => r.p99));
    const ratio = median(ratios);
    out.push({
      part,
      subject: target.name,
      measured: `${Math.round(rps)} req/s = ${percent(ratio)}, p99 ${ms(p99)}`,
      baseline,
      target: `>= ${percent(RATIO_TARGET)} of baseline`,
      met: ratio >= RATIO_TARGET,
    });
    if (withP99) {
      out.push({
        part,
        subject: `${target.name} p99`,
        measured: ms(p99),
        baseline: `p99 ${ms(baselineP99)}`,
        target: `<= ${P99_TARGET_MS} ms`,
        met: p99 <= P99_TARGET_MS,
      });
    }
  }
  return { checks: out, lines: [`${part}: baseline ${baseline} (median of ${result.baselineRuns.length} runs)`] };
}

async function onServer(label: string, settings: Record<string, string>, options: ApiOptions) {
  const server = await startApiServer(settings);
  try {
    const s = await apiSession(server.base);
    return await measure(label, server.base, s, options);
  } finally {
    await stop(server.child);
  }
}

function notMeasured(part: string, why: string): Check[] {
  return [{ part, subject: 'every patient read', measured: why, baseline: '-', target: '-', met: null }];
}

export async function benchApi(options: ApiOptions): Promise<{ checks: Check[]; lines: string[] }> {
  const out: Check[] = [];
  const lines: string[] = [
    `API: ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s per route ` +
      `alternated with the baseline (GET /bench/baseline/:id, one facility row by primary key), autocannon in ` +
      `the benchmark's process, the server in its own`,
  ];

  log('API on the embedded database (PGlite)…');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-api-'));
  try {
    const embedded = checks('API embedded', await onServer('embedded', { DATA_DIR: dataDir }, options), false);
    out.push(...embedded.checks);
    lines.push(...embedded.lines);
  } finally {
    removeDir(dataDir);
  }

  if (!options.postgres) {
    out.push(...notMeasured('API PostgreSQL', 'skipped (--no-postgres)'));
    return { checks: out, lines };
  }
  log('API on PostgreSQL…');
  const admin = new pg.Client({ connectionString: options.postgresUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL at ${options.postgresUrl} cannot be reached (${(error as Error).message}): not measured.`);
    out.push(...notMeasured('API PostgreSQL', 'PostgreSQL out of reach'));
    return { checks: out, lines };
  }
  const name = `portal_bench_${process.pid}`;
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-api-pg-'));
  try {
    await admin.query(`create database ${name}`);
    const postgres = checks(
      'API PostgreSQL',
      await onServer('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: pgDir }, options),
      true,
    );
    out.push(...postgres.checks);
    lines.push(...postgres.lines);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    removeDir(pgDir);
  }
  return { checks: out, lines };
}
