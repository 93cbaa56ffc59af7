import { readFile } from 'node:fs/promises';
import MailComposer from 'nodemailer/lib/mail-composer';
import MimeNode from 'nodemailer/lib/mime-node';
import type { DirectConfig } from '../../config';
import { AppError } from '../errors/app-error';
import { isPlausibleAddress } from '../mail/outbox';
import { createSmtpTransport, describeError } from '../mail/sender';
import { describeCertificate, keyMatchesCertificate, parseCertificatesPem, privateKeyPkcs8 } from './certificates';
import { signAndEncrypt, SmimeError, type SmimeCredentials } from './smime';
import { DirectTrustStore } from './trust-store';

/**
 * Sends a document to a Direct address (ONC 170.315(e)(1), the Direct Project's Applicability Statement for Secure
 * Health Transport): the message is built as MIME, signed with the facility's Direct certificate, encrypted to the
 * recipient's certificate(s) from the trust store, and handed to the facility's HISP over SMTP. Everything that can
 * fail before the HISP is asked (an unknown recipient, a bad address, the signing) fails before any connection, and
 * one SMTP transaction carries the message, so a message is sent whole or not at all.
 */

export interface DirectAttachment {
  filename: string;
  contentType: string;
  content: Buffer | Uint8Array | string;
}

export interface DirectMessage {
  /**
   * The From header: the facility's Direct address when left out; otherwise an address (optionally with a display
   * name) that the facility's certificate is bound to, since the receiving HISP checks the signer against it.
   */
  from?: string;
  to: string;
  subject: string;
  text: string;
  attachments?: DirectAttachment[];
}

export interface DirectSendResult {
  /** The Message-ID header the message went with. */
  messageId: string;
  /** How many recipient certificates it was encrypted to, and what they were found by. */
  recipientCertificates: number;
  boundTo: 'address' | 'domain';
}

/** The part of a nodemailer transport the sender uses (tests may pass a fake). */
export interface DirectTransport {
  sendMail(message: { envelope: { from: string; to: string[] }; raw: Buffer }): Promise<unknown>;
}

/** No valid certificate in the trust store for the address or its domain: nothing was sent. */
export class DirectRecipientUnknownError extends AppError {
  override name = 'DirectRecipientUnknownError';
  constructor() {
    super(400, 'direct_recipient_unknown', 'No valid Direct certificate is known for this address.', 'to');
  }
}

/** The message cannot be sent as given (an address, the subject, an attachment): nothing was sent. */
export class DirectMessageError extends AppError {
  override name = 'DirectMessageError';
  constructor(message: string, field: string) {
    super(400, 'invalid_direct_message', message, field);
  }
}

/**
 * The HISP could not be reached or refused the message: nothing was accepted for delivery. `detail` is for logs
 * (no credentials, no addresses); `retryable` says whether the connection or the server's state was at fault rather
 * than this message.
 */
export class DirectSendError extends AppError {
  override name = 'DirectSendError';
  constructor(
    readonly detail: string,
    readonly retryable: boolean,
    readonly responseCode: number | undefined,
  ) {
    super(502, 'direct_send_failed', 'The Direct message could not be handed to the HISP.');
  }
}

