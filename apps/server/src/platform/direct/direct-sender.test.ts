import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCcdaFixture } from '../../../test/ccda-fixtures';
import type { DirectConfig } from '../../config';
import {
  createDirectSender,
  DirectConfigurationError,
  DirectMessageError,
  DirectRecipientUnknownError,
  DirectSendError,
} from './direct-sender';
import type { DirectMessage, DirectSender } from './direct-sender';
import { parseMimeEntity, readMessage } from './mime';
import { decryptAndVerify } from './smime-open';
import { issueDirectCertificate, writeDirectTestCertificates } from './test-certificates';
import type { DirectTestFiles } from './test-certificates';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Connections opened to it, whether or not a message followed. */
  connections: number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (plain, no TLS) that keeps what it receives: the HISP. */
async function startHisp(extra: Partial<SMTPServerOptions> = {}): Promise<TestSmtpServer> {
  const state = { received: [] as ReceivedMail[], connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    ...extra,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received: state.received,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens (the HISP is down). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let dir: string;
let files: DirectTestFiles;
const servers: TestSmtpServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'direct-sender-'));
  files = await writeDirectTestCertificates(dir);
  // A domain-bound certificate: any address at direct.valley-health.example.
  const domain = await issueDirectCertificate(files.authority, { domain: 'direct.valley-health.example' });
  writeFileSync(path.join(files.settings.trustDir, 'valley-health.pem'), domain.certificatePem);
  writeFileSync(path.join(dir, 'valley-health.key.pem'), domain.privateKeyPem);
  domainKey = domain;
});
let domainKey: { certificatePem: string; privateKeyPem: string };

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function hisp(extra: Partial<SMTPServerOptions> = {}) {
  const server = await startHisp(extra);
  servers.push(server);
  return server;
}

function settings(port: number): DirectConfig {
  return { smtpUrl: `smtp://127.0.0.1:${port}`, ...files.settings };
}

const ccd = readCcdaFixture('ccd.xml');
const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)]);

function message(overrides: Partial<DirectMessage> = {}): DirectMessage {
  return {
    to: files.recipient.address,
    subject: 'Summary of care for Jane Doe',
    text: 'Dear Dr. Lee,\nplease find the summary of care attached.\n',
    attachments: [
      { filename: 'summary-of-care.xml', contentType: 'application/xml', content: ccd },
      { filename: 'letter.pdf', contentType: 'application/pdf', content: pdfBytes },
    ],
    ...overrides,
  };
}

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as T;
  }
  throw new Error(`expected ${type.name}`);
}

