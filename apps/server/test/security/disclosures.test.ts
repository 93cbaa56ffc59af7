import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@portal/contracts';
import { auditEvents, facilities, integrationClients } from '../../src/db/schema/index';
import { INTEGRATION_DISCLOSURE_AUDIT_EVENT } from '../../src/modules/integration/disclosures';
import { IntegrationClientsService } from '../../src/modules/integration/integration.service';
import { latestAuditId } from '../../src/modules/integration/integration.repository';
import { WebhookDeliverer } from '../../src/modules/integration/webhooks.service';
import { addDays, localDate } from '../../src/platform/time/time';
import type { AccessFixture, CallerKind } from '../access-fixture';
import { apiCaller, openApiApp, request, type ApiCaller, type TestApp } from '../api';

// Issue 31, finding 2: what left through the event feed and the webhooks was on no patient's activity log (the
// feed call's audit row names no patient; webhook deliveries wrote none). Each feed page and each delivery run
// now leaves one disclosure row per patient, naming the client and the events by id and type, shown as
// "Sent to <system>" in the log and the export.

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;
let clients: IntegrationClientsService;
let db: TestApp['database']['db'];

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  api = apiCaller(t, fx);
  clients = new IntegrationClientsService(db, (s) => t.app.deps.sealedTokens.sealSecret(s));
});
afterAll(async () => {
  await t.close();
});

async function addContact(who: CallerKind, patientId: number, firstName: string): Promise<number> {
  const res = await api.put(`/api/patients/${patientId}/contacts`, who, {
    contactId: 0,
    contactFirstName: firstName,
    contactLastName: 'Disclosed',
    relationshipId: 16,
    communicationLanguageId: 1,
    contactEmail: `${firstName.toLowerCase()}@example.com`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contactId: number }>().contactId;
}

async function clientRowId(clientId: string): Promise<number> {
  const [row] = await db
    .select({ id: integrationClients.id })
    .from(integrationClients)
    .where(eq(integrationClients.clientId, clientId));
  return row!.id;
}

/** The disclosure rows about a patient naming a client, oldest first. */
function disclosuresOf(patientId: number, clientRow: number) {
  return db
    .select({ detail: auditEvents.detail, facilityId: auditEvents.facilityId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.eventType, INTEGRATION_DISCLOSURE_AUDIT_EVENT),
        eq(auditEvents.patientId, patientId),
        eq(auditEvents.integrationClientId, clientRow),
      ),
    )
    .orderBy(asc(auditEvents.id));
}

/** Jane's activity log around today (on her facility's clock), in the language asked for. */
async function janesLog(language = 'en-US'): Promise<string> {
  const [facility] = await db
    .select({ zone: facilities.timeZoneId })
    .from(facilities)
    .where(eq(facilities.id, fx.facilityId));
  const today = localDate(new Date(), facility!.zone);
  const range = `startDate=${addDays(today, -1)}&endDate=${addDays(today, 1)}`;
  const log = await api.get(`/api/patients/${fx.patientA}/audits/report?${range}&language=${language}`, 'patientA');
  expect(log.statusCode, log.body).toBe(200);
  return log.body;
}

/** Jane's activity log around today and her personal data export. */
async function janesLogAndExport(): Promise<{ log: string; exported: string }> {
  const log = await janesLog();
  const exported = await api.get(`/api/patients/${fx.patientA}/export`, 'patientA');
  expect(exported.statusCode, exported.body).toBe(200);
  return { log, exported: exported.body };
}

