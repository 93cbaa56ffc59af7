import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, resolveAppSecret, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { IntegrationClientError, IntegrationClientsService } from './modules/integration/integration.service';
import { outboundUrlPolicy } from './platform/http/outbound-url';
import { SealedTokens } from './platform/auth/sealed-tokens';
import { buildApp } from './app';
import { importNdjson, type ImportSummary } from './bulk-import';
import { issueTicketUrls } from './modules/auth/tickets';
import { KioskService } from './modules/kiosk/kiosk.service';
import { publicBase } from './platform/http/routes';
import { prepareDatabase } from './startup';

const USAGE = `Usage: cli.js <command>
  migrate                      apply the database migrations
  seed                         migrate, then seed the demo facility if the database is empty
  tickets [username] [--count N] [--minutes M] [--json]
                               print fresh single sign-on, kiosk and link-login URLs for a patient user
                               (default jane.doe; each URL works once; SSO tickets live 2 minutes, kiosk
                               tickets 10 minutes, links 14 days; --minutes sets the SSO and kiosk ones)
  integration clients create --facility F --name N --scopes "patients clinical content events"
                             [--jwks public-keys.json [--secret]] [--webhook https://...] [--json]
                               register a facility system; prints its client id and, once, its secret
                               (with --jwks it signs assertions with those keys instead; --secret adds one)
  integration clients list [--facility F]
  integration clients rotate --client ID [--jwks public-keys.json]
                               a new secret (printed once; the old one stops working), or new public keys
  integration clients revoke --client ID
                               the client and its live tokens stop working at once
  kiosk entry FACILITY_ID [--rotate]
                               print the facility's kiosk entry address (/kio{secret}) for its kiosk devices to
                               bookmark; --rotate gives it a new secret (the old address stops working at once)
  import --facility F file.ndjson [--rejects rejects.ndjson]
                               load integration API resources from NDJSON, one per line:
                               {"put": "/patients/MRN/lab-results/ID", "body": {...}} or {"delete": "..."};
                               bad lines go to the rejects file (default file.rejects.ndjson)`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function run(args: string[]) {
  const command = args[0];
  if (
    command !== 'migrate' &&
    command !== 'seed' &&
    command !== 'tickets' &&
    command !== 'integration' &&
    command !== 'kiosk' &&
    command !== 'import'
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  // Logs go to stderr: `tickets --json` prints its answer on stdout for scripts to read.
  const quiet = command === 'tickets' || command === 'integration' || command === 'kiosk' || command === 'import';
  const log = pino({ level: quiet ? 'warn' : config.logLevel }, pino.destination(2));
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, log, { seed: command !== 'migrate' });
    if (command === 'import') {
      await importCommand(database, config, args.slice(1));
    } else if (command === 'kiosk') {
      await kioskCommand(database, config, args.slice(1));
    } else if (command === 'integration') {
      await integrationCommand(database, config, args.slice(1));
    } else if (command === 'tickets') {
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

async function importCommand(database: Database, config: Config, args: string[]) {
  const facility = option(args, '--facility');
  const valued = new Set(['--facility', '--rejects']);
  const given = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
  if (!facility || !given) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const app = await buildApp({ config: { ...config, logLevel: 'silent' }, database, limitIntegrationCalls: false });
  const tty = process.stderr.isTTY;
  const show = (s: ImportSummary) =>
    `${s.lines} lines: ${s.written} written, ${s.unchanged} unchanged, ${s.withdrawn} withdrawn, ${s.rejected} rejected ` +
    `(${Math.round(s.lines / Math.max(s.seconds, 0.001))} lines/s)`;
  try {
    // Paths are read from where the command was typed (npm runs the script in apps/server).
    const file = path.resolve(config.workingDir, given);
    const rejectsOption = option(args, '--rejects');
    const rejectsFile = rejectsOption
      ? path.resolve(config.workingDir, rejectsOption)
      : `${file.replace(/\.ndjson$/, '')}.rejects.ndjson`;
    const result = await importNdjson({
      app,
      facility,
      file,
      rejectsFile,
      onProgress: (s) => {
        if (tty) process.stderr.write(`\r${progressBar(s)} ${show(s)}`);
      },
    });
    if (tty) process.stderr.write('\n');
    for (const r of result.rejections.slice(0, 20)) console.error(`line ${r.line}: ${r.reason}`);
    if (result.rejected > 20) console.error(`... and ${result.rejected - 20} more`);
    process.stdout.write(`${show(result)} in ${result.seconds.toFixed(1)} s\n`);
    if (result.rejected > 0) {
      process.stdout.write(`Rejected lines: ${rejectsFile}\n`);
      process.exitCode = 1;
    }
  } catch (error) {
    if (!(error instanceof IntegrationClientError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    await app.close();
  }
}

function progressBar(s: ImportSummary): string {
  const filled = Math.round(s.fraction * 30);
  return `[${'#'.repeat(filled).padEnd(30, '.')}] ${String(Math.round(s.fraction * 100)).padStart(3)}%`;
}

async function kioskCommand(database: Database, config: Config, args: string[]) {
  const facilityId = Number(args[1]);
  if (args[0] !== 'entry' || !Number.isInteger(facilityId) || facilityId <= 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const kiosk = new KioskService(database.db, (id) => publicBase(database.db, config, id));
  const address = await kiosk.entryAddress(facilityId, args.includes('--rotate'));
  if (address === null) {
    console.error(`No facility ${facilityId}`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`${address}\n`);
}

async function integrationCommand(database: Database, config: Config, args: string[]) {
  const [area, action] = args;
  const clients = new IntegrationClientsService(
    database.db,
    (secret) => new SealedTokens(resolveAppSecret(config)).sealSecret(secret),
    outboundUrlPolicy(config),
  );
  const keyFile = option(args, '--jwks');
  const jwks = keyFile ? readFileSync(path.resolve(config.workingDir, keyFile), 'utf8') : undefined;
  const clientId = option(args, '--client') ?? '';
  const print = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
  try {
    if (area === 'clients' && action === 'create') {
      const created = await clients.create({
        facility: option(args, '--facility') ?? '',
        name: option(args, '--name') ?? '',
        scopes: option(args, '--scopes') ?? '',
        jwks,
        withSecret: args.includes('--secret'),
        webhookUrl: option(args, '--webhook'),
      });
      if (args.includes('--json')) {
        process.stdout.write(`${JSON.stringify(created)}\n`);
        return;
      }
      print([
        `client_id:      ${created.clientId}`,
        `scopes:         ${created.scopes.join(' ')}`,
        ...(created.clientSecret ? [`client_secret:  ${created.clientSecret}   (shown this once)`] : []),
        ...(created.webhookSecret ? [`webhook secret: ${created.webhookSecret}   (shown this once)`] : []),
      ]);
    } else if (area === 'clients' && action === 'list') {
      const rows = await clients.list(option(args, '--facility'));
      print(
        rows.map(
          (c) =>
            `${c.clientId}  ${c.facility}  ${c.name}  [${c.scopes.join(' ')}]  ${c.authentication}` +
            `${c.revokedAt ? `  revoked ${c.revokedAt.toISOString()}` : ''}`,
        ),
      );
    } else if (area === 'clients' && action === 'rotate') {
      const { clientSecret } = await clients.rotate(clientId, { jwks });
      print([clientSecret ? `client_secret:  ${clientSecret}   (shown this once)` : 'public keys replaced']);
    } else if (area === 'clients' && action === 'revoke') {
      await clients.revoke(clientId);
      print([`revoked ${clientId}`]);
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } catch (error) {
    if (!(error instanceof IntegrationClientError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