describe('sendDirect', () => {
  it('sends an S/MIME message over SMTP that the recipient decrypts, whose signature is the facility’s, with the text and the documents byte for byte', async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));

    const result = await sender.sendDirect(message());

    expect(result).toMatchObject({ recipientCertificates: 1, boundTo: 'address' });
    expect(server.received).toHaveLength(1);
    const received = server.received[0]!;
    expect(received.from).toBe(files.facility.address);
    expect(received.to).toEqual([files.recipient.address]);

    const outer = parseMimeEntity(received.raw);
    expect(outer.mediaType).toBe('application/pkcs7-mime');
    expect(outer.params['smime-type']).toBe('enveloped-data');
    expect(outer.header('content-transfer-encoding')).toBe('base64');
    expect(outer.header('from')).toBe(files.facility.address);
    expect(outer.header('to')).toBe(files.recipient.address);
    expect(outer.header('subject')).toBe('Summary of care for Jane Doe');
    expect(outer.header('message-id')).toBe(result.messageId);
    expect(received.raw.toString('latin1')).not.toContain('Dear Dr. Lee');

    const opened = await decryptAndVerify({
      entity: received.raw,
      recipient: files.recipient,
      trustedSigners: [files.authority.certificatePem],
    });
    expect(opened.signer.emailAddresses).toEqual([files.facility.address]);
    const inner = readMessage(opened.mime);
    expect(inner).toMatchObject({
      from: files.facility.address,
      to: files.recipient.address,
      subject: 'Summary of care for Jane Doe',
      messageId: result.messageId,
      text: 'Dear Dr. Lee,\r\nplease find the summary of care attached.\r\n',
    });
    expect(inner.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['summary-of-care.xml', 'application/xml'],
      ['letter.pdf', 'application/pdf'],
    ]);
    expect(inner.attachments[0]!.content.toString('utf8')).toBe(ccd);
    expect(inner.attachments[1]!.content.equals(pdfBytes)).toBe(true);
  });

  it('keeps a subject, text and file name in any language', async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));
    await sender.sendDirect(
      message({
        subject: 'Résumé de sortie – 出院小结',
        text: 'Bonjour, voici le résumé. 您好。',
        attachments: [{ filename: 'résumé 出院.xml', contentType: 'application/xml', content: ccd }],
      }),
    );
    const opened = await decryptAndVerify({ entity: server.received[0]!.raw, recipient: files.recipient });
    const inner = readMessage(opened.mime);
    expect(inner.subject).toBe('Résumé de sortie – 出院小结');
    expect(inner.text).toBe('Bonjour, voici le résumé. 您好。');
    expect(inner.attachments[0]!.filename).toBe('résumé 出院.xml');
  });

  it("encrypts to a domain's certificate for an address with none of its own", async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));
    const result = await sender.sendDirect(message({ to: 'front.desk@direct.valley-health.example' }));
    expect(result.boundTo).toBe('domain');
    expect(server.received[0]!.to).toEqual(['front.desk@direct.valley-health.example']);
    const opened = await decryptAndVerify({ entity: server.received[0]!.raw, recipient: domainKey });
    expect(readMessage(opened.mime).to).toBe('front.desk@direct.valley-health.example');
  });

  it('throws DirectRecipientUnknownError for an address without a certificate, before any SMTP connection', async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));
    const error = await rejection(
      sender.sendDirect(message({ to: 'dr.nobody@direct.unknown.example' })),
      DirectRecipientUnknownError,
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'direct_recipient_unknown', field: 'to' });
    expect(server.connections).toBe(0);
    expect(server.received).toHaveLength(0);
  });

  it('refuses, before any connection, a message that cannot be sent as given', async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));
    const cases: [Partial<DirectMessage>, string][] = [
      [{ to: 'dr.lee@direct.example-clinic.org, other@direct.example-clinic.org' }, 'to'],
      [{ to: 'Dr Lee <dr.lee@direct.example-clinic.org>' }, 'to'],
      [{ subject: 'Hello\r\nBcc: everyone@example.org' }, 'subject'],
      [{ subject: '   ' }, 'subject'],
      // The receiving HISP checks the From against the signer: only addresses the certificate is bound to.
      [{ from: 'someone@direct.riverside-cancer.example' }, 'from'],
      [{ from: 'Riverside <riverside@elsewhere.example>' }, 'from'],
      [{ attachments: [{ filename: 'a\r\nb.xml', contentType: 'application/xml', content: 'x' }] }, 'attachments.0'],
      [{ attachments: [{ filename: 'a.xml', contentType: 'xml; x=1', content: 'x' }] }, 'attachments.0'],
    ];
    for (const [overrides, field] of cases) {
      const error = await rejection(sender.sendDirect(message(overrides)), DirectMessageError);
      expect(error.field).toBe(field);
    }
    expect(server.connections).toBe(0);
  });

  it('sends with a display name in From when the address is the facility’s', async () => {
    const server = await hisp();
    const sender = await createDirectSender(settings(server.port));
    await sender.sendDirect(message({ from: `Riverside Cancer Care <${files.facility.address}>` }));
    expect(server.received[0]!.from).toBe(files.facility.address);
    expect(parseMimeEntity(server.received[0]!.raw).header('from')).toBe(
      `Riverside Cancer Care <${files.facility.address}>`,
    );
  });

  it('throws DirectRecipientUnknownError (refused) when the HISP refuses the recipient for good, nothing delivered', async () => {
    const server = await hisp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.7.1 Recipient not trusted'), { responseCode: 550 }));
      },
    });
    const sender = await createDirectSender(settings(server.port));
    const error = await rejection(sender.sendDirect(message()), DirectRecipientUnknownError);
    expect(error).toMatchObject({ statusCode: 400, code: 'direct_recipient_unknown', reason: 'refused' });
    expect(server.received).toHaveLength(0);
  });

  it('throws a retryable DirectSendError when the HISP refuses the recipient for now (4xx)', async () => {
    const server = await hisp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('4.4.3 Directory lookup failed, try later'), { responseCode: 451 }));
      },
    });
    const sender = await createDirectSender(settings(server.port));
    const error = await rejection(sender.sendDirect(message()), DirectSendError);
    expect(error).toMatchObject({ statusCode: 502, code: 'direct_send_failed', responseCode: 451, retryable: true });
    expect(error.detail).toMatch(/451/);
    expect(error.detail).not.toContain('dr.lee@');
    expect(server.received).toHaveLength(0);
  });

  it('throws a retryable DirectSendError when the HISP cannot be reached', async () => {
    const sender = await createDirectSender(settings(await freePort()));
    const error = await rejection(sender.sendDirect(message()), DirectSendError);
    expect(error.retryable).toBe(true);
    expect(error.detail).toMatch(/^(ECONNECTION|ESOCKET)\b/);
  });

  it('refuses settings whose key is not the certificate’s, or whose address the certificate is not bound to', async () => {
    const base = settings(await freePort());
    const wrongKey = { ...base, keyFile: files.recipientFiles.keyFile };
    await expect(createDirectSender(wrongKey)).rejects.toThrow(DirectConfigurationError);
    const wrongAddress = { ...base, from: 'other@direct.riverside-cancer.example' };
    await expect(createDirectSender(wrongAddress)).rejects.toThrow(DirectConfigurationError);
  });
});

describe('writeDirectTestCertificates', () => {
  it('writes the demo facility and recipient certificates and keys where the settings point', async () => {
    expect(files.facility.address).toBe('riverside@direct.riverside-cancer.example');
    expect(files.recipient.address).toBe('dr.lee@direct.example-clinic.org');
    expect(path.relative(dir, files.settings.trustDir)).toBe('trust');
    const sender: DirectSender = await createDirectSender(settings(await freePort()));
    expect((await sender.trustStore.lookup(files.recipient.address)).certificates[0]?.certificatePem).toBe(
      files.recipient.certificatePem,
    );
  });
});
