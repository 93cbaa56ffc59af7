import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, inject } from 'vitest';
import { readMessage } from '../../apps/server/src/platform/direct/mime';

export interface MailAttachment {
  /** As the part names it (Content-Disposition filename, else Content-Type name). */
  fileName: string;
  /** The part's media type without its parameters, lower case (application/pdf). */
  contentType: string;
}

export interface CapturedMail {
  /** Its number in the mailbox: `mailRaw(mail)` reads the message exactly as it arrived. */
  id: number;
  /** The envelope's sender (MAIL FROM) and recipients (RCPT TO), lower case. */
  from: string;
  to: string[];
  subject: string;
  /** The top part's Content-Type header as sent (multipart/mixed; boundary=..., application/pkcs7-mime; ...). */
  contentType: string;
  /** The decoded text of the message's text part. */
  text: string;
  /** Every part that is neither the text nor the HTML, in order: the attached files. */
  attachments: MailAttachment[];
  receivedAt: number;
}

/** What a test file reads of one message: the server's own MIME reader, the one its developer mailboxes use. */
export function parseMail(raw: Buffer): Pick<CapturedMail, 'subject' | 'contentType' | 'text' | 'attachments'> {
  const message = readMessage(raw);
  return {
    subject: message.subject ?? '',
    contentType: message.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '',
    text: (message.text ?? '').trim(),
    attachments: message.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType })),
  };
}

/** A real SMTP server the portal delivers to, and a small HTTP endpoint the test files read it from. */
export async function startMailbox(): Promise<{ smtpPort: number; url: string; close: () => Promise<void> }> {
  const mails: CapturedMail[] = [];
  const raws: Buffer[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        let parsed: ReturnType<typeof parseMail>;
        try {
          parsed = parseMail(raw);
        } catch (err) {
          // Kept, so a test that waits for it fails on its content rather than on a mail that never came.
          parsed = { subject: '', contentType: '', text: `(unreadable: ${(err as Error).message})`, attachments: [] };
        }
        const mailFrom = session.envelope.mailFrom;
        mails.push({
          id: mails.length,
          from: mailFrom ? mailFrom.address.toLowerCase() : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parsed,
          receivedAt: Date.now(),
        });
        raws.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const http: Server = createServer((req, res) => {
    const raw = /^\/raw\/(\d+)$/.exec(req.url ?? '');
    if (raw) {
      const bytes = raws[Number(raw[1])];
      res.statusCode = bytes ? 200 : 404;
      res.setHeader('content-type', 'message/rfc822');
      res.end(bytes ?? '');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    smtpPort,
    url,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The message exactly as the mailbox received it (headers and body, every byte). */
export async function mailRaw(mail: Pick<CapturedMail, 'id'>): Promise<Buffer> {
  const res = await fetch(`${inject('mailboxUrl')}/raw/${mail.id}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Waits (up to 20 s) for a mail to `to` that matches, newest first. */
export async function waitForMail(
  to: string,
  matches: (mail: CapturedMail) => boolean = () => true,
  since = 0,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(inject('mailboxUrl'))).json()) as CapturedMail[];
        found = mails.filter((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()) && matches(m)).at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}
