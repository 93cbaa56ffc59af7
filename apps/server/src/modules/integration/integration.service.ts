import { randomBytes } from 'node:crypto';
import {
  INTEGRATION_SCOPES,
  QUESTIONNAIRE_DECLINE_AUDIT_EVENT,
  QUESTIONNAIRE_SUBMIT_AUDIT_EVENT,
  SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
  SECURE_MESSAGE_SEND_AUDIT_EVENT,
  type IntegrationEvent,
  type IntegrationEventType,
  type IntegrationScope,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import type { FacilityIdentifiers, PublicJwks, RecordIds } from './integration.repository';
import { hashSecret } from '../../platform/auth/secrets';
import { questionnaireResponsesOf } from '../../platform/integration/questionnaire-responses';
import { sentMessagesOf } from '../../platform/integration/message-events';
import {
  DEVELOPMENT_OUTBOUND_POLICY,
  outboundUrlRefusal,
  type HostLookup,
  type OutboundUrlPolicy,
} from '../../platform/http/outbound-url';
import {
  auditRowsAfter,
  facilityIdentifiersOf,
  findFacilityId,
  findLiveClient,
  insertClient,
  latestAuditId,
  listClients,
  revokeClient,
  updateClientCredentials,
} from './integration.repository';

/** What the clients command prints once: the secret is never stored nor shown again. */
export interface IssuedClient {
  clientId: string;
  name: string;
  scopes: IntegrationScope[];
  clientSecret: string | null;
}

export class IntegrationClientError extends Error {
  override name = 'IntegrationClientError';
}

const newClientSecret = () => randomBytes(32).toString('base64url');

/** Reads a JWK Set (or one public JWK) and refuses private keys and keys of other algorithms. */
export function parsePublicJwks(json: string): PublicJwks {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new IntegrationClientError('The key file is not JSON (a JWK Set or one public JWK).');
  }
  const keys = (
    parsed && typeof parsed === 'object' && Array.isArray((parsed as PublicJwks).keys)
      ? (parsed as PublicJwks).keys
      : [parsed]
  ) as Record<string, unknown>[];
  if (keys.length === 0 || keys.length > 10) throw new IntegrationClientError('Give 1 to 10 public keys.');
  for (const key of keys) {
    if (!key || typeof key !== 'object' || (key.kty !== 'RSA' && key.kty !== 'EC')) {
      throw new IntegrationClientError('Each key must be an RSA or EC JWK.');
    }
    if ('d' in key) throw new IntegrationClientError('The key file holds a private key: register the public key only.');
    if (key.kty === 'EC' && key.crv !== 'P-384') throw new IntegrationClientError('EC keys must be P-384 (ES384).');
  }
  return { keys };
}

export function parseScopeList(raw: string): IntegrationScope[] {
  const scopes = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new IntegrationClientError(`Scopes are among ${INTEGRATION_SCOPES.join(', ')}; not ${unknown.join(', ')}.`);
  }
  return scopes as IntegrationScope[];
}

async function checkWebhookUrl(
  url: string | undefined,
  policy: OutboundUrlPolicy,
  lookup: HostLookup | undefined,
): Promise<string | null> {
  if (!url) return null;
  const refusal = await outboundUrlRefusal(url, policy, lookup);
  if (refusal) throw new IntegrationClientError(`Webhook refused: ${refusal}`);
  return new URL(url).toString();
}

/** Registers, lists, rotates and revokes the integration API's clients (the `integration clients` command). */
export class IntegrationClientsService {
  constructor(
    private readonly db: Db,
    private readonly seal: (secret: string) => string,
    /** Where webhooks may point (platform/http/outbound-url.ts); the CLI passes the configured policy. */
    private readonly outboundUrls: OutboundUrlPolicy = DEVELOPMENT_OUTBOUND_POLICY,
    private readonly lookup?: HostLookup,
  ) {}

  async create(input: {
    facility: string;
    name: string;
    scopes: string;
    jwks?: string;
    webhookUrl?: string;
    /** Also issue a secret when a key is registered (a secret alone when none is). */
    withSecret?: boolean;
  }): Promise<IssuedClient & { webhookSecret: string | null }> {
    const facilityId = await findFacilityId(this.db, input.facility);
    if (facilityId === undefined) throw new IntegrationClientError(`No facility '${input.facility}'.`);
    const name = input.name.trim();
    if (!name || name.length > 200)
      throw new IntegrationClientError('Give the client a name (at most 200 characters).');
    const scopes = parseScopeList(input.scopes);
    const publicJwks = input.jwks ? parsePublicJwks(input.jwks) : null;
    const clientSecret = !publicJwks || input.withSecret ? newClientSecret() : null;
    const webhookUrl = await checkWebhookUrl(input.webhookUrl, this.outboundUrls, this.lookup);
    const webhookSecret = webhookUrl ? newClientSecret() : null;
    const row = await insertClient(this.db, {
      facilityId,
      clientId: `${randomBytes(12).toString('base64url')}`,
      name,
      scopes,
      secretHash: clientSecret ? hashSecret(clientSecret) : null,
      publicJwks,
      webhookUrl,
      webhookSecretSealed: webhookSecret ? this.seal(webhookSecret) : null,
      webhookCursor: await latestAuditId(this.db),
    });
    return { clientId: row.clientId, name: row.name, scopes, clientSecret, webhookSecret };
  }

