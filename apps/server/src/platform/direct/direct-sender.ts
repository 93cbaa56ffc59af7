import { readFile } from 'node:fs/promises';
import MailComposer from 'nodemailer/lib/mail-composer';
import MimeNode from 'nodemailer/lib/mime-node';
import { directConfigMode, type DirectConfig } from '../../config';
import { AppError } from '../errors/app-error';
import { isPlausibleAddress } from '../mail/outbox';
import { createSmtpTransport, describeError } from '../mail/sender';
import { CertificateDiscovery } from './certificate-discovery';
import {
  certificateToPem,
  describeCertificate,
  keyMatchesCertificate,
  parseCertificatesPem,
  privateKeyPkcs8,
} from './certificates';
import { readDirectCredentials } from './credentials';
import { DnsClient } from './dns-client';
import { openNotification, type DeliveryNotification } from './mdn';
import { DirectRecipients, type RecipientDirectory, type RecipientProblem } from './recipients';
import { signAndEncrypt, SmimeError, type SmimeCredentials } from './smime';
import { readTrustAnchors } from './trust-anchors';
import { DirectTrustStore } from './trust-store';
import { hasLineControl } from '../text/control-characters';

/**
 * Sends a document to a Direct address (ONC 170.315(e)(1), the Direct Project's Applicability Statement for Secure
 * Health Transport), in one of two modes (ADR 0016):
 *
 * - 'smime': the message is built as MIME, signed with the facility's Direct certificate, encrypted to the
 *   recipient's certificate(s) (the trust folder, then DNS and LDAP discovery against the trust anchors), and handed
 *   to the facility's HISP over SMTP;
 * - 'hisp': the message is handed as it is, over TLS to the facility's HISP account, which signs it, discovers the
 *   recipient's certificate and encrypts, as the HISPs' SMTP "edge" submission expects.
 *
 * Either way it asks for delivery notifications (Disposition-Notification-To and X-DIRECT-FINAL-DESTINATION-DELIVERY,
 * the Direct Implementation Guide for Delivery Notification), so the send's outcome can follow (mdn.ts). Everything
 * that can fail before the HISP is asked (an unknown recipient, a bad address, the signing) fails before any
 * connection, and one SMTP transaction carries the message, so a message is sent whole or not at all.
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
  /** The Message-ID header the message went with (what a notification names as Original-Message-ID). */
  messageId: string;
  mode: 'smime' | 'hisp';
  /** How many recipient certificates it was encrypted to (0 in mode 'hisp': the HISP encrypts). */
  recipientCertificates: number;
  /** What they were found by; 'hisp' when the HISP finds them. */
  boundTo: 'address' | 'domain' | 'hisp';
}

/** The part of a nodemailer transport the sender uses (tests may pass a fake). */
export interface DirectTransport {
  sendMail(message: { envelope: { from: string; to: string[] }; raw: Buffer }): Promise<unknown>;
}

/**
 * No usable certificate for the address or its domain (none published, one not trusted, or the lookup could not be
 * made), or the HISP refused the recipient: nothing was sent. `reason` says which, for what the patient is told.
 */
