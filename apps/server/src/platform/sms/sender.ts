import { smsOutbox } from '../../db/schema/index';
import {
  describeError,
  OutboxDelivery,
  type ClaimedRow,
  type DeliveryResult,
  type OutboxDeliveryOptions,
} from '../delivery/outbox-delivery';
import { SmsGatewayError, toE164, type SmsGateway } from './gateway';

export interface SmsSenderOptions extends OutboxDeliveryOptions {
  gateway: SmsGateway;
  /** The country code ten-digit numbers are sent with (SMS_COUNTRY_CODE). */
  countryCode: string;
}

export type SmsDeliveryResult = DeliveryResult;

/** Time one send may take: the gateway's 15 s timeout plus slack. */
const SEND_BUDGET_MS = 20_000;

interface ClaimedSms extends ClaimedRow {
  toNumber: string;
  body: string;
}

/**
 * Delivers the SMS outbox to the gateway as MailSender delivers mail (OutboxDelivery): instances side by side never
 * send a row twice, each failure is recorded with a backoff, and a gateway that is down leaves the rest of the batch
 * for a later run. Logs get outbox ids only, never numbers or texts.
 */
export class SmsSender extends OutboxDelivery<ClaimedSms> {
  constructor(options: SmsSenderOptions) {
    const { gateway, countryCode } = options;
    super(options, {
      name: 'sms',
      table: smsOutbox,
      columns: { toNumber: smsOutbox.toNumber, body: smsOutbox.body },
      send: (row) => gateway.send({ to: toE164(row.toNumber, countryCode), body: row.body }),
      isServerProblem: (err) => !(err instanceof SmsGatewayError) || err.serverProblem,
      logContext: (row) => ({ smsOutboxId: row.id }),
      // last_error keeps what the log gets: the description with addresses hidden.
      recordedError: (err) => describeError(err, { hideAddresses: true }),
      // A batch of slow sends must not outlast its lease, or a second instance could claim and send a row again.
      sendBudgetMs: SEND_BUDGET_MS,
    });
  }
}
