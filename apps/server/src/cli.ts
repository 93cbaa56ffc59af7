import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { issueTicketUrls } from './modules/auth/tickets';
import { prepareDatabase } from './startup';

const USAGE = `Usage: cli.js <command>
  migrate                      apply the database migrations
  seed                         migrate, then seed the demo facility if the database is empty
  tickets [username] [--count N] [--minutes M] [--json]
                               print fresh single sign-on, kiosk and link-login URLs for a patient user
                               (default jane.doe; each URL works once; SSO tickets live 2 minutes, kiosk
                               tickets 10 minutes, links 14 days; --minutes sets the SSO and kiosk ones)`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function run(args: string[]) {
  const command = args[0];
  if (command !== 'migrate' && command !== 'seed' && command !== 'tickets') {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  // Logs go to stderr: `tickets --json` prints its answer on stdout for scripts to read.
  const log = pino({ level: command === 'tickets' ? 'warn' : config.logLevel }, pino.destination(2));
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, log, { seed: command !== 'migrate' });
    if (command === 'tickets') {
      const username = args[1] && !args[1].startsWith('--') ? args[1] : 'jane.doe';
      const count = Math.max(1, Math.min(50, Number(option(args, '--count') ?? 1) || 1));
      const minutes = Number(option(args, '--minutes'));
      const lifetimeMs = Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, 24 * 60) * 60_000 : undefined;
      const urls = await issueTicketUrls(database.db, username, count, lifetimeMs);
      if (args.includes('--json')) {
        process.stdout.write(`${JSON.stringify(urls)}\n`);
      } else {
        const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
        process.stdout.write(
          [
            `Single sign-on (2 minutes): ${base}${urls.sso[0]}`,
            `Kiosk user (10 minutes):    ${base}${urls.kioskUser[0]}`,
            `Link login (14 days):       ${base}${urls.link[0]}`,
            '',
          ].join('\n'),
        );
      }
    } else {
      log.info({}, command === 'seed' ? 'database migrated and seeded' : 'database migrated');
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
