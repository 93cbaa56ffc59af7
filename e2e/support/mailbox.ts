import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, inject } from 'vitest';

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The decoded text of every text part, joined. */
  text: string;
  receivedAt: number;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Just enough MIME for the portal's own mail: headers, multipart, quoted-printable and base64 text parts. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeaderWords(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const texts: string[] = [];
  const walk = (headers: string, body: string) => {
    const type = /^content-type: *([^;\r\n]+)(.*)$/im.exec(headers);
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(type?.[2] ?? '')?.[1];
    if (boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const [h = '', ...b] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
        walk(h.replace(/\r?\n[ \t]+/g, ' '), b.join('\n\n'));
      }
      return;
    }
    if (type && !/text\/plain/i.test(type[1] ?? '')) return;
    const encoding = /^content-transfer-encoding: *(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') texts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') texts.push(decodeQuotedPrintable(body));
    else texts.push(body);
  };
  walk(unfolded, rest.join('\n\n'));
  return { subject, text: texts.join('\n').trim() };
}

/** A real SMTP server the portal delivers to, and a small HTTP endpoint the test files read it from. */
export async function startMailbox(): Promise<{ smtpPort: number; url: string; close: () => Promise<void> }> {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const http: Server = createServer((_req, res) => {
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
