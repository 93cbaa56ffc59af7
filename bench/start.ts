// The start part: from spawning `node apps/server/dist/main.js` to its first 200 from /readyz (answered once the
// database is open, migrated and seeded and the server listens), on an existing data folder and on a new one.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, log, removeDir, serverEnv, start, stop, waitFor200 } from './processes';
import { median, seconds, type Check } from './report';

const EXISTING_MAX_MS = 2_000;
const NEW_MAX_MS = 6_000;

async function timeToReady(command: string[], env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const began = performance.now();
  const child = start(process.execPath, command, { env });
  try {
    await waitFor200(`http://127.0.0.1:${port}/readyz`, child, 120_000, 10);
    return performance.now() - began;
  } finally {
    await stop(child);
  }
}

async function startPortal(dataDir: string): Promise<number> {
  const port = await freePort();
  return timeToReady(['apps/server/dist/main.js'], serverEnv({ DATA_DIR: dataDir, PORT: String(port) }), port);
}

// The floor under any server's start: Node itself, spawned the same way, answering 200 from a bare HTTP server.
const BARE_SERVER =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

async function startBare(): Promise<number> {
  const port = await freePort();
  return timeToReady(['-e', BARE_SERVER], { ...process.env, PORT: String(port) }, port);
}

export async function benchStart(runs: number): Promise<{ checks: Check[]; lines: string[] }> {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
    dirs.push(dir);
    return dir;
  };
  const created: number[] = [];
  const existing: number[] = [];
  const bare: number[] = [];
  try {
    // The first start on a new folder leaves it migrated and seeded: the existing folder of the later runs.
    const kept = fresh();
    created.push(await startPortal(kept));
    for (let run = 1; run <= runs; run++) {
      bare.push(await startBare());
      existing.push(await startPortal(kept));
      if (run < runs) created.push(await startPortal(fresh()));
      log(
        `  run ${run}/${runs}: new folder ${seconds(created[run - 1]!)}, existing ${seconds(existing[run - 1]!)}, ` +
          `bare Node ${seconds(bare[run - 1]!)}`,
      );
    }
  } finally {
    for (const dir of dirs) removeDir(dir);
  }
  const floor = `bare Node ${seconds(median(bare))}`;
  const newMs = median(created);
  const existingMs = median(existing);
  const part = 'Start';
  return {
    checks: [
      {
        part,
        subject: 'existing data folder',
        measured: seconds(existingMs),
        baseline: floor,
        target: `<= ${seconds(EXISTING_MAX_MS)}`,
        met: existingMs <= EXISTING_MAX_MS,
      },
      {
        part,
        subject: 'new data folder (migrate, seed demo)',
        measured: seconds(newMs),
        baseline: floor,
        target: `<= ${seconds(NEW_MAX_MS)}`,
        met: newMs <= NEW_MAX_MS,
      },
    ],
    lines: [
      `Start: spawn of node apps/server/dist/main.js (production, embedded database, DEMO_DATA=1) to the first ` +
        `200 from /readyz, polled every 10 ms; median of ${runs} each; baseline: node -e with a bare HTTP server`,
    ],
  };
}
