import net from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { readMessage } from '../direct/mime';
import { MailOutbox } from './outbox';
import type { OutgoingMail } from './outbox';
import { createSmtpTransport, defaultBackoffMs, describeError, isLoopbackHost, MailSender } from './sender';
import type { MailSenderOptions } from './sender';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all. */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server in this process (plain text, no TLS, optional AUTH) that keeps what it receives. */
async function startSmtpServer(port = 0, extra: Partial<SMTPServerOptions> = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...extra,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const waiter of waiting.filter((w) => received.length >= w.count)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    received,
    arrived: (count) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens (the mail server is down). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Splits a raw RFC 5322 message into unfolded headers and body. */
function parseRaw(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { header: (name: string) => headers.get(name.toLowerCase()), body: raw.slice(split + 4) };
}

function captureLog() {
  const entries: { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg?: string }[] = [];
  const log = {
    info: (obj: Record<string, unknown>, msg?: string) => entries.push({ level: 'info', obj, msg }),
    warn: (obj: Record<string, unknown>, msg?: string) => entries.push({ level: 'warn', obj, msg }),
    error: (obj: Record<string, unknown>, msg?: string) => entries.push({ level: 'error', obj, msg }),
  };
  return { log, entries, text: () => JSON.stringify(entries) };
}

let database: Database;
let outbox: MailOutbox;
let clock: Date;
const servers: TestSmtpServer[] = [];
const senders: MailSender[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = new MailOutbox(database.db);
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  clock = new Date();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await database.close();
});

async function smtp(port = 0, extra: Partial<SMTPServerOptions> = {}) {
  const server = await startSmtpServer(port, extra);
  servers.push(server);
  return server;
}

function sender(smtpUrl: string, options: Partial<MailSenderOptions> = {}) {
  const s = new MailSender({
    db: database.db,
    transport: createSmtpTransport(smtpUrl),
    from: 'Patient Portal <no-reply@portal.example>',
    log: captureLog().log,
    now: () => clock,
    ...options,
  });
  senders.push(s);
  return s;
}

async function enqueue(mail: Partial<OutgoingMail> = {}) {
  const id = await database.db.transaction((tx) =>
    outbox.enqueue(tx, { to: 'alice@example.org', subject: 'Welcome', text: 'Hello Alice', ...mail }),
  );
  // The row is due from the database's now(); the test clock starts just after it.
  clock = new Date(Date.now() + 5);
  return id;
}

async function row(id: number) {
  const [r] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!r) throw new Error(`no outbox row ${id}`);
  return r;
}

const later = (ms: number) => new Date(clock.getTime() + ms);

/** Resolves once `count` runs of the sender's deliverDue (begun by kick(), start() or the poll) have ended. */
function runsEnded(s: MailSender, count: number): Promise<void> {
  const deliverDue = s.deliverDue.bind(s);
  let ended = 0;
  return new Promise((resolve) => {
    vi.spyOn(s, 'deliverDue').mockImplementation(async () => {
      try {
        return await deliverDue();
      } finally {
        ended += 1;
        if (ended === count) resolve();
      }
    });
  });
}

