// What the transactional outboxes (mail, SMS) share besides their delivery (outbox-delivery.ts).

/**
 * What a transactional outbox (mail, SMS) tells its sender: that a transaction which queued messages has committed,
 * so a listening sender delivers them now rather than at its next poll.
 */
export class OutboxSignal {
  private readonly queuedListeners = new Set<() => void>();

  /** Calls `listener` on each notifyQueued() (a sender's kick); answers a function that unsubscribes it. */
  onQueued(listener: () => void): () => void {
    this.queuedListeners.add(listener);
    return () => this.queuedListeners.delete(listener);
  }

  /** Call it after the commit: before it, the sender would not see the rows yet. */
  notifyQueued(): void {
    for (const listener of this.queuedListeners) listener();
  }
}

/** How many rows a developer mailbox lists: 100 unless asked, 1 to 500. */
export function outboxListLimit(limit: number | undefined): number {
  return Math.min(Math.max(Math.trunc(limit ?? 100), 1), 500);
}

/** Where a queued message stands, as the developer mailboxes list it. */
export interface OutboxDeliveryState {
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, or null while not delivered */
  sentAt: string | null;
}

export function deliveryState(row: {
  status: OutboxDeliveryState['status'];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): OutboxDeliveryState {
  return {
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