  async list(facility?: string) {
    const facilityId = facility ? await findFacilityId(this.db, facility) : undefined;
    if (facility && facilityId === undefined) throw new IntegrationClientError(`No facility '${facility}'.`);
    return listClients(this.db, facilityId);
  }

  /** A new secret (the old one stops working) and/or new public keys. */
  async rotate(clientId: string, input: { jwks?: string }): Promise<{ clientSecret: string | null }> {
    const client = await findLiveClient(this.db, clientId);
    if (!client) throw new IntegrationClientError(`No live client '${clientId}'.`);
    if (input.jwks) {
      await updateClientCredentials(this.db, client.id, { publicJwks: parsePublicJwks(input.jwks) });
      return { clientSecret: null };
    }
    const clientSecret = newClientSecret();
    await updateClientCredentials(this.db, client.id, { secretHash: hashSecret(clientSecret) });
    return { clientSecret };
  }

  async revoke(clientId: string): Promise<void> {
    const client = await findLiveClient(this.db, clientId);
    if (!client) throw new IntegrationClientError(`No live client '${clientId}'.`);
    await revokeClient(this.db, client.id);
  }
}

/** The event each audit row becomes in the feed: what the facility's systems need of what patients did. */
export const EVENT_OF_AUDIT: Record<string, IntegrationEventType> = {
  contactaddauditevent: 'contact.added',
  contacteditauditevent: 'contact.changed',
  contactinviteauditevent: 'representative.invited',
  contactaccessenabledauditevent: 'representative.enabled',
  contactaccessdisabledauditevent: 'representative.disabled',
  signupauditevent: 'account.created',
  arsignupauditevent: 'account.created',
  preferredlanguagechangeauditevent: 'preferred_language.changed',
  emailchangeauditevent: 'email.changed',
  testresultdetailviewauditevent: 'document.viewed',
  medicalnotepageviewauditevent: 'document.viewed',
  educationarticleviewauditevent: 'document.viewed',
  [QUESTIONNAIRE_SUBMIT_AUDIT_EVENT]: 'questionnaire.completed',
  [QUESTIONNAIRE_DECLINE_AUDIT_EVENT]: 'questionnaire.declined',
  [SECURE_MESSAGE_SEND_AUDIT_EVENT]: 'message.sent',
  [SECURE_MESSAGE_REVIEW_AUDIT_EVENT]: 'message.read',
};
const AUDIT_EVENTS = Object.keys(EVENT_OF_AUDIT);
const QUESTIONNAIRE_EVENTS = new Set<string>([QUESTIONNAIRE_SUBMIT_AUDIT_EVENT, QUESTIONNAIRE_DECLINE_AUDIT_EVENT]);

/** The assignment a questionnaire event is about (its audit row's detail), if any. */
function assignmentIdOf(eventType: string, detail: Record<string, unknown> | null): number | null {
  const id = detail?.assignedQuestionnaireId;
  return QUESTIONNAIRE_EVENTS.has(eventType) && typeof id === 'number' ? id : null;
}

/** The message a message.sent event is about (its audit row's detail), if any. */
function sentMessageIdOf(eventType: string, detail: Record<string, unknown> | null): number | null {
  const id = detail?.messageId;
  return eventType === SECURE_MESSAGE_SEND_AUDIT_EVENT && typeof id === 'number' ? id : null;
}

/** A portal id an audit row's detail names (a number, or a path parameter's digits), if any. */
function idIn(detail: Record<string, unknown> | null, key: string): number | null {
  const value = detail?.[key];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : null;
}

/** Which portal id of an event's record the facility has its own identifier for, by the audit row's kind. */
const RECORD_ID_OF: Record<string, { key: string; kind: 'labResultIds' | 'noteIds' | 'articleIds' | 'threadIds' }> = {
  testresultdetailviewauditevent: { key: 'labResultId', kind: 'labResultIds' },
  medicalnotepageviewauditevent: { key: 'noteId', kind: 'noteIds' },
  educationarticleviewauditevent: { key: 'articleId', kind: 'articleIds' },
  [SECURE_MESSAGE_SEND_AUDIT_EVENT]: { key: 'threadId', kind: 'threadIds' },
  [SECURE_MESSAGE_REVIEW_AUDIT_EVENT]: { key: 'threadId', kind: 'threadIds' },
};

