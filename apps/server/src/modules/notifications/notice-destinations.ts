import {
  NOTICE_CODE_SENT_AUDIT_EVENT,
  NOTICE_CONFIRMATION,
  NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT,
  type NoticeChannel,
} from '@portal/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { hashSecret, newPin } from '../../platform/auth/secrets';
import { AppError, badRequest } from '../../platform/errors/app-error';
import type { Limits } from '../../platform/http/limits';
import { countMail } from '../../platform/mail/mail-limits';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { SmsOutbox } from '../../platform/sms/outbox';
import {
  countWrongCode,
  findCodeContext,
  findDestination,
  markConfirmed,
  setNoticeDestinations,
  storeCode,
} from './notice-destinations.repository';
import { noticeCodeMail, noticeCodeSms } from './notice-texts';

// A new notice destination is used only once confirmed (issue 31, finding 9). Another email address or an SMS
// number typed on the account settings page, by the patient or a representative, gets a code; notices keep going
// where they went (the confirmed address, else the primary one; the confirmed number, else none) until the code
// is entered. A destination confirmed once for the patient, or the one in use, needs no new code.

export const NOTICE_DESTINATION_MESSAGES = {
  nothingToConfirm: (channel: NoticeChannel) =>
    channel === 'email'
      ? 'There is no email address waiting for confirmation.'
      : 'There is no SMS number waiting for confirmation.',
  wrongCode: 'The code is not correct. Please check it and try again.',
  codeExpired: 'This code has expired or was entered wrongly too many times. Please send a new code.',
  cannotSend: 'The code cannot be sent now. Please try again later.',
} as const;

/** The page's destinations as saved: what was typed, and where notices go now. */
export interface SavedDestinations {
  usePrimaryEmail: boolean;
  nonPrimaryEmailAddress: string | null;
  smsPhoneNumber: string | null;
  noticeEmailAddress: string | null;
  noticeSmsPhoneNumber: string | null;
}

export interface DestinationSenders {
  db: Db;
  outbox: MailOutbox;
  smsOutbox: SmsOutbox;
  limits: Limits;
  canSendMail: boolean;
  canSendSms: boolean;
}

/** The destination a channel asks for: the other address (in lower case) when it is chosen, the SMS number. */
export function typedDestination(
  saved: Pick<SavedDestinations, 'usePrimaryEmail' | 'nonPrimaryEmailAddress' | 'smsPhoneNumber'>,
  channel: NoticeChannel,
): string | null {
  if (channel === 'sms') return saved.smsPhoneNumber;
  return saved.usePrimaryEmail ? null : (saved.nonPrimaryEmailAddress?.trim().toLowerCase() ?? null);
}

/** Where a channel's notices go now (email: null is the primary address). */
function inUse(saved: Pick<SavedDestinations, 'noticeEmailAddress' | 'noticeSmsPhoneNumber'>, channel: NoticeChannel) {
  return channel === 'email' ? saved.noticeEmailAddress : saved.noticeSmsPhoneNumber;
}

/** Whether the channel's typed destination waits for its code. */
export function isPending(saved: SavedDestinations, channel: NoticeChannel): boolean {
  const typed = typedDestination(saved, channel);
  return typed !== null && typed !== inUse(saved, channel);
}

export interface DestinationPlan {
  /** Where notices go after the save. */
  noticeEmailAddress: string | null;
  noticeSmsPhoneNumber: string | null;
  /** New destinations that get a code with the save. */
  codes: { channel: NoticeChannel; destination: string }[];
}

export class NoticeDestinations {
  constructor(private readonly deps: DestinationSenders) {}

  /**
   * What a save of the page does to the destinations: a typed destination in use or confirmed before is used at
   * once; a new one keeps the one in use and gets a code (a pending one typed again gets none: "send a new code"
   * asks for it); none typed stops that channel's use of any.
   */
  async plan(
    scope: PatientScope,
    before: SavedDestinations | undefined,
    after: Pick<SavedDestinations, 'usePrimaryEmail' | 'nonPrimaryEmailAddress' | 'smsPhoneNumber'>,
  ): Promise<DestinationPlan> {
    const plan: DestinationPlan = {
      noticeEmailAddress: before?.noticeEmailAddress ?? null,
      noticeSmsPhoneNumber: before?.noticeSmsPhoneNumber ?? null,
      codes: [],
    };
    for (const channel of ['email', 'sms'] as const) {
      const typed = typedDestination(after, channel);
      const current = before ? inUse(before, channel) : null;
      let next = current;
      if (typed === null) next = null;
      else if (typed !== current) {
        const known = await findDestination(this.deps.db, scope, channel, typed);
        if (known?.confirmedAt) next = typed;
        else if (!before || typedDestination(before, channel) !== typed)
          plan.codes.push({ channel, destination: typed });
      }
      if (channel === 'email') plan.noticeEmailAddress = next;
      else plan.noticeSmsPhoneNumber = next;
    }
    return plan;
  }