describe('MailSender', () => {
  it('delivers queued mail over SMTP and marks it sent, logging only the id and the domain', async () => {
    const server = await smtp();
    const { log, text } = captureLog();
    const id = await enqueue({
      to: 'alice@example.org',
      subject: 'Confirm your e-mail address',
      text: 'Hello Alice,\nopen https://portal.example/confirm?token=abc to confirm.',
      html: '<p>Hello Alice</p>',
    });

    const result = await sender(`smtp://127.0.0.1:${server.port}`, { log }).deliverDue();

    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    const received = server.received[0]!;
    expect(received.to).toEqual(['alice@example.org']);
    expect(received.from).toBe('no-reply@portal.example');
    const message = parseRaw(received.raw);
    expect(message.header('to')).toBe('alice@example.org');
    expect(message.header('subject')).toBe('Confirm your e-mail address');
    expect(message.header('from')).toBe('Patient Portal <no-reply@portal.example>');
    expect(message.body).toContain('Hello Alice,\r\nopen https://portal.example/confirm?token=abc to confirm.');
    expect(message.body).toContain('<p>Hello Alice</p>');

    const r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.sentAt).toEqual(clock);
    expect(r.attempts).toBe(1);
    expect(r.lastError).toBeNull();

    expect(text()).toContain(`"outboxId":${id}`);
    expect(text()).toContain('"domain":"example.org"');
    expect(text()).not.toContain('alice@');
    expect(text()).not.toContain('Hello Alice');
    expect(text()).not.toContain('token=abc');

    expect(await sender(`smtp://127.0.0.1:${server.port}`).deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
  });

  it('keeps mail while the server is down and delivers it once the server is up and the backoff has passed', async () => {
    const port = await freePort();
    const { log, entries, text } = captureLog();
    const s = sender(`smtp://127.0.0.1:${port}`, { log });
    const id = await enqueue({ subject: 'Reset your password' });
    const failedAt = clock;

    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row(id);
    expect(r.status).toBe('pending');
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/^(ECONNECTION|ESOCKET)\b/);
    expect(r.lastError!.length).toBeLessThanOrEqual(300);
    expect(r.nextAttemptAt.getTime()).toBe(failedAt.getTime() + 30_000);
    expect(entries.some((e) => e.level === 'warn' && e.obj.outboxId === id)).toBe(true);
    expect(text()).not.toContain('alice@');

    const server = await smtp(port);
    clock = later(29_000);
    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);

    clock = new Date(failedAt.getTime() + 30_001);
    expect(await s.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    expect(parseRaw(server.received[0]!.raw).header('subject')).toBe('Reset your password');
    r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.attempts).toBe(2);
    expect(r.sentAt).toEqual(clock);
  });

  it('does not use up the attempts of other mail when the server is unreachable', async () => {
    const port = await freePort();
    const s = sender(`smtp://127.0.0.1:${port}`);
    const ids = [
      await enqueue({ subject: 'One' }),
      await enqueue({ subject: 'Two' }),
      await enqueue({ subject: 'Three' }),
    ];

    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await Promise.all(ids.map(row))).map((r) => r.attempts)).toEqual([1, 0, 0]);

    const server = await smtp(port);
    clock = later(31_000);
    expect(await s.deliverDue()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(server.received.map((m) => parseRaw(m.raw).header('subject')).sort()).toEqual(['One', 'Three', 'Two']);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(defaultBackoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('marks mail failed once it reaches maxAttempts', async () => {
    const port = await freePort();
    const { log, entries } = captureLog();
    const s = sender(`smtp://127.0.0.1:${port}`, { log, maxAttempts: 3, backoffMs: (n) => n * 1000 });
    const id = await enqueue();

    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).nextAttemptAt).toEqual(later(1000));
    clock = later(1000);
    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).nextAttemptAt).toEqual(later(2000));
    clock = later(2000);
    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });

    const r = await row(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(3);
    expect(r.lastError).toBeTruthy();
    expect(entries.filter((e) => e.level === 'error').map((e) => e.obj.outboxId)).toEqual([id]);

    const server = await smtp(port);
    clock = later(24 * 3_600_000);
    expect(await s.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);
  });

  it('delivers each row once when two senders run at the same time', async () => {
    const server = await smtp();
    const subjects = Array.from({ length: 45 }, (_, i) => `Message ${i}`);
    for (const subject of subjects) await enqueue({ subject });

    const url = `smtp://127.0.0.1:${server.port}`;
    const [a, b] = await Promise.all([sender(url).deliverDue(), sender(url).deliverDue()]);

    expect(a.sent + b.sent).toBe(45);
    expect(a.retried + b.retried + a.failed + b.failed).toBe(0);
    const received = server.received.map((m) => parseRaw(m.raw).header('subject'));
    expect(received).toHaveLength(45);
    expect(new Set(received).size).toBe(45);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a message the server refuses without holding back the others', async () => {
    const server = await smtp(0, {
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce@')) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
    });
    const bounce = await enqueue({ to: 'bounce@example.org' });
    const ok = await enqueue({ to: 'bob@example.org' });

    expect(await sender(`smtp://127.0.0.1:${server.port}`).deliverDue()).toEqual({ sent: 1, retried: 1, failed: 0 });
    expect((await row(bounce)).status).toBe('pending');
    expect((await row(bounce)).lastError).toMatch(/550/);
    expect((await row(ok)).status).toBe('sent');
    expect(server.received.map((m) => m.to)).toEqual([['bob@example.org']]);
  });

  it('authenticates with the credentials of SMTP_URL and keeps the password out of last_error', async () => {
    const server = await smtp(0, {
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'right-pass') return callback(null, { user: 'mailer' });
        callback(new Error('Invalid username or password'));
      },
    });
    // Plaintext AUTH to loopback is a development allowance; without it the TLS tests below show it refused.
    const plaintextAuth = (url: string) =>
      sender(url, { transport: createSmtpTransport(url, { allowPlaintextAuthOnLoopback: true }) });
    const wrong = plaintextAuth(`smtp://mailer:wrong-pass@127.0.0.1:${server.port}`);
    const id = await enqueue();

    expect(await wrong.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const r = await row(id);
    expect(r.lastError).toMatch(/^EAUTH\b/);
    expect(r.lastError).not.toContain('wrong-pass');
    expect(server.received).toHaveLength(0);

    clock = later(60_000);
    expect(await plaintextAuth(`smtp://mailer:right-pass@127.0.0.1:${server.port}`).deliverDue()).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(server.received).toHaveLength(1);
  });

  it('runs soon after kick(), polls after start(), and stop() waits for the run in progress', async () => {
    const server = await smtp();
    const s = sender(`smtp://127.0.0.1:${server.port}`, { now: () => new Date(), pollIntervalMs: 60_000 });

    await enqueue({ subject: 'Kicked' });
    s.kick();
    s.kick();
    await server.arrived(1);
    expect(server.received).toHaveLength(1);

    s.start();
    await enqueue({ subject: 'Started' });
    s.kick();
    await server.arrived(2);
    expect(server.received).toHaveLength(2);

    await enqueue({ subject: 'Stopping' });
    s.kick();
    await s.stop();
    await enqueue({ subject: 'After stop' });
    // Time itself is what is tested: well past the kick delay and the poll interval (fake timers, not a
    // wait), a stopped sender has started no run; stop() again would wait for one if it had.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      s.kick();
      await vi.advanceTimersByTimeAsync(120_000);
    } finally {
      vi.useRealTimers();
    }
    await s.stop();
    const subjects = server.received.map((m) => parseRaw(m.raw).header('subject'));
    expect(subjects).not.toContain('After stop');
    expect(subjects.slice(0, 2)).toEqual(['Kicked', 'Started']);
  });

  it('polls on its interval without a kick', async () => {
    const server = await smtp();
    const s = sender(`smtp://127.0.0.1:${server.port}`, { now: () => new Date(), pollIntervalMs: 50 });
    // The run start() asks for and the first poll find nothing; once both have ended (whichever began
    // first), only a poll can send what is queued next.
    const firstRuns = runsEnded(s, 2);
    s.start();
    await firstRuns;
    await enqueue({ subject: 'Polled' });
    await server.arrived(1);
    expect(server.received).toHaveLength(1);
    await s.stop();
  });

  it('delivers the attachments and the Reply-To of each mail, read for the whole batch at once', async () => {
    const server = await smtp();
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument>é 漢字</ClinicalDocument>\n';
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0x80, 0x0d, 0x0a]);
    const withFiles = await enqueue({
      to: 'clinician@example.org',
      subject: 'Health summary from Riverside',
      text: 'A summary is attached.',
      replyTo: 'jane.doe@example.org',
      attachments: [
        { fileName: 'HealthSummary_2024-03-05_7.xml', contentType: 'application/xml', content: Buffer.from(xml) },
        { fileName: 'HealthSummary_2024-03-05_7.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });
    const other = await enqueue({
      to: 'other@example.org',
      attachments: [{ fileName: 'notes.txt', contentType: 'text/plain', content: Buffer.from('other file') }],
    });
    const plain = await enqueue({ to: 'plain@example.org' });
    // Counts the queries of the claim: the due rows and their attachments, whatever the number of mails.
    let selects = 0;
    const transaction = database.db.transaction.bind(database.db);
    const spy = vi.spyOn(database.db, 'transaction').mockImplementation((work) =>
      transaction((tx) => {
        const select = tx.select.bind(tx);
        vi.spyOn(tx, 'select').mockImplementation((...args: Parameters<typeof select>) => {
          selects += 1;
          return select(...args);
        });
        return work(tx);
      }),
    );

    expect(await sender(`smtp://127.0.0.1:${server.port}`).deliverDue()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(selects).toBe(2);

    const byRecipient = new Map(server.received.map((m) => [m.to[0], readMessage(m.raw)]));
    const summary = byRecipient.get('clinician@example.org')!;
    expect(summary.text).toBe('A summary is attached.');
    expect(summary.headers.find((h) => h.name.toLowerCase() === 'reply-to')?.value).toBe('jane.doe@example.org');
    expect(summary.from).toBe('Patient Portal <no-reply@portal.example>');
    expect(summary.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['HealthSummary_2024-03-05_7.xml', 'application/xml'],
      ['HealthSummary_2024-03-05_7.pdf', 'application/pdf'],
    ]);
    expect(summary.attachments[0]!.content.toString('utf8')).toBe(xml);
    expect(new Uint8Array(summary.attachments[1]!.content)).toEqual(pdf);

    const otherMail = byRecipient.get('other@example.org')!;
    expect(otherMail.attachments.map((a) => a.content.toString('utf8'))).toEqual(['other file']);
    expect(otherMail.headers.some((h) => h.name.toLowerCase() === 'reply-to')).toBe(false);
    expect(byRecipient.get('plain@example.org')!.attachments).toEqual([]);
    for (const id of [withFiles, other, plain]) expect((await row(id)).status).toBe('sent');
  });

  it('describes errors briefly, without credentials or line breaks', () => {
    const err = Object.assign(
      new Error('connect to smtp://user:hunter2@mail.example failed\r\nAUTH PLAIN dXNlcjpodW50ZXIy'),
      {
        code: 'ECONNECTION',
      },
    );
    const text = describeError(err);
    expect(text).toMatch(/^ECONNECTION: /);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('dXNlcjpodW50ZXIy');
    expect(text).not.toMatch(/[\r\n]/);
    expect(describeError(new Error('x'.repeat(1000))).length).toBeLessThanOrEqual(300);
    expect(describeError(new Error('550 <alice@example.org> unknown'), { hideAddresses: true })).not.toContain('alice');
  });
});

