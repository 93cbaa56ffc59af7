// `npm run bench [-- api|login|pages|bytes|start ...] [--runs N] [--seconds S] [--rounds R] [--no-build] [--no-postgres]`:
// the figures of issue #17, each beside its baseline from the same run (docs/performance.md). Not part of npm test.
// Exits 0 when it measured, whether or not the targets are met; 1 when the benchmark itself failed.
import os from 'node:os';
import { benchApi, type ApiOptions } from './api';
import { benchBytes } from './bytes';
import { benchLogin } from './login';
import { benchPages } from './pages';
import { withPortal } from './portal';
import { BenchError, ensureBuild, log } from './processes';
import { summary, type Check } from './report';
import { benchStart } from './start';

const PARTS = ['api', 'login', 'pages', 'bytes', 'start'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `npm run bench [-- <part> ...] [options]
parts: api, login, pages, bytes, start (default: all)
  --runs N         Lighthouse runs per page, logins and starts per case (default 3)
  --seconds S      length of each API load (default 3)
  --rounds R       alternated rounds per API route (default 3)
  --no-build       measure apps/*/dist as they are, even when older than the sources
  --no-postgres    the API part on the embedded database only
environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), CHROME_PATH (/usr/bin/chromium)`;

function parseArgs(argv: string[]) {
  const parts = new Set<Part>();
  const numbers = { runs: 3, seconds: 3, rounds: 3 };
  let build = true;
  let postgres = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((PARTS as readonly string[]).includes(arg)) parts.add(arg as Part);
    else if (arg === '--no-build') build = false;
    else if (arg === '--no-postgres') postgres = false;
    else if (arg === '--runs' || arg === '--seconds' || arg === '--rounds') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1 || value > 20) throw new BenchError(`${arg} takes a whole number 1-20`);
      numbers[arg.slice(2) as keyof typeof numbers] = value;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new BenchError(`Unknown argument ${arg}\n${USAGE}`);
  }
  return { parts: parts.size > 0 ? parts : new Set<Part>(PARTS), build, postgres, ...numbers };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const began = Date.now();
  const checks: Check[] = [];
  const lines: string[] = [
    `${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start (figures from a loaded machine are not comparable)`,
  ];
  const add = (result: { checks: Check[]; lines: string[] }) => {
    checks.push(...result.checks);
    lines.push(...result.lines);
  };

  if (args.parts.has('api')) {
    const options: ApiOptions = {
      seconds: args.seconds,
      rounds: args.rounds,
      warmupSeconds: 3,
      connections: 50,
      postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      postgres: args.postgres,
    };
    add(await benchApi(options));
  }
  const browserParts = args.parts.has('login') || args.parts.has('pages') || args.parts.has('bytes');
  if (browserParts || args.parts.has('start')) await ensureBuild(args.build);
  if (browserParts) {
    await withPortal(async (portal) => {
      lines.push(`Browser: ${portal.chromeVersion} (headless, over the DevTools protocol)`);
      // First: its first login is the first after the server started.
      if (args.parts.has('login')) {
        log(`Login: the first after the start, then ${args.runs} more…`);
        add(await benchLogin(portal, args.runs));
      }
      if (args.parts.has('bytes')) {
        log('JavaScript bytes…');
        add(await benchBytes(portal));
      }
      if (args.parts.has('pages')) {
        log(`Pages: Lighthouse, ${args.runs} runs per page…`);
        add(await benchPages(portal, args.runs));
      }
    });
  }
  if (args.parts.has('start')) {
    log(`Start: ${args.runs} starts per case…`);
    add(await benchStart(args.runs));
  }
  lines.push(`Took ${Math.round((Date.now() - began) / 1000)} s.`);
  process.stdout.write(summary(checks, lines));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BenchError ? `\nThe benchmark failed: ${error.message}` : error);
    process.exit(1);
  },
);
