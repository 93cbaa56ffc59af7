import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationClients } from '../../src/db/schema/index';
import { IntegrationClientError, IntegrationClientsService } from '../../src/modules/integration/integration.service';
import { WebhookDeliverer } from '../../src/modules/integration/webhooks.service';
import type { HostLookup } from '../../src/platform/http/outbound-url';
import type { AccessFixture } from '../access-fixture';
import { apiCaller, openApiApp, type ApiCaller, type TestApp } from '../api';

// Issue 31, finding 10: webhook URLs such as http://169.254.169.254/, http://[::1]:6379/ or http://0.0.0.0:5432/
// were accepted, and a name was never checked after resolution, so the portal could be made to POST to its own
// network. Production now refuses them at registration and again at each delivery.

const PRODUCTION = { requireHttps: true, allowLoopback: false };
const publicName: HostLookup = () => Promise.resolve([{ address: '93.184.216.34' }]);

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;
let receiver: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  api = apiCaller(t, fx);
  receiver = createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

function clientsWith(policy: typeof PRODUCTION, lookup?: HostLookup) {
  return new IntegrationClientsService(t.database.db, (s) => t.app.deps.sealedTokens.sealSecret(s), policy, lookup);
}

async function clientRow(clientId: string) {
  const [row] = await t.database.db.select().from(integrationClients).where(eq(integrationClients.clientId, clientId));
  return row;
}

describe('webhook registration in production', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', /https/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://[::1]:6379/', /loopback/],
    ['https://0.0.0.0:5432/', /unspecified/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://10.1.2.3/hook', /private/],
    ['https://172.20.0.1/hook', /private/],
    ['https://192.168.0.10/hook', /private/],
    ['https://[fd00::1]/hook', /private/],
    ['https://100.64.0.7/hook', /private/],
    ['http://hooks.example.invalid/plain', /https/],
  ])('refuses %s', async (url, reason) => {
    const create = clientsWith(PRODUCTION, publicName).create({
      facility: 'riverside',
      name: 'Refused hook',
      scopes: 'events',
      webhookUrl: url,
    });
    await expect(create).rejects.toThrow(IntegrationClientError);
    await expect(create).rejects.toThrow(reason);
  });

  it('refuses a name any of whose addresses is internal, and accepts one whose every address is public', async () => {
    const mixed: HostLookup = () => Promise.resolve([{ address: '93.184.216.34' }, { address: '10.0.0.8' }]);
    await expect(
      clientsWith(PRODUCTION, mixed).create({
        facility: 'riverside',
        name: 'Mixed hook',
        scopes: 'events',
        webhookUrl: 'https://hooks.example.invalid/x',
      }),
    ).rejects.toThrow(/resolves to 10\.0\.0\.8, a private address/);
    const created = await clientsWith(PRODUCTION, publicName).create({
      facility: 'riverside',
      name: 'Public hook',
      scopes: 'events',
      webhookUrl: 'https://hooks.example.invalid/x',
    });
    expect(created.webhookSecret).toEqual(expect.any(String));
  });
});

describe('webhook delivery', () => {
  it('checks the address again at each POST: a name now resolving to loopback is a failed attempt, not a call', async () => {
    // Registered while "localhost" resolved to a public address; at delivery the system resolver says 127.0.0.1.
    const created = await clientsWith({ requireHttps: false, allowLoopback: false }, publicName).create({
      facility: 'riverside',
      name: 'Rebinding hook',
      scopes: 'events',
      webhookUrl: `http://localhost:${port}/hook`,
    });
    let clock = Date.now();
    const deliverer = new WebhookDeliverer({
      db: t.database.db,
      openSecret: (sealed) => t.app.deps.sealedTokens.openSecret(sealed),
      log: { warn() {} },
      now: () => new Date(clock),
      pollIntervalMs: 0,
      backoffMs: () => 60_000,
      outboundUrls: { requireHttps: false, allowLoopback: false },
    });
    const res = await api.put(`/api/patients/${fx.patientA}/contacts`, 'patientA', {
      contactId: 0,
      contactFirstName: 'Rebound',
      contactLastName: 'Hooked',
      relationshipId: 16,
      communicationLanguageId: 1,
      contactEmail: 'rebound@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = hits;

    expect(await deliverer.runOnce()).toBe(0);
    expect(hits).toBe(before);
    const row = await clientRow(created.clientId);
    expect(row?.webhookAttempts).toBe(1);
    expect(row?.webhookLastError).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(row?.webhookNextAttemptAt?.getTime()).toBe(clock + 60_000);

    // Not tried again before the backoff has passed: no retry storm.
    expect(await deliverer.runOnce()).toBe(0);
    expect((await clientRow(created.clientId))?.webhookAttempts).toBe(1);

    clock += 61_000;
    expect(await deliverer.runOnce()).toBe(0);
    expect((await clientRow(created.clientId))?.webhookAttempts).toBe(2);
    expect(hits).toBe(before);
  });
});