describe('createSmtpTransport without TLS', () => {
  // The test server offers no STARTTLS. A relay named by an address that is not written as loopback stands for a
  // remote one: IPv4-mapped 127.0.0.1 reaches the same server, yet isLoopbackHost does not treat it as local.
  const remote = (port: number, auth = '') => `smtp://${auth}[::ffff:127.0.0.1]:${port}`;

  async function plainServerWithAuth() {
    const attempts: string[] = [];
    const server = await smtp(0, {
      authOptional: true,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        attempts.push(`${auth.username}:${auth.password ?? ''}`);
        callback(null, { user: auth.username });
      },
    });
    return { server, attempts };
  }

  it('tells loopback hosts from the others', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['mail.example', '10.0.0.1', '0.0.0.0', '[::ffff:7f00:1]', '127.0.0.1.example']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('refuses to send to a relay that is not loopback when it offers no STARTTLS', async () => {
    const { server, attempts } = await plainServerWithAuth();
    const id = await enqueue();

    expect(await sender(remote(server.port)).deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).lastError).toMatch(/^ETLS\b/);
    expect(server.received).toHaveLength(0);
    expect(attempts).toEqual([]);
  });

  it('keeps requiring TLS whatever the URL query says', async () => {
    const { server } = await plainServerWithAuth();
    const id = await enqueue();

    const url = `${remote(server.port)}?ignoreTLS=true&requireTLS=false&opportunisticTLS=true`;
    expect(await sender(url).deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row(id)).lastError).toMatch(/^ETLS\b/);
    expect(server.received).toHaveLength(0);
  });

  it('never sends credentials in clear, to a remote relay or to loopback, unless development allows loopback', async () => {
    const { server, attempts } = await plainServerWithAuth();
    const id = await enqueue();

    expect(await sender(remote(server.port, 'mailer:secret-pass@')).deliverDue()).toMatchObject({ sent: 0 });
    expect(await sender(`smtp://mailer:secret-pass@127.0.0.1:${server.port}`).deliverDue()).toMatchObject({ sent: 0 });
    expect(attempts).toEqual([]);
    expect(server.received).toHaveLength(0);
    expect((await row(id)).lastError).toMatch(/^ETLS\b/);

    // The development allowance is for loopback only: the remote relay still refuses.
    const remoteUrl = remote(server.port, 'mailer:secret-pass@');
    const allowed = { allowPlaintextAuthOnLoopback: true };
    clock = later(60_000);
    expect(await sender(remoteUrl, { transport: createSmtpTransport(remoteUrl, allowed) }).deliverDue()).toMatchObject({
      sent: 0,
    });
    expect(attempts).toEqual([]);

    clock = later(600_000);
    const localUrl = `smtp://mailer:secret-pass@127.0.0.1:${server.port}`;
    expect(await sender(localUrl, { transport: createSmtpTransport(localUrl, allowed) }).deliverDue()).toMatchObject({
      sent: 1,
    });
    expect(attempts).toEqual(['mailer:secret-pass']);
  });

  it('still sends without TLS to a loopback relay when no credentials are configured', async () => {
    const { server } = await plainServerWithAuth();
    await enqueue();
    expect(await sender(`smtp://127.0.0.1:${server.port}`).deliverDue()).toMatchObject({ sent: 1 });
    expect(server.received).toHaveLength(1);
  });
});