  /** Counts the codes of a plan against the limits every mail and text shares, before anything is written. */
  async countCodes(scope: PatientScope, codes: DestinationPlan['codes'], ip: string): Promise<void> {
    for (const { channel, destination } of codes) {
      const recipient = channel === 'sms' ? `sms:${destination}` : destination;
      await countMail(this.deps.limits, recipient, `patient:${scope.patientId}`, { userId: scope.caller.userId, ip });
    }
  }

  /** Writes the plan in the save's transaction: where notices go, and each code with its mail or text. */
  async apply(tx: Tx, scope: PatientScope, plan: DestinationPlan): Promise<void> {
    await setNoticeDestinations(tx, scope.patientId, {
      noticeEmailAddress: plan.noticeEmailAddress,
      noticeSmsPhoneNumber: plan.noticeSmsPhoneNumber,
    });
    for (const code of plan.codes) await this.sendCode(tx, scope, code.channel, code.destination);
  }

  /** "Send a new code" for the channel's pending destination. */
  async resend(scope: PatientScope, saved: SavedDestinations | undefined, channel: NoticeChannel, ip: string) {
    const destination = this.pendingDestination(saved, channel);
    if (!(channel === 'email' ? this.deps.canSendMail : this.deps.canSendSms)) {
      throw new AppError(503, 'cannot_send', NOTICE_DESTINATION_MESSAGES.cannotSend);
    }
    await this.countCodes(scope, [{ channel, destination }], ip);
    await this.deps.db.transaction((tx) => this.sendCode(tx, scope, channel, destination));
  }

  /**
   * The code typed for the channel's pending destination: right, the destination is confirmed and used from now
   * on; wrong, expired or spent, a 400 (a wrong one counts against the code's tries). Each try is in the activity
   * log.
   */
  async confirm(scope: PatientScope, saved: SavedDestinations | undefined, channel: NoticeChannel, code: string) {
    const destination = this.pendingDestination(saved, channel);
    const { db } = this.deps;
    const row = await findDestination(db, scope, channel, destination);
    const refuse = async (error: AppError, reason: string) => {
      await audit(db, scope, NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT, { channel, reason }, 'failure');
      return error;
    };
    const usable =
      row?.codeHash &&
      row.codeExpiresAt &&
      row.codeExpiresAt > new Date() &&
      row.failedAttempts < NOTICE_CONFIRMATION.maxAttempts;
    if (!row || !usable) {
      throw await refuse(badRequest('code_expired', NOTICE_DESTINATION_MESSAGES.codeExpired, 'code'), 'expired');
    }
    if (row.codeHash !== hashSecret(code)) {
      await countWrongCode(db, row.id);
      throw await refuse(badRequest('wrong_code', NOTICE_DESTINATION_MESSAGES.wrongCode, 'code'), 'wrong_code');
    }
    await db.transaction(async (tx) => {
      if (!(await markConfirmed(tx, row.id))) {
        throw badRequest('code_expired', NOTICE_DESTINATION_MESSAGES.codeExpired, 'code');
      }
      await setNoticeDestinations(
        tx,
        scope.patientId,
        channel === 'email' ? { noticeEmailAddress: destination } : { noticeSmsPhoneNumber: destination },
      );
      await audit(tx, scope, NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT, { channel });
    });
  }

  private pendingDestination(saved: SavedDestinations | undefined, channel: NoticeChannel): string {
    const typed = saved ? typedDestination(saved, channel) : null;
    if (!saved || typed === null || !isPending(saved, channel)) {
      throw new AppError(409, 'nothing_to_confirm', NOTICE_DESTINATION_MESSAGES.nothingToConfirm(channel));
    }
    return typed;
  }

  /** A fresh code for the destination, its mail or text queued, in the caller's transaction. */
  private async sendCode(tx: DbOrTx, scope: PatientScope, channel: NoticeChannel, destination: string) {
    const canSend = channel === 'email' ? this.deps.canSendMail : this.deps.canSendSms;
    // Nothing would deliver it (production without SMTP or SMS): the destination waits; "send a new code" says so.
    if (!canSend) return;
    const code = newPin(NOTICE_CONFIRMATION.codeDigits);
    const expiresAt = new Date(Date.now() + NOTICE_CONFIRMATION.codeMinutes * 60_000);
    await storeCode(tx, scope, { channel, destination, codeHash: hashSecret(code), expiresAt });
    const context = await findCodeContext(tx, scope);
    const input = {
      language: context.language,
      portalName: context.portalName,
      name: context.name ?? '',
      code,
      minutes: NOTICE_CONFIRMATION.codeMinutes,
    };
    if (channel === 'email') {
      const mail = noticeCodeMail(input);
      await this.deps.outbox.enqueue(tx, {
        to: destination,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        facilityId: context.facilityId,
      });
    } else {
      await this.deps.smsOutbox.enqueue(tx, {
        to: destination,
        body: noticeCodeSms(input),
        facilityId: context.facilityId,
      });
    }
    await audit(tx, scope, NOTICE_CODE_SENT_AUDIT_EVENT, { channel });
  }

  notifyQueued(): void {
    this.deps.outbox.notifyQueued();
    this.deps.smsOutbox.notifyQueued();
  }
}
