import { decodeBody, decodeHeaderValue, parseMimeEntity, splitMultipart, type MimeFormatError } from './mime';
import type { SmimeCredentials, SmimeError } from './smime';
import { decryptAndVerify } from './smime-open';

/**
 * Delivery notifications of a Direct message (Implementation Guide for Delivery Notification in Direct 1.0): a
 * receiving HISP answers the portal's message with an MDN (RFC 8098, multipart/report; report-type=
 * disposition-notification) saying 'processed' when it took the message, then 'dispatched' (with the extension
 * field X-DIRECT-FINAL-DESTINATION-DELIVERY) once it reached the recipient, or 'failed'; a mail system that cannot
 * deliver it answers with a DSN (RFC 3464, report-type=delivery-status, Action: failed). This file reads one into
 * what the send's record needs: the Message-ID it answers and the outcome. A notification that comes encrypted
 * (mode 'smime': to the facility's certificate, signed by the recipient's HISP) is opened and its signer checked
 * first; in mode 'hisp' the HISP opens it and hands it on plain.
 */

export type NotificationOutcome = 'processed' | 'delivered' | 'failed';

export interface DeliveryNotification {
  kind: 'mdn' | 'dsn';
  /** The Message-ID of the portal's message it answers, with its angle brackets. */
  originalMessageId: string;
  /** The MDN's disposition type (processed, dispatched, displayed, failed, deleted, denied) or the DSN's action. */
  disposition: string;
  /** What it means for the send; null for what changes nothing (a DSN 'delayed', a 'relayed'). */
  outcome: NotificationOutcome | null;
  /** The MDN carries X-DIRECT-FINAL-DESTINATION-DELIVERY: the recipient itself has the message. */
  finalDestination: boolean;
  /** The notification's From, lower case (the recipient that answered), when it has one. */
  from: string | undefined;
}

export type NotificationErrorCode = 'not_a_notification' | 'no_original_message_id' | 'cannot_open';

export class NotificationError extends Error {
  override name = 'NotificationError';
  constructor(
    readonly code: NotificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const FAILED_DISPOSITIONS = new Set(['failed', 'deleted', 'denied']);
const DELIVERED_DISPOSITIONS = new Set(['dispatched', 'displayed']);

/** The fields of a notification body (header syntax: Name: value, continuation lines folded), names lower case. */
export function readFields(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size > 0) groups.push(current);
      current = new Map();
      last = undefined;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    // A field given twice keeps its first value: the later one is not the notification's own.
    if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
  }
  if (current.size > 0) groups.push(current);
  return groups;
}

/** RFC 8098 3.2.6: 'action-mode/sending-mode; type[/modifier]' -> type, lower case. */
export function dispositionType(value: string): string {
  const afterSemicolon = value.split(';')[1] ?? value;
  return (afterSemicolon.split('/')[0] ?? '').trim().toLowerCase();
}

function bareAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /<([^<>]*)>\s*$/.exec(value);
  return (match ? match[1]! : value).trim().toLowerCase() || undefined;
}

function messageIdOf(value: string | undefined): string | undefined {
  const match = value ? /<[^<>\s]+>/.exec(value) : null;
  return match ? match[0] : undefined;
}