/** The facility's Direct settings do not fit together (a key that is not the certificate's, an unbound address). */
export class DirectConfigurationError extends Error {
  override name = 'DirectConfigurationError';
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_SUBJECT = 998;
// Failures of the connection or the account rather than of one message (as the mail sender sorts them).
const SERVER_ERROR_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED']);

/** The bare address of 'Name <address>' or 'address'. */
function bareAddress(value: string): string {
  const match = /<([^<>]*)>\s*$/.exec(value);
  return (match ? match[1]! : value).trim();
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export interface DirectSenderOptions {
  /** The facility's Direct address: the envelope sender, and the From header unless a message names one. */
  from: string;
  /** The facility's Direct certificate and key. */
  signer: SmimeCredentials;
  trustStore: DirectTrustStore;
  transport: DirectTransport;
}

export class DirectSender {
  private readonly from: string;
  private readonly signer: SmimeCredentials;
  private readonly signerAddresses: string[];
  private readonly signerDomains: string[];
  readonly trustStore: DirectTrustStore;
  private readonly transport: DirectTransport;

  constructor(options: DirectSenderOptions) {
    if (!isPlausibleAddress(options.from)) {
      throw new DirectConfigurationError('The facility Direct address is not a plain address.');
    }
    let info;
    try {
      const [certificate] = parseCertificatesPem(options.signer.certificatePem);
      if (!keyMatchesCertificate(privateKeyPkcs8(options.signer.privateKeyPem), certificate!)) {
        throw new Error("the private key is not the certificate's");
      }
      info = describeCertificate(certificate!);
    } catch (err) {
      throw new DirectConfigurationError(`The facility Direct certificate and key: ${(err as Error).message}`);
    }
    this.from = options.from;
    this.signer = options.signer;
    this.signerAddresses = info.emailAddresses;
    this.signerDomains = info.dnsNames;
    if (!this.isBoundToSigner(options.from)) {
      throw new DirectConfigurationError(
        'The facility Direct certificate is not bound to the facility Direct address.',
      );
    }
    this.trustStore = options.trustStore;
    this.transport = options.transport;
  }

  private isBoundToSigner(address: string): boolean {
    const lower = address.toLowerCase();
    return this.signerAddresses.includes(lower) || this.signerDomains.includes(domainOf(lower));
  }

  private validate(message: DirectMessage): { to: string; from: string } {
    if (typeof message.to !== 'string' || !isPlausibleAddress(message.to)) {
      throw new DirectMessageError('The recipient must be a single plain Direct address.', 'to');
    }
    const from = message.from ?? this.from;
    if (typeof from !== 'string' || CONTROL.test(from)) {
      throw new DirectMessageError('The sender must be one address.', 'from');
    }
    const fromAddress = bareAddress(from);
    if (!isPlausibleAddress(fromAddress) || !this.isBoundToSigner(fromAddress)) {
      throw new DirectMessageError(
        "The sender must be an address the facility's Direct certificate is bound to.",
        'from',
      );
    }
    if (typeof message.subject !== 'string' || CONTROL.test(message.subject)) {
      throw new DirectMessageError('The subject must not contain line breaks or control characters.', 'subject');
    }
    if (message.subject.trim() === '' || message.subject.length > MAX_SUBJECT) {
      throw new DirectMessageError(`The subject must have 1 to ${MAX_SUBJECT} characters.`, 'subject');
    }
    if (typeof message.text !== 'string') throw new DirectMessageError('The message needs a text.', 'text');
    for (const [i, attachment] of (message.attachments ?? []).entries()) {
      if (!attachment.filename || CONTROL.test(attachment.filename)) {
        throw new DirectMessageError('An attachment needs a file name without control characters.', `attachments.${i}`);
      }
      if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(attachment.contentType)) {
        throw new DirectMessageError('An attachment needs a media type such as application/xml.', `attachments.${i}`);
      }
    }
    return { to: message.to, from };
  }

  /**
   * Signs, encrypts and sends one message. Throws DirectMessageError or DirectRecipientUnknownError before anything
   * is sent, and DirectSendError when the HISP cannot be reached or refuses the message.
   */
  async sendDirect(message: DirectMessage): Promise<DirectSendResult> {
    const { to, from } = this.validate(message);
    const lookup = await this.trustStore.lookup(to);
    if (lookup.boundTo === 'none') throw new DirectRecipientUnknownError();

    // The inner message carries the headers too (RFC 5751 3.1: they are then protected by the signature).
    const date = new Date();
    const inner = new MailComposer({
      from,
      to,
      subject: message.subject,
      date,
      text: message.text,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
        contentTransferEncoding: 'base64',
      })),
      newline: '\r\n',
      disableFileAccess: true,
      disableUrlAccess: true,
      xMailer: false,
    }).compile();
    const messageId = inner.messageId();
    const innerMime = await inner.build();

    let entity;
    try {
      entity = await signAndEncrypt({
        mime: innerMime,
        signer: this.signer,
        recipients: lookup.certificates.map((c) => c.certificatePem),
      });
    } catch (err) {
      if (err instanceof SmimeError) throw new DirectConfigurationError(`Direct signing failed: ${err.message}`);
      throw err;
    }

    const outer = new MimeNode(entity.headers.find((h) => h.name === 'Content-Type')!.value, { newline: '\r\n' });
    outer.setHeader({
      From: from,
      To: to,
      Subject: message.subject,
      Date: date.toUTCString().replace('GMT', '+0000'),
      'Message-ID': messageId,
    });
    for (const header of entity.headers.filter((h) => h.name !== 'Content-Type')) {
      outer.setHeader(header.name, header.value);
    }
    outer.setContent(Buffer.from(entity.body, 'base64'));
    const raw = await outer.build();

    try {
      await this.transport.sendMail({ envelope: { from: this.from, to: [to] }, raw });
    } catch (err) {
      const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
      const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
      const retryable =
        (typeof e.code === 'string' && SERVER_ERROR_CODES.has(e.code)) ||
        (responseCode !== undefined && responseCode >= 400 && responseCode < 500);
      throw new DirectSendError(describeError(err, { hideAddresses: true }), retryable, responseCode);
    }
    return { messageId, recipientCertificates: lookup.certificates.length, boundTo: lookup.boundTo };
  }
}

/** Builds the sender the DIRECT_* settings describe: reads the certificate and key, opens no connection yet. */
export async function createDirectSender(
  direct: DirectConfig,
  options: { transport?: DirectTransport; trustStore?: DirectTrustStore } = {},
): Promise<DirectSender> {
  const [certificatePem, privateKeyPem] = await Promise.all([
    readFile(direct.certFile, 'utf8'),
    readFile(direct.keyFile, 'utf8'),
  ]);
  return new DirectSender({
    from: direct.from,
    signer: { certificatePem, privateKeyPem },
    trustStore: options.trustStore ?? new DirectTrustStore({ dir: direct.trustDir }),
    transport: options.transport ?? createSmtpTransport(direct.smtpUrl),
  });
}