export class DirectRecipientUnknownError extends AppError {
  override name = 'DirectRecipientUnknownError';
  constructor(readonly reason: RecipientProblem | 'refused' = 'not_found') {
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

/**
 * The delivery notifications Direct asks for (Implementation Guide for Delivery Notification in Direct 1.0, 3.1):
 * to the sending address, with the final-destination option that makes a receiving HISP send 'dispatched' once the
 * message is delivered (and 'failed' when it cannot be), not only 'processed' when it took it.
 */
export const DIRECT_NOTIFICATION_OPTIONS = 'X-DIRECT-FINAL-DESTINATION-DELIVERY=optional,true';

export type DirectSenderOptions =
  | {
      mode?: 'smime';
      /** The facility's Direct address: the envelope sender, and the From header unless a message names one. */
      from: string;
      /** The facility's Direct certificate and key. */
      signer: SmimeCredentials;
      /** Where recipients' certificates are found: a trust store, or DirectRecipients (folder then discovery). */
      trustStore: RecipientDirectory;
      transport: DirectTransport;
      /**
       * The certificates (PEM) the signer of a delivery notification must be or chain to: the trust anchors and the
       * trust folder's certificates. Without them an encrypted notification cannot be trusted and is refused.
       */
      notificationSigners?: () => Promise<string[]>;
    }
  | {
      mode: 'hisp';
      from: string;
      transport: DirectTransport;
    };

export class DirectSender {
  readonly mode: 'smime' | 'hisp';
  private readonly from: string;
  private readonly signer: SmimeCredentials | undefined;
  private readonly signerAddresses: string[] = [];
  private readonly signerDomains: string[] = [];
  /** Where the recipients' certificates are found (mode 'smime'); undefined when the HISP finds them. */
  readonly recipients: RecipientDirectory | undefined;
  private readonly transport: DirectTransport;
  private readonly notificationSigners: () => Promise<string[]>;

  constructor(options: DirectSenderOptions) {
    if (!isPlausibleAddress(options.from)) {
      throw new DirectConfigurationError('The facility Direct address is not a plain address.');
    }
    this.from = options.from;
    this.transport = options.transport;
    this.notificationSigners = (options.mode !== 'hisp' && options.notificationSigners) || (() => Promise.resolve([]));
    if (options.mode === 'hisp') {
      this.mode = 'hisp';
      this.signer = undefined;
      this.recipients = undefined;
      return;
    }
    this.mode = 'smime';
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
    this.signer = options.signer;
    this.signerAddresses = info.emailAddresses;
    this.signerDomains = info.dnsNames;
    if (!this.isBoundToSigner(options.from)) {
      throw new DirectConfigurationError(
        'The facility Direct certificate is not bound to the facility Direct address.',
      );
    }
    this.recipients = options.trustStore;
  }

  /**
   * Reads a delivery notification that came back (mdn.ts): in mode 'smime' an encrypted one is opened with the
   * facility's key and its signer checked; a plain one is read as it is (mode 'hisp': the HISP opened it).
   */
  async readNotification(raw: Uint8Array): Promise<DeliveryNotification> {
    return openNotification(raw, {
      recipient: this.signer,
      trustedSigners: this.signer ? await this.notificationSigners() : [],
    });
  }

  /** The trust store of mode 'smime' (kept for callers of ADR 0013's sender). */
  get trustStore(): RecipientDirectory {
    if (!this.recipients) throw new Error('In mode hisp the HISP finds the recipients.');
    return this.recipients;
  }

  /**
   * An address the From may carry: in mode 'smime' one the facility certificate is bound to; in mode 'hisp' the
   * facility's own address or one of its domain (the HISP account signs for its domain).
   */
  private isBoundToSigner(address: string): boolean {
    const lower = address.toLowerCase();
    if (this.mode === 'hisp') return lower === this.from.toLowerCase() || domainOf(lower) === domainOf(this.from);
    return this.signerAddresses.includes(lower) || this.signerDomains.includes(domainOf(lower));
  }

  private validate(message: DirectMessage): { to: string; from: string } {
    if (typeof message.to !== 'string' || !isPlausibleAddress(message.to)) {
      throw new DirectMessageError('The recipient must be a single plain Direct address.', 'to');
    }
    const from = message.from ?? this.from;
    if (typeof from !== 'string' || hasLineControl(from)) {
      throw new DirectMessageError('The sender must be one address.', 'from');
    }
    const fromAddress = bareAddress(from);
    if (!isPlausibleAddress(fromAddress) || !this.isBoundToSigner(fromAddress)) {
      throw new DirectMessageError(
        "The sender must be an address the facility's Direct certificate is bound to.",
        'from',
      );
    }
    if (typeof message.subject !== 'string' || hasLineControl(message.subject)) {
      throw new DirectMessageError('The subject must not contain line breaks or control characters.', 'subject');
    }
    if (message.subject.trim() === '' || message.subject.length > MAX_SUBJECT) {
      throw new DirectMessageError(`The subject must have 1 to ${MAX_SUBJECT} characters.`, 'subject');
    }
    if (typeof message.text !== 'string') throw new DirectMessageError('The message needs a text.', 'text');
    for (const [i, attachment] of (message.attachments ?? []).entries()) {
      if (!attachment.filename || hasLineControl(attachment.filename)) {
        throw new DirectMessageError('An attachment needs a file name without control characters.', `attachments.${i}`);
      }
      if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(attachment.contentType)) {
        throw new DirectMessageError('An attachment needs a media type such as application/xml.', `attachments.${i}`);
      }
    }
    return { to: message.to, from };
  }

  /**
   * Sends one message (signed and encrypted first in mode 'smime'). Throws DirectMessageError or
   * DirectRecipientUnknownError before anything is sent, and DirectSendError when the HISP cannot be reached or
   * refuses the message (DirectRecipientUnknownError with reason 'refused' when it refuses the recipient).
   */
  async sendDirect(message: DirectMessage): Promise<DirectSendResult> {
    const { to, from } = this.validate(message);
    const lookup = this.recipients ? await this.recipients.lookup(to) : undefined;
    if (lookup && lookup.boundTo === 'none') throw new DirectRecipientUnknownError(lookup.problem ?? 'not_found');

    // The inner message carries the headers too (RFC 5751 3.1: they are then protected by the signature), the
    // request for notifications among them: a receiving HISP reads it after decrypting.
    const date = new Date();
    const notification = {
      'Disposition-Notification-To': this.from,
      'Disposition-Notification-Options': DIRECT_NOTIFICATION_OPTIONS,
    };
    const inner = new MailComposer({
      from,
      to,
      subject: message.subject,
      date,
      text: message.text,
      headers: notification,
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

    let raw: Buffer;
    if (!lookup) {
      // Mode 'hisp': the HISP signs and encrypts what it is handed (over TLS, to the facility's account).
      raw = innerMime;
    } else {
      let entity;
      try {
        entity = await signAndEncrypt({
          mime: innerMime,
          signer: this.signer!,
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
        ...notification,
      });
      for (const header of entity.headers.filter((h) => h.name !== 'Content-Type')) {
        outer.setHeader(header.name, header.value);
      }
      outer.setContent(Buffer.from(entity.body, 'base64'));
      raw = await outer.build();
    }

    try {
      await this.transport.sendMail({ envelope: { from: this.from, to: [to] }, raw });
    } catch (err) {
      const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
      const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
      // A HISP that finds no certificate for the recipient refuses it at RCPT TO, for good (5xx): that is the
      // recipient's address, not the HISP, and the patient is told so.
      if (e.code === 'EENVELOPE' && responseCode !== undefined && responseCode >= 500) {
        throw new DirectRecipientUnknownError('refused');
      }
      const retryable =
        (typeof e.code === 'string' && SERVER_ERROR_CODES.has(e.code)) ||
        (responseCode !== undefined && responseCode >= 400 && responseCode < 500);
      throw new DirectSendError(describeError(err, { hideAddresses: true }), retryable, responseCode);
    }
    return lookup
      ? {
          messageId,
          mode: 'smime',
          recipientCertificates: lookup.certificates.length,
          boundTo: lookup.boundTo as 'address' | 'domain',
        }
      : { messageId, mode: 'hisp', recipientCertificates: 0, boundTo: 'hisp' };
  }
}

/** The signing credentials of the DIRECT_* settings: the certificate and the key (encrypted PEM or PKCS#12 too). */
export async function readDirectSigner(direct: DirectConfig): Promise<SmimeCredentials> {
  const [certificate, key] = await Promise.all([readFile(direct.certFile!), readFile(direct.keyFile!)]);
  try {
    return await readDirectCredentials({ certificate, key, passphrase: direct.keyPassphrase });
  } catch (err) {
    throw new DirectConfigurationError(`The facility Direct key (DIRECT_KEY_FILE): ${(err as Error).message}`);
  }
}

export interface CreateDirectSenderOptions {
  transport?: DirectTransport;
  trustStore?: RecipientDirectory;
  /** Loopback LDAP hosts and IPKIX URLs (outside production). */
  allowLoopback?: boolean;
}

/**
 * Builds the sender the DIRECT_* settings describe: reads and checks the certificate, the key and the trust bundle,
 * opens no connection yet. In mode 'hisp' there is nothing to read: the HISP holds the facility's certificate.
 */
export async function createDirectSender(
  direct: DirectConfig,
  options: CreateDirectSenderOptions = {},
): Promise<DirectSender> {
  const transport = options.transport ?? createSmtpTransport(direct.smtpUrl);
  if (directConfigMode(direct) === 'hisp') return new DirectSender({ mode: 'hisp', from: direct.from, transport });
  const signer = await readDirectSigner(direct);
  const anchors = direct.trustBundle ? await readTrustAnchors(direct.trustBundle) : undefined;
  const folder = direct.trustDir ? new DirectTrustStore({ dir: direct.trustDir }) : undefined;
  let trustStore = options.trustStore;
  if (!trustStore) {
    const methods = direct.discovery ?? (anchors ? ['dns', 'ldap'] : []);
    trustStore = new DirectRecipients({
      trustStore: folder,
      discovery:
        anchors && methods.length > 0
          ? new CertificateDiscovery({
              anchors,
              methods,
              dns: new DnsClient({ servers: direct.dnsServers ?? [] }),
              allowLoopback: options.allowLoopback ?? false,
            })
          : undefined,
    });
  }
  const notificationSigners = async () => [
    ...(anchors ?? []).map(certificateToPem),
    ...(folder ? (await folder.certificates()).map((c) => c.certificatePem) : []),
  ];
  return new DirectSender({ from: direct.from, signer, trustStore, transport, notificationSigners });
}
