import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { recordDisclosures } from './disclosures';
import {
  assertOutboundUrl,
  DEVELOPMENT_OUTBOUND_POLICY,
  type OutboundUrlPolicy,
} from '../../platform/http/outbound-url';
import { claimDueWebhook, settleWebhook } from './integration.repository';
import { eventsAfter } from './integration.service';

// Webhooks: each event of a client's facility POSTed to the client's URL, in order and at least once. The
// client row is the outbox: its cursor is the last event delivered; a failed POST is tried again later with a
// growing delay, and nothing after it is sent before it. The event id lets the receiver ignore a duplicate.

export const SIGNATURE_HEADER = 'x-portal-signature';
export const TIMESTAMP_HEADER = 'x-portal-timestamp';
export const EVENT_ID_HEADER = 'x-portal-event-id';

/** The signature a receiver recomputes: HMAC-SHA256 of `${timestamp}.${body}` with the client's webhook secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function webhookBackoffMs(attempt: number): number {
  return Math.min(15_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

const BATCH = 50;
const LEASE_MS = 5 * 60_000;
const POST_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 200;

export interface WebhookLog {
  warn(obj: Record<string, unknown>, msg?: string): void;
}

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      db: Db;
      /** Reads a client's sealed webhook secret. */
      openSecret: (sealed: string) => string | null;
      log: WebhookLog;
      now?: () => Date;
      pollIntervalMs?: number;
      backoffMs?: (attempt: number) => number;
      /** Where webhooks may go, checked again at each POST (DNS rebinding); main.ts passes the configured one. */
      outboundUrls?: OutboundUrlPolicy;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Delivers what is due for every client whose webhook is due; returns the events delivered. */
  async runOnce(): Promise<number> {
    let delivered = 0;
    const seen = new Set<number>();
    for (;;) {
      const client = await claimDueWebhook(this.options.db, this.now(), LEASE_MS);
      if (!client || seen.has(client.id)) break;
      seen.add(client.id);
      delivered += await this.deliver(client);
    }
    return delivered;
  }

  private async deliver(client: NonNullable<Awaited<ReturnType<typeof claimDueWebhook>>>): Promise<number> {
    const { db } = this.options;
    const secret = client.webhookSecretSealed ? this.options.openSecret(client.webhookSecretSealed) : null;
    let cursor = client.webhookCursor;
    let delivered = 0;
    const events = await eventsAfter(db, client.facilityId, cursor, BATCH);
    const sent: typeof events = [];
    for (const event of events) {
      const body = JSON.stringify(event);
      const timestamp = String(Math.floor(this.now().getTime() / 1000));
      let failure: string | null = null;
      try {
        // A refused address throws: recorded below as a failed attempt with its reason, under the usual backoff.
        await assertOutboundUrl(client.webhookUrl ?? '', this.options.outboundUrls ?? DEVELOPMENT_OUTBOUND_POLICY);
        const res = await fetch(client.webhookUrl ?? '', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [EVENT_ID_HEADER]: event.id,
            [TIMESTAMP_HEADER]: timestamp,
            ...(secret ? { [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body) } : {}),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (res.status < 200 || res.status >= 300) failure = `HTTP ${res.status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      if (failure) {
        const attempts = client.webhookAttempts + 1;
        const backoff = (this.options.backoffMs ?? webhookBackoffMs)(attempts);
        // Never the URL in the log: its path may carry the receiver's own token.
        this.options.log.warn({ clientId: client.clientId, eventId: event.id, attempts }, 'webhook delivery failed');
        await this.settle(client, sent, {
          cursor,
          attempts,
          nextAttemptAt: new Date(this.now().getTime() + backoff),
          lastError: failure.slice(0, MAX_ERROR_LENGTH),
        });
        return delivered;
      }
      cursor = Number(event.id);
      delivered += 1;
      sent.push(event);
      client.webhookAttempts = 0;
    }
    // Up to date (or a full batch sent): look again at the next poll.
    await this.settle(client, sent, {
      cursor,
      attempts: 0,
      nextAttemptAt: new Date(this.now().getTime() + (events.length === BATCH ? 0 : this.pollIntervalMs)),
      lastError: null,
    });
    return delivered;
  }

  /**
   * Moves the cursor past the events sent and records their disclosure in one transaction: a cursor past events
   * no row records would leave them off the patients' activity logs for good.
   */
  private settle(
    client: { id: number; facilityId: number },
    sent: Parameters<typeof recordDisclosures>[3],
    state: Parameters<typeof settleWebhook>[2],
  ): Promise<void> {
    return this.options.db.transaction(async (tx) => {
      await recordDisclosures(tx, client, 'webhook', sent);
      await settleWebhook(tx, client.id, state);
    });
  }

  private get pollIntervalMs(): number {
    return this.options.pollIntervalMs ?? 5_000;
  }

  start(): void {
    const tick = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.options.log.warn({ err: String(error) }, 'webhook run failed'))
        .then(() => undefined)
        .finally(() => {
          this.timer = setTimeout(tick, this.pollIntervalMs);
          this.timer.unref();
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
    clearTimeout(this.timer);
  }
}
