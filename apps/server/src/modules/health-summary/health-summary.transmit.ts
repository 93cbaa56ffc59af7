import {
  EMAIL_FORMAT_MESSAGE,
  HEALTH_SUMMARY_EMAIL_AUDIT_EVENT,
  HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
  isValidEmail,
  type HealthSummaryTransmitBodySchema,
  type HealthSummaryTransmitResult,
  type HealthSummaryTransmitType,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { callerLanguage, type LanguageRequest } from '../../platform/content/caller-language';
import type { Strings } from '../../platform/content/language-packs';
import { DirectRecipientUnknownError, DirectSendError } from '../../platform/direct/direct-sender';
import type { DirectService } from '../../platform/direct/direct-service';
import { NotificationError } from '../../platform/direct/mdn';
import type { RecipientProblem } from '../../platform/direct/recipients';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import type { Limits } from '../../platform/http/limits';
import { countMail } from '../../platform/mail/mail-limits';
import { isPlausibleAddress, type MailOutbox } from '../../platform/mail/outbox';
import { plainWords, quotedWords } from '../../platform/mail/quoted-words';
import { recipientDomain } from '../../platform/mail/sender';
import { fill } from '../../platform/mail/templates';
import { ccdaLabels } from './health-summary.documents';
import { attachmentFiles, type SummaryFile } from './health-summary.download';
import {
  findDocumentsWithXml,
  findExternalSystem,
  selectionOf,
  SUMMARY_NOT_FOUND_MESSAGE,
  type SummarySelection,
} from './health-summary.repository';
import { isDirectAvailable } from './health-summary.service';
import {
  applyDirectNotification,
  findSendingAccount,
  findSendingFacility,
  recordDirectSend,
  type NotificationResult,
} from './health-summary.transmit.repository';
import { xdmFile } from './health-summary.transmit.xdm';

// Sending a summary (spec 002, 2.7; 170.315(e)(1)): by email through the outbox, with the documents' files attached,
// or by Direct at once through the facility's HISP (several documents as one IHE XDM zip; the send recorded in
// direct_sends, where its delivery notifications later put delivered or failed: ADR 0016). Both write their audit row
// with the documents' ids and the addressee (recipientAddress, which the activity log shows, as 170.315(e)(1)'s
// activity history asks, and recipientDomain), never any content. The address goes to the audit row in the
// database only, never to the application log.
//
// A mail the portal's name stands behind must not be a phishing relay (issue 31, finding 8): its sender is the
// account's own confirmed address or none (never one typed into the form), and what the user wrote goes out
// quoted as their words with every web address in it defanged (platform/mail/quoted-words.ts).

export type TransmitBody = z.output<typeof HealthSummaryTransmitBodySchema>;

export interface TransmitRequest {
  scope: PatientScope;
  /** The path's values, which the body must repeat if it names them. */
  patientId: number;
  ifSystemId: number;
  transmitType: HealthSummaryTransmitType;
  body: TransmitBody;
  language: LanguageRequest;
  ip: string;
}

export interface TransmitDeps {
  db: Db;
  config: Config;
  outbox: MailOutbox;
  limits: Limits;
  direct: DirectService | null;
  /** pino-like; gets the HISP's failure without addresses. */
  log: { warn(obj: Record<string, unknown>, msg?: string): void };
}

export const TRANSMIT_MESSAGES = {
  senderNotAccount: 'senderAddress must be the confirmed email address of your account',
  invalidDirectAddress: (email: string) => `Enter a valid Direct Address: ${email}`,
  noCcdaConfigured: 'Send Securely is not available for this health summary.',
  sendFailed: 'The health summary could not be sent by email. Please try again later.',
  recipientUnknown:
    'The health summary could not be sent securely: no Direct certificate could be found for this Direct Address. ' +
    'Check the address with the care provider’s office, or send the summary by email instead.',
  recipientUntrusted:
    'The health summary could not be sent securely: the Direct certificate of this Direct Address is not one the ' +
    'portal can trust. Check the address with the care provider’s office, or send the summary by email instead.',
  recipientLookupFailed:
    'The health summary could not be sent securely: this Direct Address could not be looked up just now. Try again ' +
    'later, or send the summary by email instead.',
  hispFailed: 'The health summary could not be sent securely. Please try again later.',
} as const;

const SEND_SECURELY_FAILED = 'healthsummarysendsecurelyfailed';

function isAddress(value: string): boolean {
  return isValidEmail(value) && isPlausibleAddress(value);
}

/** The body's checks beyond its schema: the path's ids repeated, and a whole identifier. */
function checkBody(request: TransmitRequest): SummarySelection {
  const { body } = request;
  if (body.patientId !== undefined && body.patientId !== request.patientId) {
    throw badRequest('validation_failed', 'patientId must be the patient of the path', 'patientId');
  }
  if (body.ifSystemId !== undefined && body.ifSystemId !== request.ifSystemId) {
    throw badRequest('validation_failed', 'ifSystemId must be the system of the path', 'ifSystemId');
  }
  if (body.transmitType !== undefined && body.transmitType !== request.transmitType) {
    throw badRequest('validation_failed', 'transmitType must be the one of the path', 'transmitType');
  }
  const { ccdaId, startDate, endDate } = body.identifier;
  if (ccdaId === undefined || ccdaId === null) {
    for (const [field, value] of [
      ['startDate', startDate],
      ['endDate', endDate],
    ] as const) {
      if (value === undefined || value === null) {
        throw badRequest('validation_failed', 'Give ccdaId, or both startDate and endDate', `identifier.${field}`);
      }
    }
  }
  return selectionOf(body.identifier);
}

function paragraphs(parts: (string | false | undefined)[]): string {
  return `${parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n')}\n`;
}

export class HealthSummaryTransmitService {
  constructor(private readonly deps: TransmitDeps) {}

  send(request: TransmitRequest): Promise<HealthSummaryTransmitResult> {
    return request.transmitType === 'email' ? this.email(request) : this.sendSecurely(request);
  }

  /** The system's documents of the selection with their XML; 404 when there are none. */
  private async documents(request: TransmitRequest, systemId: number, selection: SummarySelection) {
    const documents = await findDocumentsWithXml(this.deps.db, request.scope, systemId, selection);
    if (documents.length === 0) throw notFound('not_found', SUMMARY_NOT_FOUND_MESSAGE);
    return documents;
  }

  private async files(request: TransmitRequest, documents: SummaryDocuments, selection: SummarySelection) {
    const language = await callerLanguage(this.deps.db, request.language);
    const files = await attachmentFiles(documents, selection, {
      labels: ccdaLabels(language.strings),
      locale: language.locale,
    });
    return { files, strings: language.strings };
  }

  /**
   * The send's audit row: which documents went to whom. The addressee is the patient's to see in the activity log
   * (170.315(e)(1)(ii)); the row is in the database, readable by the patient's access check, not in any log line.
   */
  private auditDetail(request: TransmitRequest, documents: SummaryDocuments, recipient: string) {
    return {
      ifSystemId: request.ifSystemId,
      ccdaIds: documents.map((d) => d.id),
      transmitType: request.transmitType,
      recipientAddress: recipient,
      recipientDomain: recipientDomain(recipient),
    };
  }

  private async email(request: TransmitRequest): Promise<HealthSummaryTransmitResult> {
    const selection = checkBody(request);
    const recipient = request.body.recipientAddress;
    if (!isAddress(recipient)) throw badRequest('validation_failed', EMAIL_FORMAT_MESSAGE, 'recipientAddress');
    const { config, db, outbox } = this.deps;
    const account = await findSendingAccount(db, request.scope);
    const given = request.body.senderAddress ?? '';
    if (given !== '' && given.toLowerCase() !== account.confirmedEmail?.toLowerCase()) {
      throw badRequest('validation_failed', TRANSMIT_MESSAGES.senderNotAccount, 'senderAddress');
    }
    // Production without SMTP delivers nothing: say so now rather than queue mail that never leaves.
    if (config.env === 'production' && !config.smtpUrl) {
      throw new AppError(503, 'healthsummarysendfailed', TRANSMIT_MESSAGES.sendFailed);
    }
    const system = await findExternalSystem(db, request.scope, request.ifSystemId);
    const documents = await this.documents(request, system.id, selection);
    await countMail(this.deps.limits, recipient, `patient:${request.scope.patientId}`, {
      userId: request.scope.caller.userId,
      ip: request.ip,
    });

    const facility = await findSendingFacility(db, request.scope);
    const { files, strings } = await this.files(request, documents, selection);
    const sender = account.confirmedEmail;
    const params = {
      name: plainWords(account.name),
      sender: sender ?? '',
      portalName: facility.portalName,
      facilityName: facility.name,
    };
    const words = quotedWords(request.body.messageText);
    const text = paragraphs([
      fill(strings[sender ? 'healthSummaryMail.intro' : 'healthSummaryMail.introNoAddress']!, params),
      words !== '' && `${fill(strings['healthSummaryMail.message']!, params)}\n${words}`,
      attachedLine(strings, files),
      strings['healthSummaryMail.notSecure'],
      fill(strings[sender ? 'healthSummaryMail.reply' : 'healthSummaryMail.replyNone']!, params),
    ]);
    await db.transaction(async (tx) => {
      await outbox.enqueue(tx, {
        to: recipient,
        ...(sender ? { replyTo: sender } : {}),
        subject: fill(strings['healthSummaryMail.subject']!, params),
        text,
        attachments: files,
        facilityId: facility.id,
      });
      await audit(tx, request.scope, HEALTH_SUMMARY_EMAIL_AUDIT_EVENT, this.auditDetail(request, documents, recipient));
    });
    outbox.notifyQueued();
    return { transmitType: 'email', documentCount: documents.length };
  }

  private async sendSecurely(request: TransmitRequest): Promise<HealthSummaryTransmitResult> {
    const selection = checkBody(request);
    const recipient = request.body.recipientAddress;
    if (!isAddress(recipient)) {
      throw badRequest('validation_failed', TRANSMIT_MESSAGES.invalidDirectAddress(recipient), 'recipientAddress');
    }
    const { config, db, direct } = this.deps;
    const system = await findExternalSystem(db, request.scope, request.ifSystemId);
    if (system.sendSecurelyDisabled || !isDirectAvailable(config) || !direct) {
      throw new AppError(409, 'noCcdaConfigured', TRANSMIT_MESSAGES.noCcdaConfigured);
    }
    const documents = await this.documents(request, system.id, selection);
    // A Direct address is a clinician's, written to by many patients: counted per patient and per caller only.
    await this.deps.limits.takeAll([
      ['mailAccount', `patient:${request.scope.patientId}`],
      ['mailCaller', request.scope.caller.userId ? `user:${request.scope.caller.userId}` : `ip:${request.ip}`],
    ]);

    const detail = this.auditDetail(request, documents, recipient);
    const failed = async (reason: string, error: AppError) => {
      // In a transaction of its own: the send did not happen, but the attempt is in the activity log.
      await audit(db, request.scope, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT, { ...detail, reason }, 'failure');
      return error;
    };
    const sender = await direct.sender();
    // Known before anything is rendered or any connection is made (mode 'smime'; in mode 'hisp' the HISP looks the
    // recipient up when it is handed the message, and a refusal comes back at once as the SMTP answer).
    if (sender.recipients) {
      const lookup = await sender.recipients.lookup(recipient);
      if (lookup.boundTo === 'none') {
        const problem = lookup.problem ?? 'not_found';
        throw await failed(failureReason(problem), recipientUnknown(problem));
      }
    }

    const facility = await findSendingFacility(db, request.scope);
    const language = await callerLanguage(db, request.language);
    const fileLanguage = { labels: ccdaLabels(language.strings), locale: language.locale };
    const strings = language.strings;
    // One document goes as its XML and PDF, as by email; several as one IHE XDM zip, Direct's way of carrying them.
    const files =
      documents.length > 1
        ? [
            await xdmFile(documents, rangeOf(documents, selection), fileLanguage, {
              facilityName: facility.name,
              portalName: facility.portalName,
              recipient,
              facilityId: facility.id,
            }),
          ]
        : await attachmentFiles(documents, selection, fileLanguage);
    const params = { portalName: facility.portalName, facilityName: facility.name };
    const words = quotedWords(request.body.messageText);
    let sent;
    try {
      sent = await sender.sendDirect({
        to: recipient,
        subject: fill(strings['healthSummaryMail.subject']!, params),
        text: paragraphs([
          fill(strings['healthSummaryDirect.intro']!, params),
          words !== '' && `${strings['healthSummaryDirect.message']}\n${words}`,
          attachedLine(strings, files),
          fill(strings['healthSummaryDirect.reply']!, params),
        ]),
        // The sender takes a bare media type; the XML's bytes travel base64 whatever their charset.
        attachments: files.map((f) => ({
          filename: f.fileName,
          contentType: f.contentType.split(';')[0]!.trim(),
          content: f.content,
        })),
      });
    } catch (err) {
      if (err instanceof DirectRecipientUnknownError) {
        throw await failed(failureReason(err.reason), recipientUnknown(err.reason));
      }
      if (err instanceof DirectSendError) {
        this.deps.log.warn(
          { err: { detail: err.detail, retryable: err.retryable, responseCode: err.responseCode } },
          'health summary Direct send failed',
        );
        throw await failed('hisp_failed', new AppError(502, SEND_SECURELY_FAILED, TRANSMIT_MESSAGES.hispFailed));
      }
      throw err;
    }
    const delivered = sent;
    await db.transaction(async (tx) => {
      // The record the delivery notifications find by the Message-ID (health-summary.transmit.notifications.ts).
      await recordDirectSend(tx, {
        messageId: delivered.messageId,
        patientId: request.scope.patientId,
        facilityId: facility.id,
        actorUserId: request.scope.caller.userId,
        externalSystemId: request.ifSystemId,
        ccdaIds: documents.map((d) => d.id),
        recipientDomain: recipientDomain(recipient),
        mode: delivered.mode,
      });
      await audit(tx, request.scope, HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT, { ...detail, delivery: 'sent' });
    });
    return { transmitType: 'sendSecurely', documentCount: documents.length };
  }
}

/** The range a zip is named after: the selection's, else the documents' own first and last days. */
function rangeOf(documents: { documentDate: string }[], selection: SummarySelection) {
  if ('startDate' in selection) return selection;
  const days = documents.map((document) => document.documentDate).sort();
  return { startDate: days[0] ?? '', endDate: days[days.length - 1] ?? '' };
}

/**
 * A delivery notification handed on for the facility (POST /integration/v1/direct/notifications): read (opened first
 * when it came encrypted) and applied to the send it answers. 409 without Direct; 400 naming body for what is no
 * notification or cannot be opened.
 */
export async function receiveDirectNotification(
  db: Db,
  direct: DirectService | null,
  raw: Uint8Array,
  facilityId: number,
): Promise<NotificationResult> {
  if (!direct) throw new AppError(409, 'noCcdaConfigured', TRANSMIT_MESSAGES.noCcdaConfigured);
  let notification;
  try {
    notification = await (await direct.sender()).readNotification(raw);
  } catch (err) {
    if (err instanceof NotificationError) throw new AppError(400, 'invalid_notification', err.message, 'body');
    throw err;
  }
  return applyDirectNotification(db, notification, facilityId);
}

type SummaryDocuments = Awaited<ReturnType<typeof findDocumentsWithXml>>;

/** The audit row's reason: 'recipient_unknown' as before ADR 0016 for none found, a word of its own otherwise. */
function failureReason(reason: RecipientProblem | 'refused'): string {
  return reason === 'not_found' ? 'recipient_unknown' : `recipient_${reason}`;
}

/** What the patient is told when the recipient cannot be sent to: what happened, and what to do about it. */
function recipientUnknown(reason: RecipientProblem | 'refused'): AppError {
  const message =
    reason === 'untrusted'
      ? TRANSMIT_MESSAGES.recipientUntrusted
      : reason === 'unavailable'
        ? TRANSMIT_MESSAGES.recipientLookupFailed
        : TRANSMIT_MESSAGES.recipientUnknown;
  return new AppError(422, SEND_SECURELY_FAILED, message, 'recipientAddress');
}

/** One document comes as its XML and PDF; several as one zip of both. */
function attachedLine(strings: Strings, files: SummaryFile[]): string | undefined {
  return files.length > 1 ? strings['healthSummaryMail.attachedOne'] : strings['healthSummaryMail.attachedSeveral'];
}
