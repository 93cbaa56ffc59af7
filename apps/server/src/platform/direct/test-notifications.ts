import { randomBytes } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import { signAndEncrypt, type SmimeCredentials } from './smime';

/**
 * Delivery notifications as a receiving HISP writes them (RFC 8098 MDN, RFC 3464 DSN, the Direct Implementation
 * Guide for Delivery Notification), for tests: plain, or signed by the recipient and encrypted to the facility as
 * they arrive in mode 'smime'. Never used by the portal itself.
 */

export interface TestMdnOptions {
  from: string;
  to: string;
  originalMessageId: string;
  /** processed, dispatched, failed... */
  disposition: string;
  /** Adds X-DIRECT-FINAL-DESTINATION-DELIVERY (a 'dispatched' from the final destination). */
  finalDestination?: boolean;
}

const CRLF = '\r\n';

export function testMdn(options: TestMdnOptions): string {
  const boundary = `mdn-${randomBytes(6).toString('hex')}`;
  return [
    `From: ${options.from}`,
    `To: ${options.to}`,
    'Subject: Processed: Health summary',
    `Message-ID: <${randomBytes(8).toString('hex')}@direct.example-clinic.org>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=disposition-notification; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your message was ${options.disposition}.`,
    `--${boundary}`,
    'Content-Type: message/disposition-notification',
    '',
    'Reporting-UA: direct.example-clinic.org; Test HISP',
    `Original-Recipient: rfc822;${options.from}`,
    `Final-Recipient: rfc822;${options.from}`,
    `Original-Message-ID: ${options.originalMessageId}`,
    `Disposition: automatic-action/MDN-sent-automatically; ${options.disposition}`,
    ...(options.finalDestination ? ['X-DIRECT-FINAL-DESTINATION-DELIVERY: '] : []),
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

export function testDsn(options: { to: string; recipient: string; originalMessageId: string; action: string }): string {
  const boundary = `dsn-${randomBytes(6).toString('hex')}`;
  return [
    'From: Mail Delivery System <mailer-daemon@hisp.riverside-cancer.example>',
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain',
    '',
    'The message could not be delivered.',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; hisp.riverside-cancer.example',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Action: ${options.action}`,
    'Status: 5.1.1',
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${options.to}`,
    `To: ${options.recipient}`,
    `Message-ID: ${options.originalMessageId}`,
    'Subject: Health summary',
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** A notification as it arrives in mode 'smime': signed by the answering recipient, encrypted to the facility. */
export async function encryptedNotification(
  plain: string,
  signer: SmimeCredentials,
  facilityCertificatePem: string,
  headers: { from: string; to: string },
): Promise<Buffer> {
  const entity = await signAndEncrypt({ mime: plain, signer, recipients: [facilityCertificatePem] });
  const outer = new MimeNode(entity.headers.find((h) => h.name === 'Content-Type')!.value, { newline: CRLF });
  outer.setHeader({ From: headers.from, To: headers.to, Subject: 'Processed: Health summary' });
  for (const header of entity.headers.filter((h) => h.name !== 'Content-Type'))
    outer.setHeader(header.name, header.value);
  outer.setContent(Buffer.from(entity.body, 'base64'));
  return outer.build();
}
