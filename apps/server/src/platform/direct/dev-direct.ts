import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devDirectMessages } from '../../db/schema/index';
import { DirectSender, type DirectTransport } from './direct-sender';
import { readMessage } from './mime';
import { SmimeError } from './smime';
import { decryptAndVerify } from './smime-open';
import { DEMO_FACILITY_DIRECT_ADDRESS, writeDirectTestCertificates } from './test-certificates';
import { DirectTrustStore } from './trust-store';

// Direct outside production without a HISP (DIRECT_* unset): messages are built, signed and encrypted exactly as
// they would leave, with the demo test certificates (written once into the data folder), and kept in
// dev_direct_messages instead of being handed to a HISP. The developer Direct mailbox opens them with the demo
// recipient's key, as the clinician's HISP would.

/** Where the development certificates live: ca, facility and recipient PEM files and trust/. */
export function devDirectFolder(dataDir: string): string {
  return path.join(dataDir, 'direct-dev');
}

const FILES = ['ca.cert.pem', 'facility.cert.pem', 'facility.key.pem', 'recipient.cert.pem', 'recipient.key.pem'];

function isComplete(dir: string): boolean {
  return FILES.every((file) => existsSync(path.join(dir, file))) && existsSync(path.join(dir, 'trust'));
}

/**
 * Writes the demo test certificates into `dir` unless they are there. They are made in a folder of their own and
 * renamed into place, so two processes starting together never read a half-written set (the loser keeps the
 * winner's).
 */
export async function ensureDevDirectCertificates(dir: string): Promise<void> {
  if (isComplete(dir)) return;
  await mkdir(path.dirname(dir), { recursive: true });
  const temporary = `${dir}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeDirectTestCertificates(temporary);
    await rename(temporary, dir);
  } catch (err) {
    if (isComplete(dir)) return;
    throw new Error(
      `The development Direct certificates could not be written to ${dir} (${(err as Error).message}); ` +
        'delete that folder to have them made again.',
    );
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/** The HISP of development: keeps the raw message (as it would have left) in dev_direct_messages. */
export class DevDirectTransport implements DirectTransport {
  constructor(private readonly db: Db) {}

  async sendMail(message: { envelope: { from: string; to: string[] }; raw: Buffer }): Promise<void> {
    await this.db.insert(devDirectMessages).values({
      fromAddress: message.envelope.from,
      toAddress: message.envelope.to.join(', '),
      raw: message.raw,
    });
  }
}

/** The development sender: the demo facility's certificate, a trust folder holding the demo recipient's. */
export async function createDevDirectSender(dir: string, db: Db): Promise<DirectSender> {
  await ensureDevDirectCertificates(dir);
  const [certificatePem, privateKeyPem, authorityPem] = await Promise.all([
    readFile(path.join(dir, 'facility.cert.pem'), 'utf8'),
    readFile(path.join(dir, 'facility.key.pem'), 'utf8'),
    readFile(path.join(dir, 'ca.cert.pem'), 'utf8'),
  ]);
  return new DirectSender({
    from: DEMO_FACILITY_DIRECT_ADDRESS,
    signer: { certificatePem, privateKeyPem },
    trustStore: new DirectTrustStore({ dir: path.join(dir, 'trust') }),
    transport: new DevDirectTransport(db),
    // The demo recipient's notifications are signed by a certificate of the demo authority.
    notificationSigners: () => Promise.resolve([authorityPem]),
  });
}

export interface DevDirectAttachment {
  index: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** What the developer Direct mailbox shows of a kept message. */
export interface DevDirectMessage {
  id: number;
  /** ISO 8601 */
  createdAt: string;
  /** The SMTP envelope. */
  envelopeFrom: string;
  envelopeTo: string;
  /** The message as decrypted with the demo recipient's key and verified; null when it could not be. */
  opened: {
    from: string | null;
    to: string | null;
    subject: string | null;
    /** The subject of the certificate that signed it, checked against the demo authority. */
    signer: string;
    signerAddresses: string[];
    text: string | null;
    attachments: DevDirectAttachment[];
  } | null;
  /** Why it could not be opened (an SmimeError code or a short reason). */
  error: string | null;
}

interface Recipient {
  recipient: { certificatePem: string; privateKeyPem: string };
  authorityPem: string;
}

async function recipientOf(dir: string): Promise<Recipient | null> {
  if (!isComplete(dir)) return null;
  const [certificatePem, privateKeyPem, authorityPem] = await Promise.all(
    ['recipient.cert.pem', 'recipient.key.pem', 'ca.cert.pem'].map((file) => readFile(path.join(dir, file), 'utf8')),
  );
  return { recipient: { certificatePem: certificatePem!, privateKeyPem: privateKeyPem! }, authorityPem: authorityPem! };
}

async function open(raw: Uint8Array, keys: Recipient | null) {
  if (!keys) throw new SmimeError('not_for_recipient', 'The development recipient key is missing.');
  const decrypted = await decryptAndVerify({
    entity: raw,
    recipient: keys.recipient,
    trustedSigners: [keys.authorityPem],
  });
  return { decrypted, message: readMessage(decrypted.mime) };
}

function errorOf(err: unknown): string {
  return err instanceof SmimeError ? err.code : 'unreadable_message';
}

/** The kept messages, newest first, each opened with the demo recipient's key. */
export async function listDevDirectMessages(db: Db, dir: string, limit = 20): Promise<DevDirectMessage[]> {
  const rows = await db.select().from(devDirectMessages).orderBy(desc(devDirectMessages.id)).limit(limit);
  const keys = await recipientOf(dir);
  const result: DevDirectMessage[] = [];
  for (const row of rows) {
    const base = {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      envelopeFrom: row.fromAddress,
      envelopeTo: row.toAddress,
    };
    try {
      const { decrypted, message } = await open(row.raw, keys);
      result.push({
        ...base,
        opened: {
          from: message.from ?? null,
          to: message.to ?? null,
          subject: message.subject ?? null,
          signer: decrypted.signer.subject,
          signerAddresses: decrypted.signer.emailAddresses,
          text: message.text ?? null,
          attachments: message.attachments.map((a, index) => ({
            index,
            fileName: a.filename ?? `attachment-${index + 1}`,
            contentType: a.contentType,
            sizeBytes: a.content.length,
          })),
        },
        error: null,
      });
    } catch (err) {
      result.push({ ...base, opened: null, error: errorOf(err) });
    }
  }
  return result;
}

/** One attachment of a kept message, decrypted, or undefined when there is none such (or it cannot be opened). */
export async function devDirectAttachment(db: Db, dir: string, id: number, index: number) {
  const [row] = await db.select().from(devDirectMessages).where(eq(devDirectMessages.id, id)).limit(1);
  if (!row) return undefined;
  try {
    const { message } = await open(row.raw, await recipientOf(dir));
    const attachment = message.attachments[index];
    if (!attachment) return undefined;
    return {
      fileName: attachment.filename ?? `attachment-${index + 1}`,
      contentType: attachment.contentType,
      content: attachment.content,
    };
  } catch {
    return undefined;
  }
}
