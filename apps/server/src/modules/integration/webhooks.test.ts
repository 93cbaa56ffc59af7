import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@portal/contracts';
import { integrationClients } from '../../db/schema/index';
import { apiCaller, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { uniqueId } from '../../../test/secure-message-fixture';
import { labResultRecords } from '../lab-results/lab-results.intake';
import { IntegrationClientsService } from './integration.service';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  WebhookDeliverer,
  webhookSignature,
} from './webhooks.service';
import { seededPatientId } from '../../platform/integration/integration-patients';

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next (a queue; 200 once it is empty). */
const answers: number[] = [];
const received: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  api = apiCaller(t, fx);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: req.headers, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

async function addContact(firstName: string) {
  const res = await api.put(`/api/patients/${fx.patientA}/contacts`, 'patientA', {
    contactId: 0,
    contactFirstName: firstName,
    contactLastName: 'Hooked',
    relationshipId: 16,
    communicationLanguageId: 1,
    contactEmail: `${firstName.toLowerCase()}@example.com`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contactId: number }>().contactId;
}

describe('webhooks', () => {
  it('POSTs each new event, signed, at least once: a failure is retried after a delay, in order', async () => {
    const clients = new IntegrationClientsService(t.database.db, (s) => t.app.deps.sealedTokens.sealSecret(s));
    const created = await clients.create({
      facility: 'riverside',
      name: 'Engine with a webhook',
      scopes: 'events',
      webhookUrl: receiverUrl,
    });
    const secret = created.webhookSecret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    let clock = Date.now();
    const deliverer = new WebhookDeliverer({
      db: t.database.db,
      openSecret: (sealed) => t.app.deps.sealedTokens.openSecret(sealed),
      log: { warn() {} },
      now: () => new Date(clock),
      pollIntervalMs: 0,
      backoffMs: (attempt) => attempt * 60_000,
    });

    const first = await addContact('Hookone');
    const second = await addContact('Hooktwo');
    answers.push(500);
    expect(await deliverer.runOnce()).toBe(0);
    expect(received).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.clientId, created.clientId));
    expect(row).toMatchObject({ webhookAttempts: 1, webhookLastError: 'HTTP 500' });

    // Not due before the delay has passed.
    expect(await deliverer.runOnce()).toBe(0);
    expect(received).toHaveLength(1);

    clock += 61_000;
    expect(await deliverer.runOnce()).toBe(2);
    expect(received).toHaveLength(3);
    const bodies = received.map((r) => JSON.parse(r.body) as IntegrationEvent);
    // The failed event came again first, with the same id: the receiver can tell the duplicate.
    expect(bodies.map((b) => b.record.contactId)).toEqual([first, first, second]);
    expect(bodies[0]?.id).toBe(bodies[1]?.id);
    expect(bodies.map((b) => b.type)).toEqual(['contact.added', 'contact.added', 'contact.added']);
    for (const delivery of received) {
      const timestamp = String(delivery.headers[TIMESTAMP_HEADER]);
      expect(delivery.headers[SIGNATURE_HEADER]).toBe(webhookSignature(secret, timestamp, delivery.body));
      expect(delivery.headers[EVENT_ID_HEADER]).toBe((JSON.parse(delivery.body) as IntegrationEvent).id);
      expect(delivery.headers['content-type']).toBe('application/json');
    }

    // Nothing new: nothing sent.
    expect(await deliverer.runOnce()).toBe(0);
    expect(received).toHaveLength(3);
    const [after] = await t.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.clientId, created.clientId));
    expect(after).toMatchObject({ webhookAttempts: 0, webhookLastError: null, webhookCursor: Number(bodies[2]?.id) });
  });

  it('names your identifier of the record beside the portal’s in what it POSTs', async () => {
    const clients = new IntegrationClientsService(t.database.db, (s) => t.app.deps.sealedTokens.sealSecret(s));
    const created = await clients.create({
      facility: 'riverside',
      name: 'Engine that files by its own ids',
      scopes: 'events',
      webhookUrl: receiverUrl,
    });
    const deliverer = new WebhookDeliverer({
      db: t.database.db,
      openSecret: (sealed) => t.app.deps.sealedTokens.openSecret(sealed),
      log: { warn() {} },
      pollIntervalMs: 0,
    });
    const externalId = uniqueId('ACC-HOOK');
    const lab = await t.database.db.transaction((tx) =>
      labResultRecords.put(tx, seededPatientId(fx.patientA), externalId, {
        isPublished: true,
        collectedAt: new Date(Date.now() - 86_400_000),
        externalStatus: 'Final',
        requestingPhysician: null,
        ...{ address1: null, address2: null, city: null, state: null, zipCode: null, country: null },
        ...{ labName: null, labAddress: null, comment: null, noteToPatient: null },
        groups: [],
      }),
    );
    const from = received.length;
    const viewed = await api.get(`/api/patients/${fx.patientA}/labresults/${lab.id}`, 'patientA');
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(await deliverer.runOnce()).toBeGreaterThanOrEqual(1);

    // Among the deliveries (another client may share the receiver), the one signed with this client's secret.
    const mine = received
      .slice(from)
      .filter(
        (r) =>
          r.headers[SIGNATURE_HEADER] ===
          webhookSignature(created.webhookSecret ?? '', String(r.headers[TIMESTAMP_HEADER]), r.body),
      )
      .map((r) => JSON.parse(r.body) as IntegrationEvent);
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'document.viewed',
        patient: { mrn: 'RCC-100234' },
        record: {
          auditEvent: 'testresultdetailviewauditevent',
          patientId: String(fx.patientA),
          labResultId: lab.id,
          labResultExternalId: externalId,
          markedReviewed: true,
          status: 200,
        },
      }),
    ]);
  });
});
