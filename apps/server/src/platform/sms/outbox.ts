import { desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import { deliveryState, outboxListLimit, OutboxSignal, type OutboxDeliveryState } from '../delivery/outbox';
import { AppError } from '../errors/app-error';

/** A text message to queue: a number (digits, an optional leading +) and a short body. */
export interface OutgoingSms {
  to: string;
  body: string;
  facilityId?: number;
}

export type SmsStatus = OutboxDeliveryState['status'];

/** What the developer SMS inbox shows. */
export interface SmsOutboxMessage extends OutboxDeliveryState {
  id: number;
  to: string;
  body: string;
}

export class InvalidSmsError extends AppError {
  override name = 'InvalidSmsError';
  constructor(message: string) {
    super(400, 'invalid_sms', message);
  }
}

/** The table's own limits (migration 0030): a body past 1600 characters is ten concatenated SMS and more. */
export const SMS_BODY_MAX = 1600;
const NUMBER = /^\+?[0-9]{7,15}$/;

/** The number as stored: the punctuation people type (spaces, dashes, dots, brackets) removed. */
export function normalizeSmsNumber(value: string): string {
  return value.replace(/[\s\-.()]/g, '');
}

export function isPlausibleSmsNumber(value: string): boolean {
  return NUMBER.test(normalizeSmsNumber(value));
}

/**
 * The transactional SMS outbox, as MailOutbox is for mail: `enqueue` writes in the caller's transaction, so a text
 * exists if and only if what caused it committed; SmsSender delivers the rows to the gateway afterwards.
 */
export class SmsOutbox extends OutboxSignal {
  constructor(private readonly db: Db) {
    super();
  }

  /** Queues a text inside `tx`; returns its outbox id. */
  async enqueue(tx: DbOrTx, sms: OutgoingSms): Promise<number> {
    const to = typeof sms.to === 'string' ? normalizeSmsNumber(sms.to) : '';
    if (!NUMBER.test(to)) throw new InvalidSmsError('The recipient must be a phone number of 7 to 15 digits.');
    if (typeof sms.body !== 'string' || sms.body.trim() === '' || sms.body.length > SMS_BODY_MAX) {
      throw new InvalidSmsError(`The text must have 1 to ${SMS_BODY_MAX} characters.`);
    }
    const [row] = await tx
      .insert(smsOutbox)
      .values({ toNumber: to, body: sms.body, facilityId: sms.facilityId ?? null })
      .returning({ id: smsOutbox.id });
    if (!row) throw new Error('sms_outbox insert returned no row');
    return row.id;
  }

  /** Newest first. `to` matches the number after normalisation; `limit` defaults to 100 (max 500). */
  async list(options: { limit?: number; to?: string } = {}): Promise<SmsOutboxMessage[]> {
    const limit = outboxListLimit(options.limit);
    const to = options.to ? normalizeSmsNumber(options.to) : '';
    const rows = await this.db
      .select()
      .from(smsOutbox)
      .where(to ? eq(smsOutbox.toNumber, to) : undefined)
      .orderBy(desc(smsOutbox.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.toNumber,
      body: r.body,
      ...deliveryState(r),
    }));
  }
}
