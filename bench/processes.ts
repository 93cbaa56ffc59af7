import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The benchmark itself went wrong (a crash, an answer that was not 200): its figures would mean nothing. */
export class BenchError extends Error {
  override name = 'BenchError';
}

export const log = (line: string) => process.stderr.write(`${line}\n`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Every child still running, killed with its process group when the benchmark ends however it ends. */
const running = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Each child leads a process group of its own (detached), so its own children go with it.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Runs on exit (normal, error or signal): synchronous work only. */
export function onCleanup(work: () => void): () => void {
  cleanups.add(work);
  return () => cleanups.delete(work);
}

function cleanUpNow() {
  for (const child of running) killGroup(child, 'SIGKILL');
  for (const work of cleanups) {
    try {
      work();
    } catch {
      // Best effort on the way out.
    }
  }
  cleanups.clear();
}

process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the benchmark's processes.`);
    process.exit(130);
  });
}

export interface Child {
  process: ChildProcess;
  /** The last 64 KB of what it wrote, to show when it fails. */
  output(): string;
}

/** Spawns a child in a process group of its own, tracked until it exits. */
export function start(command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, output: () => output };
}

/** Asks a child to stop (SIGTERM to its group), then kills it if it has not exited in time. */
export async function stop(child: Child, graceMs = 15_000): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  killGroup(proc, 'SIGTERM');
  const timer = sleep(graceMs).then(() => 'late' as const);
  if ((await Promise.race([exited.then(() => 'done' as const), timer])) === 'late') {
    killGroup(proc, 'SIGKILL');
    await exited;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls a URL until it answers 200; fails when the child exits or the deadline passes. */
export async function waitFor200(url: string, child: Child, timeoutMs = 120_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const proc = child.process;
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new BenchError(
        `The server exited (${proc.exitCode ?? proc.signalCode}) before ${url} answered:\n${child.output()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(everyMs);
  }
  throw new BenchError(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** Every variable the portal's config reads, blank (= unset), so the caller's shell cannot change what is measured. */
const PORTAL_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DB_POOL_MAX',
  'PUBLIC_URL',
  'SMTP_URL',
  'LOG_LEVEL',
  'APP_SECRET',
  'WEB_DIST_DIR',
  'TRUST_PROXY',
  'REDIS_URL',
  'DEMO_DATA',
  'DIRECT_SMTP_URL',
  'DIRECT_CERT_FILE',
  'DIRECT_KEY_FILE',
  'DIRECT_FROM',
  'DIRECT_TRUST_DIR',
  'SMS_URL',
  'SMS_FROM',
  'SMS_TOKEN',
];

/**
 * A production server's environment: demo data seeded on a fresh database (as the browser journeys do), warnings
 * only in the log, a fixed secret (production requires one with DATABASE_URL), listening on loopback only.
 */
export function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PORTAL_VARIABLES) env[name] = '';
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '1',
    APP_SECRET: randomBytes(36).toString('base64url'),
    ...settings,
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The production build the pages, bytes and start parts measure, rebuilt when a source is newer than it. */
export async function ensureBuild(allowBuild: boolean): Promise<void> {
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((file) => path.join(ROOT, file));
  const missing = outputs.some((file) => !existsSync(file));
  const builtAt = missing ? 0 : Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/contracts/src'];
  const changedAt = Math.max(
    ...sources.map((source) => {
      const full = path.join(ROOT, source);
      return statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    }),
  );
  if (!missing && changedAt <= builtAt) return;
  if (!allowBuild) {
    if (missing) throw new BenchError('No production build (apps/web/dist, apps/server/dist): run npm run build.');
    log('The build is older than the sources, and --no-build keeps it: measuring the build as it is.');
    return;
  }
  log(missing ? 'No production build: npm run build…' : 'The sources changed since the last build: npm run build…');
  const build = start('npm', ['run', 'build']);
  const code = await new Promise<number | null>((resolve) => build.process.once('exit', resolve));
  if (code !== 0) throw new BenchError(`npm run build failed (${code}):\n${build.output()}`);
}