describe('disclosures through the event feed', () => {
  it('a feed page carrying jane’s events adds a row to her log naming the client, with event ids and types only', async () => {
    const name = `Feed Engine ${randomUUID().slice(0, 8)}`;
    const created = await clients.create({ facility: 'riverside', name, scopes: 'events' });
    const row = await clientRowId(created.clientId);
    const after = await latestAuditId(db);
    await addContact('patientA', fx.patientA, 'Feedone');
    await addContact('patientA', fx.patientA, 'Feedtwo');
    await addContact('patientB', fx.patientB, 'Feedthree');

    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/integration/v1/token',
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: created.clientId,
        client_secret: created.clientSecret ?? '',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const token = tokenRes.json<{ access_token: string }>().access_token;
    const page = await request(t, 'GET', `/integration/v1/events?after=${after}`, { token });
    expect(page.statusCode, page.body).toBe(200);
    const events = page.json<{ events: IntegrationEvent[] }>().events;
    expect(events).toHaveLength(3);
    const [janeMrn, , johnMrn] = events.map((e) => e.patient.mrn);

    const janes = await disclosuresOf(fx.patientA, row);
    expect(janes).toHaveLength(1);
    expect(janes[0]).toMatchObject({ facilityId: fx.facilityId });
    expect(janes[0]!.detail).toEqual({
      channel: 'feed',
      events: events.filter((e) => e.patient.mrn === janeMrn).map((e) => ({ id: e.id, type: e.type })),
    });
    // Never what was sent.
    expect(JSON.stringify(janes[0]!.detail)).not.toMatch(/Feedone|Feedtwo|example\.com/);
    const johns = await disclosuresOf(fx.patientB, row);
    expect(johns.map((j) => j.detail)).toEqual([
      {
        channel: 'feed',
        events: events.filter((e) => e.patient.mrn === johnMrn).map((e) => ({ id: e.id, type: e.type })),
      },
    ]);

    // An empty page discloses nothing.
    const empty = await request(t, 'GET', `/integration/v1/events?after=${events.at(-1)!.id}`, { token });
    expect(empty.json<{ events: unknown[] }>().events).toHaveLength(0);
    expect(await disclosuresOf(fx.patientA, row)).toHaveLength(1);

    const { log, exported } = await janesLogAndExport();
    expect(log).toContain(`Sent to ${name}`);
    expect(exported).toContain(`<type>${INTEGRATION_DISCLOSURE_AUDIT_EVENT}</type><name>Sent to ${name}</name>`);
    expect(exported).toContain(`<system>${name}</system>`);
  });
});

describe('disclosures through webhooks', () => {
  let receiver: Server;
  let receiverUrl: string;
  const answers: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(answers.shift() ?? 200).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('a delivery adds a row to jane’s log naming the client, for the events delivered only', async () => {
    const name = `Hook Engine ${randomUUID().slice(0, 8)}`;
    const created = await clients.create({ facility: 'riverside', name, scopes: 'events', webhookUrl: receiverUrl });
    const row = await clientRowId(created.clientId);
    let clock = Date.now();
    const deliverer = new WebhookDeliverer({
      db,
      openSecret: (sealed) => t.app.deps.sealedTokens.openSecret(sealed),
      log: { warn() {} },
      now: () => new Date(clock),
      pollIntervalMs: 0,
      backoffMs: () => 60_000,
    });
    const cursor = async () => {
      const [client] = await db
        .select({ cursor: integrationClients.webhookCursor })
        .from(integrationClients)
        .where(eq(integrationClients.id, row));
      return String(client!.cursor);
    };
    await addContact('patientA', fx.patientA, 'Hookone');
    await addContact('patientA', fx.patientA, 'Hooktwo');

    // The first is delivered, the second refused: only the first is on her log, with the cursor past it.
    answers.push(200, 500);
    expect(await deliverer.runOnce()).toBe(1);
    const first = await cursor();
    const afterFirst = await disclosuresOf(fx.patientA, row);
    expect(afterFirst.map((d) => d.detail)).toEqual([
      { channel: 'webhook', events: [{ id: first, type: 'contact.added' }] },
    ]);

    clock += 61_000;
    expect(await deliverer.runOnce()).toBe(1);
    const second = await cursor();
    expect(second).not.toBe(first);
    const all = await disclosuresOf(fx.patientA, row);
    expect(all.map((d) => d.detail)).toEqual([
      { channel: 'webhook', events: [{ id: first, type: 'contact.added' }] },
      { channel: 'webhook', events: [{ id: second, type: 'contact.added' }] },
    ]);
    expect(JSON.stringify(all)).not.toMatch(/Hookone|Hooktwo|example\.com/);

    // Nothing new: no delivery, no row.
    clock += 1_000;
    expect(await deliverer.runOnce()).toBe(0);
    expect(await disclosuresOf(fx.patientA, row)).toHaveLength(2);

    const { log, exported } = await janesLogAndExport();
    expect(log).toContain(`Sent to ${name}`);
    expect(exported).toContain(`<name>Sent to ${name}</name>`);
    expect(await janesLog('fr-CA')).toContain(`Envoyé à ${name}`);
    expect(await janesLog('zh-CN')).toContain(`已发送至${name}`);
  });
});
