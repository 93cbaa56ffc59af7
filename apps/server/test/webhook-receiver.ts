import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegrationEvent } from '@portal/contracts';
import { IntegrationClientsService } from '../src/modules/integration/integration.service';
import { WebhookDeliverer } from '../src/modules/integration/webhooks.service';
import type { TestApp } from './helpers';

/**
 * What a facility's system receives by webhook: a receiver on 127.0.0.1 registered as a new 'events' client of
 * Riverside for the time of `use`. `deliver` runs one delivery round and answers every event received so far.
 */
export async function withWebhookReceiver<T>(
  t: TestApp,
  use: (deliver: () => Promise<IntegrationEvent[]>) => Promise<T>,
): Promise<T> {
  const received: IntegrationEvent[] = [];
  const receiver: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body) as IntegrationEvent);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const db = t.database.db;
    const clients = new IntegrationClientsService(db, (s) => t.app.deps.sealedTokens.sealSecret(s));
    await clients.create({
      facility: 'riverside',
      name: `Webhook receiver ${randomUUID()}`,
      scopes: 'events',
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    const deliverer = new WebhookDeliverer({
      db,
      openSecret: (sealed) => t.app.deps.sealedTokens.openSecret(sealed),
      log: { warn() {} },
      pollIntervalMs: 0,
    });
    return await use(async () => {
      await deliverer.runOnce();
      return received;
    });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}
