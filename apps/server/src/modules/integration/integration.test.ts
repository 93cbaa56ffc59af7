import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JWT_BEARER_ASSERTION_TYPE,
  SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
  type IntegrationEvent,
  type IntegrationEventType,
} from '@portal/contracts';
import { auditEvents, integrationClients } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { LIMITS } from '../../platform/http/limits';
import { apiCaller, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { patientToday } from '../../../test/questionnaire-fixture';
import { putTestProviderMessage, recipientOf, uniqueId } from '../../../test/secure-message-fixture';
import { educationArticleRecords, educationMaterialRecords } from '../education/education.intake';
import { labResultRecords } from '../lab-results/lab-results.intake';
import { medicalNoteRecords } from '../medical-notes/medical-notes.intake';
import { IntegrationClientError, IntegrationClientsService } from './integration.service';
import { seededPatientId } from '../../platform/integration/integration-patients';

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;
let clients: IntegrationClientsService;

const TOKEN_URL = '/integration/v1/token';
// Riverside's canonical alias at the configured port (no PUBLIC_URL): the audience an assertion must name here.
const AUDIENCE = `http://localhost:3000${TOKEN_URL}`;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  api = apiCaller(t, fx);
  clients = new IntegrationClientsService(t.database.db, (s) => t.app.deps.sealedTokens.sealSecret(s));
});
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = form(fields);
  return t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

async function secretClient(scopes = 'patients clinical content events', facility = 'riverside') {
  const client = await clients.create({ facility, name: `Engine ${randomUUID()}`, scopes });
  return { clientId: client.clientId, secret: client.clientSecret ?? '' };
}