/**
 * Your identifiers beside the portal's in an event's record (issue 32, finding 20): of the result, note or
 * assigned article (and its library article) viewed, of the thread a message was written or read in, and the
 * newest of your messages in it then (for a read, messageExternalId: what was read; for a message sent,
 * inReplyToExternalId: what it answers). Left out where the record has none.
 */
function facilityIdsOf(
  row: { eventType: string; occurredAt: Date; detail: Record<string, unknown> | null },
  found: FacilityIdentifiers,
): Record<string, string> {
  const ref = RECORD_ID_OF[row.eventType];
  const id = ref ? idIn(row.detail, ref.key) : null;
  if (!ref || id === null) return {};
  const out: Record<string, string | null | undefined> = {};
  if (ref.kind === 'labResultIds') out.labResultExternalId = found.labResults.get(id);
  if (ref.kind === 'noteIds') out.noteExternalId = found.notes.get(id);
  if (ref.kind === 'articleIds') {
    // As the API names them: the assignment (PUT /patients/{mrn}/education/{externalId}) and the library's article.
    out.assignmentExternalId = found.articles.get(id)?.externalId;
    out.articleExternalId = found.articles.get(id)?.materialExternalId;
  }
  if (ref.kind === 'threadIds') {
    out.threadExternalId = found.threads.get(id);
    // The newest of your messages in the thread by then: what the patient read, or what they answer.
    const newest = (found.careTeamMessages.get(id) ?? []).filter((m) => m.sentAt <= row.occurredAt).at(-1);
    if (row.eventType === SECURE_MESSAGE_REVIEW_AUDIT_EVENT) out.messageExternalId = newest?.externalId;
    else out.inReplyToExternalId = newest?.externalId;
  }
  return Object.fromEntries(Object.entries(out).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * The facility's events after the cursor, oldest first, each record named by the portal's ids and yours.
 * Questionnaire events carry your identifiers of the assignment and its template, and a completed one its
 * QuestionnaireResponse; a message.sent event the message with its thread, provider and author; views and
 * messages your identifiers of the record: one more query for the whole page each.
 */
export async function eventsAfter(
  db: Db,
  facilityId: number,
  after: number,
  limit: number,
): Promise<IntegrationEvent[]> {
  const rows = await auditRowsAfter(db, facilityId, AUDIT_EVENTS, after, limit);
  const assignmentIds = rows.flatMap((row) => assignmentIdOf(row.eventType, row.detail) ?? []);
  const assignments = await questionnaireResponsesOf(db, facilityId, assignmentIds);
  const messageIds = rows.flatMap((row) => sentMessageIdOf(row.eventType, row.detail) ?? []);
  const messages = await sentMessagesOf(db, facilityId, messageIds);
  const ids: RecordIds = { labResultIds: [], noteIds: [], articleIds: [], threadIds: [] };
  for (const row of rows) {
    const ref = RECORD_ID_OF[row.eventType];
    const id = ref ? idIn(row.detail, ref.key) : null;
    if (ref && id !== null) ids[ref.kind].push(id);
  }
  const found = await facilityIdentifiersOf(db, facilityId, ids);
  return rows.map((row) => {
    const event: IntegrationEvent = {
      id: String(row.id),
      type: EVENT_OF_AUDIT[row.eventType] ?? 'document.viewed',
      occurredAt: row.occurredAt.toISOString(),
      patient: { mrn: row.mrn },
      actor: { relationship: row.relationship ?? (row.eventType === 'arsignupauditevent' ? 'representative' : 'self') },
      record: { ...recordOf(row.eventType, row.detail ?? {}), ...facilityIdsOf(row, found) },
    };
    const assignmentId = assignmentIdOf(row.eventType, row.detail);
    const assignment = assignmentId === null ? undefined : assignments.get(assignmentId);
    if (assignment) {
      if (assignment.externalId !== null) event.record.assignmentExternalId = assignment.externalId;
      event.record.templateExternalId = assignment.templateExternalId;
      if (row.eventType === QUESTIONNAIRE_SUBMIT_AUDIT_EVENT && assignment.questionnaireResponse) {
        event.questionnaireResponse = assignment.questionnaireResponse;
      }
    }
    const messageId = sentMessageIdOf(row.eventType, row.detail);
    const message = messageId === null ? undefined : messages.get(messageId);
    if (message) event.message = message;
    return event;
  });
}

/** Identifiers only: what was added, viewed or changed, never its contents. */
function recordOf(eventType: string, detail: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { auditEvent: eventType };
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'relationship') continue;
    if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'string' && value.length <= 100) out[key] = value;
  }
  return out;
}