/** Reads a plain (not encrypted) notification: the whole message, or the multipart/report inside it. */
export function readNotification(input: string | Uint8Array): DeliveryNotification {
  let root;
  try {
    root = parseMimeEntity(input);
  } catch (err) {
    throw new NotificationError('not_a_notification', `Not a MIME message: ${(err as MimeFormatError).message}`);
  }
  const from = bareAddress(root.header('from') ? decodeHeaderValue(root.header('from')!) : undefined);
  // A signed notification (mode 'hisp' may relay one as it came) has the report as its first part.
  let report = root;
  if (root.mediaType === 'multipart/signed') {
    const [first] = splitMultipart(root.body, root.params.boundary ?? '');
    if (first) report = parseMimeEntity(first);
  }
  const reportType = (report.params['report-type'] ?? '').toLowerCase();
  if (
    report.mediaType !== 'multipart/report' ||
    !['disposition-notification', 'delivery-status'].includes(reportType)
  ) {
    throw new NotificationError(
      'not_a_notification',
      'The message is not a delivery notification (multipart/report of disposition-notification or delivery-status).',
    );
  }
  const parts = splitMultipart(report.body, report.params.boundary ?? '').map((part) => parseMimeEntity(part));
  const returnedHeaders = parts.find((p) => p.mediaType === 'text/rfc822-headers' || p.mediaType === 'message/rfc822');
  const returnedId = returnedHeaders
    ? messageIdOf(
        parseMimeEntity(Buffer.concat([decodeBody(returnedHeaders), Buffer.from('\r\n\r\n')])).header('message-id'),
      )
    : undefined;

  if (reportType === 'disposition-notification') {
    const part = parts.find((p) => p.mediaType === 'message/disposition-notification');
    if (!part)
      throw new NotificationError('not_a_notification', 'The report has no message/disposition-notification part.');
    const [fields] = readFields(decodeBody(part).toString('utf8'));
    const disposition = dispositionType(fields?.get('disposition') ?? '');
    if (!disposition) throw new NotificationError('not_a_notification', 'The notification has no Disposition field.');
    const originalMessageId = messageIdOf(fields?.get('original-message-id')) ?? returnedId;
    if (!originalMessageId) {
      throw new NotificationError('no_original_message_id', 'The notification does not name the message it answers.');
    }
    const finalDestination = fields?.has('x-direct-final-destination-delivery') ?? false;
    const outcome: NotificationOutcome | null =
      disposition === 'processed'
        ? 'processed'
        : DELIVERED_DISPOSITIONS.has(disposition)
          ? 'delivered'
          : FAILED_DISPOSITIONS.has(disposition)
            ? 'failed'
            : null;
    return { kind: 'mdn', originalMessageId, disposition, outcome, finalDestination, from };
  }

  const part = parts.find(
    (p) => p.mediaType === 'message/delivery-status' || p.mediaType === 'message/global-delivery-status',
  );
  if (!part) throw new NotificationError('not_a_notification', 'The report has no message/delivery-status part.');
  // The first group is about the message, the others one recipient each (RFC 3464 2.1).
  const [perMessage, ...perRecipient] = readFields(decodeBody(part).toString('utf8'));
  const actions = perRecipient.map((group) => (group.get('action') ?? '').toLowerCase());
  const action = actions.includes('failed')
    ? 'failed'
    : actions.includes('delivered')
      ? 'delivered'
      : (actions[0] ?? '');
  const originalMessageId = returnedId ?? messageIdOf(perMessage?.get('original-envelope-id'));
  if (!originalMessageId) {
    throw new NotificationError('no_original_message_id', 'The delivery status does not name the message it answers.');
  }
  // 'delivered' in a DSN is a mail system's word, not the recipient's: only an MDN makes a send delivered.
  return {
    kind: 'dsn',
    originalMessageId,
    disposition: action,
    outcome: action === 'failed' ? 'failed' : null,
    finalDestination: false,
    from,
  };
}

export interface OpenNotificationOptions {
  /** The facility's certificate and key (mode 'smime'), to open an encrypted notification. */
  recipient?: SmimeCredentials;
  /** The certificates its signer must be or chain to (the trust anchors and the trust folder's certificates). */
  trustedSigners?: string[];
}

/**
 * A notification as it arrives: encrypted (opened with the facility's key, its signer checked against the trusted
 * certificates, and the signer bound to the address that answered) or plain (mode 'hisp': the HISP opened it).
 */
export async function openNotification(
  input: Uint8Array,
  options: OpenNotificationOptions,
): Promise<DeliveryNotification> {
  let root;
  try {
    root = parseMimeEntity(input);
  } catch {
    throw new NotificationError('not_a_notification', 'Not a MIME message.');
  }
  if (!['application/pkcs7-mime', 'application/x-pkcs7-mime'].includes(root.mediaType)) return readNotification(input);
  if (!options.recipient) {
    throw new NotificationError('cannot_open', 'The notification is encrypted, and the portal holds no Direct key.');
  }
  let opened;
  try {
    opened = await decryptAndVerify({
      entity: input,
      recipient: options.recipient,
      trustedSigners: options.trustedSigners ?? [],
    });
  } catch (err) {
    throw new NotificationError(
      'cannot_open',
      `The notification cannot be opened: ${(err as SmimeError).code ?? 'error'}.`,
    );
  }
  const notification = readNotification(opened.mime);
  const answerer = notification.from;
  // The signer must be who answers (its address, or its domain for a domain-bound certificate): a certificate
  // trusted for one recipient cannot speak for another's message.
  if (
    answerer &&
    !opened.signer.emailAddresses.includes(answerer) &&
    !opened.signer.dnsNames.includes(answerer.slice(answerer.lastIndexOf('@') + 1))
  ) {
    throw new NotificationError('cannot_open', 'The notification is signed by a certificate not bound to its sender.');
  }
  return notification;
}
