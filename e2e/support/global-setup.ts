import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium';
import { startMailbox } from './mailbox';
import { writeDirectTestCertificates } from './server-direct';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    chromiumPath: string;
    screenshotDir: string;
    /** Where the captured mail can be read (see mailbox.ts). */
    mailboxUrl: string;
    /** Fresh single-use ways in for jane.doe, as relative URLs. */
    demoTickets: { sso: string[]; kioskUser: string[]; link: string[] };
    /** An integration API client of Riverside with every scope, registered by the clients command. */
    integrationClient: { clientId: string; clientSecret: string };
    /**
     * Direct as the server has it (its HISP is the mailbox): the facility's address, and what the test recipient
     * dr.lee@direct.example-clinic.org reads a message with (its certificate and key) and trusts (the authority).
     */
    direct: {
      facilityAddress: string;
      recipientAddress: string;
      recipient: { certificatePem: string; privateKeyPem: string };
      authorityPem: string;
    };
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
}

/** Starts the production build on its own port with its own fresh data folder. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const screenshotDir = path.join(ROOT, '.test-artifacts', 'screenshots');
  rmSync(screenshotDir, { recursive: true, force: true });
  mkdirSync(screenshotDir, { recursive: true });
  const mailbox = await startMailbox();
  // Direct on, as a facility with a HISP has it: test certificates (never production ones) in the data folder,
  // the trust folder holding the one recipient's certificate, and the mailbox as the HISP.
  const direct = await writeDirectTestCertificates(path.join(dataDir, 'direct'));
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
    DIRECT_SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
    DIRECT_FROM: direct.settings.from,
    DIRECT_CERT_FILE: direct.settings.certFile,
    DIRECT_KEY_FILE: direct.settings.keyFile,
    DIRECT_TRUST_DIR: direct.settings.trustDir,
    PUBLIC_URL: '',
    // A production build on a fresh folder seeds the demo people only when asked.
    DEMO_DATA: '1',
  };
  // The command-line task seeds the fresh data folder and issues tickets before the server holds it; they
  // live an hour, as the journeys that use them may run minutes after this.
  const demoTickets = JSON.parse(
    execFileSync(
      process.execPath,
      ['apps/server/dist/cli.js', 'tickets', 'jane.doe', '--count', '8', '--minutes', '60', '--json'],
      {
        cwd: ROOT,
        env: serverEnv,
        encoding: 'utf8',
      },
    ),
  ) as { sso: string[]; kioskUser: string[]; link: string[] };
  const integrationClient = JSON.parse(
    execFileSync(
      process.execPath,
      [
        'apps/server/dist/cli.js',
        'integration',
        'clients',
        'create',
        '--facility',
        'riverside',
        '--name',
        'Browser journeys engine',
        '--scopes',
        'patients clinical content events',
        '--json',
      ],
      { cwd: ROOT, env: serverEnv, encoding: 'utf8' },
    ),
  ) as { clientId: string; clientSecret: string };
  let log = '';
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(`${baseUrl}/readyz`, server, () => log);
  console.warn(`e2e: server on ${baseUrl}; screenshots in ${screenshotDir}`);
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('chromiumPath', chromiumPath);
  project.provide('screenshotDir', screenshotDir);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('demoTickets', demoTickets);
  project.provide('integrationClient', integrationClient);
  project.provide('direct', {
    facilityAddress: direct.facility.address,
    recipientAddress: direct.recipient.address,
    recipient: { certificatePem: direct.recipient.certificatePem, privateKeyPem: direct.recipient.privateKeyPem },
    authorityPem: direct.authority.certificatePem,
  });

  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    const code = await exited;
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    // SIGTERM drains and exits 0; anything else is a shutdown bug.
    if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${log}`);
  };
}