async function tokenOf(client: { clientId: string; secret: string }, scope?: string): Promise<string> {
  const res = await tokenRequest({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.secret,
    ...(scope ? { scope } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

describe('POST /integration/v1/token with a client secret', () => {
  it('issues a 5-minute bearer token with the client’s scopes, not cacheable', async () => {
    const client = await secretClient('clinical events');
    const res = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'clinical events' });
    expect(String(body.access_token)).toMatch(/^it_[A-Za-z0-9_-]{43}$/);
  });

  it('takes the secret from an HTTP Basic header too, and narrows to the scopes asked (SMART form read too)', async () => {
    const client = await secretClient('clinical events');
    const basic = Buffer.from(`${client.clientId}:${client.secret}`).toString('base64');
    const res = await tokenRequest(
      { grant_type: 'client_credentials', scope: 'system/events.read' },
      { authorization: `Basic ${basic}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'events' });
  });

  it('keeps only a hash of the secret', async () => {
    const client = await secretClient();
    const [row] = await t.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.clientId, client.clientId));
    expect(row?.secretHash).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(client.secret);
  });

  it('refuses a wrong secret, an unknown client and a revoked one alike (401 invalid_client)', async () => {
    const client = await secretClient();
    const revoked = await secretClient();
    await clients.revoke(revoked.clientId);
    for (const [clientId, secret] of [
      [client.clientId, 'not-the-secret'],
      ['nobody', client.secret],
      [revoked.clientId, revoked.secret],
    ] as const) {
      const res = await tokenRequest({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: 'invalid_client',
        error_description: 'The client or its secret is not valid.',
      });
    }
  });

  it('refuses another grant type and a scope the client was not granted', async () => {
    const client = await secretClient('events');
    const grant = await tokenRequest({
      grant_type: 'password',
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const scope = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.secret,
      scope: 'clinical',
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toMatchObject({
      error: 'invalid_scope',
      error_description: 'This client is not granted: clinical.',
    });
  });

  it('ends the live tokens of a revoked client at once, and a rotated secret replaces the old one', async () => {
    const client = await secretClient();
    const token = await tokenOf(client);
    expect((await request(t, 'GET', '/integration/v1/events', { token })).statusCode).toBe(200);
    const { clientSecret } = await clients.rotate(client.clientId, {});
    const old = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(old.statusCode).toBe(401);
    await tokenOf({ clientId: client.clientId, secret: clientSecret ?? '' });
    await clients.revoke(client.clientId);
    const after = await request(t, 'GET', '/integration/v1/events', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'invalid_token' });
  });
});

describe('POST /integration/v1/token with private_key_jwt (SMART Backend Services)', () => {
  let es384: { privateKey: CryptoKey; publicKey: CryptoKey };
  let rs384: { privateKey: CryptoKey; publicKey: CryptoKey };
  let clientId: string;

  beforeAll(async () => {
    es384 = await generateKeyPair('ES384');
    rs384 = await generateKeyPair('RS384');
    const keys = [
      { ...(await exportJWK(es384.publicKey)), kid: 'es', alg: 'ES384' },
      { ...(await exportJWK(rs384.publicKey)), kid: 'rs', alg: 'RS384' },
    ];
    const client = await clients.create({
      facility: 'riverside',
      name: 'Hospital EHR',
      scopes: 'clinical events',
      jwks: JSON.stringify({ keys }),
    });
    expect(client.clientSecret).toBeNull();
    clientId = client.clientId;
  });

  function assertion(
    key: CryptoKey,
    alg: string,
    kid: string,
    claims: { iss?: string; sub?: string; aud?: string; exp?: number; jti?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ jti: claims.jti ?? randomUUID() })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setIssuer(claims.iss ?? clientId)
      .setSubject(claims.sub ?? clientId)
      .setAudience(claims.aud ?? AUDIENCE)
      .setExpirationTime(claims.exp ?? now + 240)
      .sign(key);
  }

  const exchange = (jwt: string, scope?: string) =>
    tokenRequest({
      grant_type: 'client_credentials',
      client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
      client_assertion: jwt,
      ...(scope ? { scope } : {}),
    });

  it('accepts an ES384 and an RS384 assertion signed by a registered key', async () => {
    for (const [pair, alg, kid] of [
      [es384, 'ES384', 'es'],
      [rs384, 'RS384', 'rs'],
    ] as const) {
      const res = await exchange(await assertion(pair.privateKey, alg, kid), 'events');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ token_type: 'bearer', scope: 'events', expires_in: 300 });
    }
  });

  it('accepts an assertion once: the same jti again is refused', async () => {
    const jwt = await assertion(es384.privateKey, 'ES384', 'es');
    expect((await exchange(jwt)).statusCode).toBe(200);
    const replay = await exchange(jwt);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      error: 'invalid_client',
      error_description: 'This assertion was already used (jti).',
    });
  });

  it('refuses an expired assertion, one for another audience, one too long-lived, and a foreign key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stranger = await generateKeyPair('ES384');
    const cases: [Promise<string>, string][] = [
      [assertion(es384.privateKey, 'ES384', 'es', { exp: now - 120 }), 'The assertion has expired.'],
      [
        assertion(es384.privateKey, 'ES384', 'es', { aud: 'https://elsewhere.example/token' }),
        "The assertion's aud claim is not valid.",
      ],
      [
        assertion(es384.privateKey, 'ES384', 'es', { exp: now + 3600 }),
        'The assertion may not expire more than 5 minutes ahead.',
      ],
      [assertion(es384.privateKey, 'ES384', 'es', { sub: 'someone-else' }), "The assertion's sub claim is not valid."],
      [assertion(stranger.privateKey, 'ES384', 'es'), "The assertion's signature matches none of the client's keys."],
    ];
    for (const [jwt, message] of cases) {
      const res = await exchange(await jwt);
      expect(res.statusCode, message).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_client', error_description: message });
    }
  });

  it('refuses an HMAC-signed assertion and a wrong assertion type', async () => {
    const hs = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(AUDIENCE)
      .setExpirationTime('4m')
      .sign(new TextEncoder().encode('a shared secret of thirty-two bytes!'));
    const res = await exchange(hs);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
    const wrongType = await tokenRequest({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:example:other',
      client_assertion: await assertion(es384.privateKey, 'ES384', 'es'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('the integration API’s own description', () => {
  it('lists the integration routes (not the portal’s) at /integration/v1/openapi.json, browsable at /integration/docs', async () => {
    const doc = await t.app.inject({ url: '/integration/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain('/integration/v1/token');
    expect(paths).toContain('/integration/v1/events');
    expect(paths.filter((p) => !p.startsWith('/integration/v1/'))).toEqual([]);
    const portal = await t.app.inject({ url: '/api/openapi.json' });
    expect(
      Object.keys(portal.json<{ paths: Record<string, unknown> }>().paths).filter((p) => p.startsWith('/integration')),
    ).toEqual([]);
    const page = await t.app.inject({ url: '/integration/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('the integration API and the portal API are closed to each other’s tokens', () => {
  it('refuses a patient’s token on the integration API, and an integration token on the portal API', async () => {
    const patientToken = await api.tokenOf('patientA');
    const onIntegration = await request(t, 'GET', '/integration/v1/events', { token: patientToken });
    expect(onIntegration.statusCode).toBe(401);
    expect(onIntegration.json()).toMatchObject({ error: 'invalid_token' });

    const integrationToken = await tokenOf(await secretClient());
    const onPortal = await request(t, 'GET', `/api/patients/${fx.patientA}`, { token: integrationToken });
    expect(onPortal.statusCode).toBe(401);
  });

  it('limits each client’s calls (429 once its minute’s allowance is spent), the other clients unaffected', async () => {
    const busy = await secretClient('events');
    const calm = await secretClient('events');
    const busyToken = await tokenOf(busy);
    const [row] = await t.database.db
      .select({ id: integrationClients.id })
      .from(integrationClients)
      .where(eq(integrationClients.clientId, busy.clientId));
    // Spend the allowance as 6,000 calls would.
    for (let i = 0; i < LIMITS.integrationCalls.points; i++) {
      await t.app.deps.limits.consume('integrationCalls', String(row!.id));
    }
    const refused = await request(t, 'GET', '/integration/v1/events', { token: busyToken });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_attempts' });
    // Issue 31, finding 15: when to try again (at most the minute's window).
    expect(refused.headers['retry-after']).toBe(String(LIMITS.integrationCalls.durationSeconds));
    const other = await request(t, 'GET', '/integration/v1/events', { token: await tokenOf(calm) });
    expect(other.statusCode).toBe(200);
  });

  it('answers 403 insufficient_scope for a token without the route’s scope', async () => {
    const token = await tokenOf(await secretClient('clinical'));
    const res = await request(t, 'GET', '/integration/v1/events', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'insufficient_scope', message: "This call needs the 'events' scope." });
  });
});

describe('GET /integration/v1/events', () => {
  async function addContact(firstName: string) {
    const res = await api.put(`/api/patients/${fx.patientA}/contacts`, 'patientA', {
      contactId: 0,
      contactFirstName: firstName,
      contactLastName: 'Tester',
      relationshipId: 16,
      communicationLanguageId: 1,
      contactEmail: `${firstName.toLowerCase()}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ contactId: number }>().contactId;
  }

  it('gives what patients did, in order, after the cursor, with the MRN and identifiers only', async () => {
    const token = await tokenOf(await secretClient('events'));
    const start = await request(t, 'GET', '/integration/v1/events?limit=500', { token });
    expect(start.statusCode).toBe(200);
    let cursor = start.json<{ next: string | null }>().next ?? '0';
    // Read to the end of what the seed left.
    for (;;) {
      const page = await request(t, 'GET', `/integration/v1/events?after=${cursor}&limit=500`, { token });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json<{ events: unknown[]; next: string }>();
      if (body.events.length === 0) break;
      cursor = body.next;
    }

    const contactId = await addContact('Eventful');
    const res = await request(t, 'GET', `/integration/v1/events?after=${cursor}`, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      events: { id: string; type: IntegrationEventType; patient: { mrn: string } }[];
      next: string;
    }>();
    expect(body.events).toEqual([
      {
        id: expect.any(String) as string,
        type: 'contact.added',
        occurredAt: expect.stringMatching(/Z$/) as string,
        patient: { mrn: expect.any(String) as string },
        actor: { relationship: 'self' },
        record: { auditEvent: 'contactaddauditevent', contactId },
      },
    ]);
    expect(body.next).toBe(body.events[0]?.id);
    expect(JSON.stringify(body)).not.toContain('Eventful');

    // Nothing new after the last one.
    const after = await request(t, 'GET', `/integration/v1/events?after=${body.next}`, { token });
    expect(after.json()).toEqual({ events: [], next: body.next });
  });

  it('tells a changed preferred language and a changed email, without the address', async () => {
    const token = await tokenOf(await secretClient('events'));
    const drain = async (from: string): Promise<string> => {
      let cursor = from;
      for (;;) {
        const page = await request(t, 'GET', `/integration/v1/events?after=${cursor}&limit=500`, { token });
        const body = page.json<{ events: unknown[]; next: string }>();
        if (body.events.length === 0) return cursor;
        cursor = body.next;
      }
    };
    const cursor = await drain('0');
    const language = await api.put(`/api/patients/${fx.patientA}/preferredLanguage?language=es-MX`, 'patientA');
    expect(language.statusCode, language.body).toBeLessThan(300);
    const { bearer: janeToken, userId } = await fx.token('patientA');
    const email = await request(t, 'PUT', `/api/users/${userId}/changeemail`, {
      token: janeToken,
      body: { isPatient: true, userId, email: 'jane.new@example.com', currentPassword: 'DemoPass#2026' },
    });
    expect(email.statusCode, email.body).toBe(200);
    const res = await request(t, 'GET', `/integration/v1/events?after=${cursor}`, { token });
    const events = res.json<{ events: { type: string; record: Record<string, unknown>; patient: { mrn: string } }[] }>()
      .events;
    expect(events.map((e) => [e.type, e.patient.mrn])).toEqual([
      ['preferred_language.changed', 'RCC-100234'],
      ['email.changed', 'RCC-100234'],
    ]);
    expect(events[0]?.record).toMatchObject({ language: 'es-MX' });
    expect(JSON.stringify(events)).not.toContain('jane.new@example.com');
  });

  it('names your identifiers beside the portal’s: the result, note and article viewed, the thread, your message read or answered', async () => {
    const token = await tokenOf(await secretClient('events'));
    let cursor = '0';
    for (;;) {
      const page = await request(t, 'GET', `/integration/v1/events?after=${cursor}&limit=500`, { token });
      const body = page.json<{ events: unknown[]; next: string }>();
      if (body.events.length === 0) break;
      cursor = body.next;
    }
    // Records you sent with your identifiers.
    const db = t.database.db;
    const ids = {
      lab: uniqueId('ACC'),
      note: uniqueId('DOC'),
      material: uniqueId('EDU'),
      article: uniqueId('ASSIGN'),
      thread: uniqueId('THR'),
      message: uniqueId('MSG'),
    };
    const today = await patientToday(db, fx.patientA);
    const { lab, note, article } = await db.transaction(async (tx) => {
      const lab = await labResultRecords.put(tx, seededPatientId(fx.patientA), ids.lab, {
        isPublished: true,
        collectedAt: new Date(Date.now() - 86_400_000),
        externalStatus: 'Final',
        requestingPhysician: 'Dr. Priya Raman',
        ...{ address1: null, address2: null, city: null, state: null, zipCode: null, country: null },
        labName: 'RCC Laboratory',
        ...{ labAddress: null, comment: null, noteToPatient: null },
        groups: [
          {
            groupDisplayName: 'Chemistry',
            details: [
              {
                ...{ testDisplayName: 'Sodium', testValue: '140', unitOfMeasure: 'mmol/L', referencesRange: null },
                ...{ abnormalFlag: null, testDetailStatus: 'Final', comment: null },
              },
            ],
          },
        ],
      });
      const note = await medicalNoteRecords.put(tx, seededPatientId(fx.patientA), ids.note, {
        serviceDate: today,
        documentType: 'Progress Note',
        authoredBy: 'Dr. Priya Raman',
        status: 'Final',
        noteToPatient: null,
        isPublished: true,
        pages: [{ contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.4\n% feed\n') }],
      });
      const material = await educationMaterialRecords.put(tx, fx.facilityId, ids.material, {
        title: 'Feed article',
        categoryName: 'Nutrition',
        categorySortOrder: 1,
        contentHtml: '<p>Eat well.</p>',
        language: 'en',
      });
      const article = await educationArticleRecords.put(tx, seededPatientId(fx.patientA), ids.article, {
        materialId: material.id,
        assignedDate: today,
      });
      return { lab, note, article };
    });
    const careProviderId = await recipientOf(db, fx.patientA);
    const yours = await putTestProviderMessage(db, fx.patientA, careProviderId, {
      externalId: ids.message,
      thread: { subject: 'Your results', externalId: ids.thread },
    });

    // Jane views each through the portal, answers your message, and reads the thread.
    for (const path of [
      `/api/patients/${fx.patientA}/labresults/${lab.id}`,
      `/api/patients/${fx.patientA}/medicalnotes/published/${note.id}/page/1/content`,
      `/api/education/articles/${article.id}/content`,
    ]) {
      const viewed = await api.get(path, 'patientA');
      expect(viewed.statusCode, `${path}: ${viewed.body.slice(0, 200)}`).toBe(200);
    }
    const answered = await api.post(
      `/api/patients/${fx.patientA}/SecureMessages/threads/${yours.threadId}/messages`,
      'patientA',
      { content: '<p>Thank you.</p>' },
    );
    expect(answered.statusCode, answered.body).toBe(201);
    // The row the thread's PATCH writes when she reads it.
    await db.insert(auditEvents).values({
      eventType: SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
      patientId: fx.patientA,
      facilityId: fx.facilityId,
      actorUserId: fx.userIds.jane,
      relationship: 'self',
      detail: { threadId: yours.threadId },
    });

    const res = await request(t, 'GET', `/integration/v1/events?after=${cursor}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json<{ events: IntegrationEvent[] }>().events;
    expect(events.map((e) => [e.type, e.record.auditEvent])).toEqual([
      ['document.viewed', 'testresultdetailviewauditevent'],
      ['document.viewed', 'medicalnotepageviewauditevent'],
      ['document.viewed', 'educationarticleviewauditevent'],
      ['message.sent', 'securemessagesendauditevent'],
      ['message.read', 'securemessagereviewauditevent'],
    ]);
    const [result, page, read, sent, seen] = events as [
      IntegrationEvent,
      IntegrationEvent,
      IntegrationEvent,
      IntegrationEvent,
      IntegrationEvent,
    ];
    expect(result.record).toMatchObject({ labResultId: lab.id, labResultExternalId: ids.lab });
    expect(page.record).toMatchObject({ noteId: note.id, pageNumber: 1, noteExternalId: ids.note });
    expect(read.record).toMatchObject({
      articleId: article.id,
      assignmentExternalId: ids.article,
      articleExternalId: ids.material,
    });
    expect(sent.record).toMatchObject({
      threadId: yours.threadId,
      threadExternalId: ids.thread,
      inReplyToExternalId: ids.message,
    });
    expect(sent.message).toMatchObject({ threadId: yours.threadId, threadExternalId: ids.thread });
    expect(seen.record).toEqual({
      auditEvent: 'securemessagereviewauditevent',
      threadId: yours.threadId,
      threadExternalId: ids.thread,
      messageExternalId: ids.message,
    });
    expect(result.patient).toEqual({ mrn: 'RCC-100234' });
  });

  it('shows another facility’s client none of these events', async () => {
    const lakeside = await tokenOf(await secretClient('events', 'lakeside'));
    await addContact('Private');
    const res = await request(t, 'GET', '/integration/v1/events?limit=500', { token: lakeside });
    const types = res.json<{ events: { record: Record<string, unknown> }[] }>().events.map((e) => e.record.auditEvent);
    expect(types).not.toContain('contactaddauditevent');
  });

  it('validates the cursor and the page size, naming the field', async () => {
    const token = await tokenOf(await secretClient('events'));
    const bad = await request(t, 'GET', '/integration/v1/events?after=abc', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'after' });
    const big = await request(t, 'GET', '/integration/v1/events?limit=501', { token });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'limit' });
  });

  it('audits every call with the client, the route and the outcome', async () => {
    const client = await secretClient('events');
    const token = await tokenOf(client);
    await request(t, 'GET', '/integration/v1/events?after=abc', { token });
    const [row] = await t.database.db
      .select({ id: integrationClients.id })
      .from(integrationClients)
      .where(eq(integrationClients.clientId, client.clientId));
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.integrationClientId, row!.id), eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT)))
      .orderBy(desc(auditEvents.id));
    expect(rows.map((r) => [r.route, r.outcome, r.detail?.status])).toEqual([
      ['GET /integration/v1/events', 'failure', 400],
      ['POST /integration/v1/token', 'success', 200],
    ]);
  });
});

describe('the clients command', () => {
  it('creates a client of a facility named by its short name and prints the secret once', async () => {
    const created = await clients.create({ facility: 'Riverside', name: 'Lab system', scopes: 'clinical, events' });
    expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await clients.list('riverside');
    const entry = listed.find((c) => c.clientId === created.clientId);
    expect(entry).toMatchObject({
      name: 'Lab system',
      facility: 'Riverside',
      scopes: ['clinical', 'events'],
      authentication: 'secret',
    });
    expect(JSON.stringify(listed)).not.toContain(created.clientSecret);
  });

  it('refuses an unknown facility, an unknown scope and a private key', async () => {
    await expect(clients.create({ facility: 'nowhere', name: 'X', scopes: 'events' })).rejects.toThrow(
      new IntegrationClientError("No facility 'nowhere'."),
    );
    await expect(clients.create({ facility: 'riverside', name: 'X', scopes: 'everything' })).rejects.toThrow(
      /not everything/,
    );
    const pair = await generateKeyPair('ES384', { extractable: true });
    await expect(
      clients.create({
        facility: 'riverside',
        name: 'X',
        scopes: 'events',
        jwks: JSON.stringify(await exportJWK(pair.privateKey)),
      }),
    ).rejects.toThrow('The key file holds a private key: register the public key only.');
  });
});
