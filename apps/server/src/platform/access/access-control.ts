import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CapabilityGrant, IntegrationScope } from '@portal/contracts';
import type { IntegrationAuth, IntegrationCaller } from '../integration/integration-auth';
import type { Database } from '../../db/client';
import { AppError, forbidden, notFound, unauthorized } from '../errors/app-error';
import { grantsModule } from './module-grants';
import type { SessionCaller, SessionService } from '../auth/sessions';
import type { UrlTokens } from '../auth/url-tokens';
import { AuditWriter, auditText, type AuditEntry } from '../audit/audit';
import { errorSummary } from '../errors/error-handler';
import { guardAddress } from '../http/input-guard';
import type { Limits } from '../http/limits';
import { findContactPatientId } from './patient-access';
import { DEFAULT_RELATIONSHIPS, openPatientScope, type Access, type PatientScope } from './patient-scope';

/**
 * Every route declares who may call it in `config.access`; a route without one stops the server
 * from starting, so nothing is exposed by omission.
 *
 * - public: anyone. development: the route exists only outside production, and answers only callers on
 *   this machine (a server started without NODE_ENV=production on a network must not hand out tickets).
 * - session: any live session (the handler decides what the session may do).
 * - user: `/api/users/{userId}/...`: only the caller's own user id; any other id is 404.
 * - patient: `/api/patients/{patientId}/...`: the one patient access check below. A route about one record
 *   whose path names no patient (`/api/education/articles/{articleId}/read`) declares `patientOf`, which
 *   finds the record's patient; the same check then runs on that patient (no record is 404 like no access).
 * - contact: `/.../contact/{contactId}/...` (invitations): the contact's patient, then the same check.
 * - kioskStaff: a kiosk management session.
 * - integration: `/integration/v1/...`: a facility system's access token (never a person's) with the route's
 *   `integrationScope`. A person's token is refused there, and an integration token everywhere else.
 */
export const ACCESS_RULES = [
  'public',
  'development',
  'session',
  'user',
  'patient',
  'contact',
  'kioskStaff',
  'integration',
] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** For `patient` routes: the relationships that may use the route (default self and representative). */
    relationships?: readonly Access[];
    /** For `patient` routes without :patientId: the patient the record in the path belongs to, or null. */
    patientOf?: (db: Database['db'], params: Record<string, string>) => Promise<number | null>;
    /**
     * The route is opened outside the API client (a document in a frame, a PDF in a new window), so it also
     * accepts `?token=` from POST /api/urlTokens instead of the bearer header: a short-lived token bound to
     * the session that asked and to this exact path. The route's own access rule still applies.
     */
    urlToken?: boolean;
    /**
     * For patient and contact routes: the event of the audit row the server writes for each answer, before it
     * leaves (a read, print or download of the record). GET routes default to PATIENT_READ_AUDIT_EVENT; a
     * route that changes the record writes its own rows and sets nothing here.
     */
    auditRead?: string;
    /**
     * For patient routes: the capability module the facility must grant (Education, TestResults, ...) to the kind
     * of caller (patient, representative, kiosk or link user), as the browser's navigation shows it: else 403.
     */
    module?: CapabilityGrant;
    /** The route serves before the terms are accepted (the language chosen on the terms page itself). */
    beforeTerms?: boolean;
    /** For `integration` routes: the scope the access token must carry (else 403 insufficient_scope). */
    integrationScope?: IntegrationScope;
  }
  interface FastifyRequest {
    /** The session behind the bearer token, for every route that is not public. */
    caller: SessionCaller | null;
    /** Set by the patient access check: the only way to the patient's record (see PatientScope). */
    patientScope: PatientScope | null;
    /** The facility system behind an integration route's access token. */
    integrationCaller: IntegrationCaller | null;
    /** The patient an integration call wrote or read, for its audit row (set by the handler). */
    integrationPatientId: number | null;
    /**
     * Set by a patient route's handler when its read audit row should say more than the path does: the event
     * (a download's format) and the records it served (documents named in the query).
     */
    readAudit: { event?: string; detail?: Record<string, unknown> } | null;
  }
}

export const TERMS_NOT_ACCEPTED_MESSAGE = 'Please accept the terms of use to continue.';
export const MODULE_NOT_GRANTED_MESSAGE = 'This part of the portal is not offered by your facility.';

/** The row every read of a patient's record leaves, whoever reads it (kiosk and link sessions included). */
export const PATIENT_READ_AUDIT_EVENT = 'patientrecordreadauditevent';

/**
 * The row a badge's or a list's count leaves (how many results are new, how many messages unread): the count is
 * kept for the facility's audit, but it is not a read of a record, and the patient's activity log leaves it out.
 */
export const PATIENT_COUNT_AUDIT_EVENT = 'patientrecordcountauditevent';

/**
 * The record ids a path names (patientId, labResultId, ...): what was read, never its contents. An id the path
 * holds as a whole number is kept as written (the rows keep ids as text); any other value (a path the route's
 * schema refuses) as text fit for the audit: control characters out, cut by code point.
 */
function recordIds(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (name.endsWith('Id') || name === 'id' || name === 'pageNumber') {
      const text = String(value);
      out[name] = /^[0-9]{1,10}$/.test(text) ? text : auditText(text, 40);
    }
  }
  return out;
}

/** The row every call of the integration API leaves: which client, which resource and record, the outcome. */
export const INTEGRATION_CALL_AUDIT_EVENT = 'integrationcallauditevent';

/** The facility's own identifiers a path names (mrn, the record's id): which record, never its contents. */
function integrationRecordIds(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    out[name] = auditText(value, 100);
  }
  return out;
}

// Routes that plugins add on our behalf (static files, API docs) are public by nature.
const PLUGIN_ROUTE_PREFIXES = ['/api/docs', '/integration/docs'];

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessRule;
  relationships?: readonly Access[];
  /** A patient route that finds its patient from the record in the path (config.patientOf). */
  recordScoped?: boolean;
  /** An integration route's scope. */
  integrationScope?: IntegrationScope;
  /** A patient route's capability module (or Module.Field), which the facility must grant. */
  module?: CapabilityGrant;
}

/** The caller of an authenticated route (the access hooks have run). */
export function requireCaller(request: FastifyRequest): SessionCaller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** The caller of a `user` route, whose user id the access check matched to the path. */
export function requireUserCaller(request: FastifyRequest): SessionCaller & { userId: number } {
  const caller = requireCaller(request);
  if (caller.userId === null) throw new Error(`${request.url}: a user route without a user session`);
  return caller as SessionCaller & { userId: number };
}

/** The patient record a patient or contact route acts on, as the access check opened it. */
export function scopeOf(request: FastifyRequest): PatientScope {
  if (!request.patientScope) throw new Error(`${request.url}: the patient access check did not run`);
  return request.patientScope;
}

/** The facility system calling an integration route (the access hooks have checked its token and scope). */
export function integrationCallerOf(request: FastifyRequest): IntegrationCaller {
  if (!request.integrationCaller) throw new Error(`${request.url}: the integration access check did not run`);
  return request.integrationCaller;
}

export const INTEGRATION_PREFIX = '/integration/';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme is case-insensitive (RFC 6750 section 2.1, RFC 9110 section 11.1).
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The record's patient; path values that are not ids, like missing records, answer null (404). */
async function patientOfRecord(
  request: FastifyRequest,
  patientOf: NonNullable<FastifyRequest['routeOptions']['config']['patientOf']>,
  database: Database,
): Promise<number | null> {
  const params = (request.params ?? {}) as Record<string, string>;
  const ids = Object.entries(params).filter(([name]) => name.endsWith('Id'));
  if (ids.some(([name]) => positiveIntParam(request, name) === null)) return null;
  return patientOf(database.db, params);
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip.startsWith('127.');
}

function positiveIntParam(request: FastifyRequest, name: string): number | null {
  const raw = (request.params as Record<string, unknown> | undefined)?.[name];
  const value = typeof raw === 'number' ? raw : Number(raw);
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

function urlTokenOf(request: FastifyRequest): string | null {
  const raw = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 1000 ? raw : null;
}

export function registerAccessControl(
  app: FastifyInstance,
  options: {
    table: RouteEntry[];
    sessions: SessionService;
    database: Database;
    urlTokens: UrlTokens;
    integration: IntegrationAuth;
    /** The per-client limit of integration calls (none for the import command's own app). */
    limits: Limits | undefined;
  },
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('patientScope', null);
  app.decorateRequest('integrationCaller', null);
  app.decorateRequest('integrationPatientId', null);
  app.decorateRequest('readAudit', null);
  const auditWriter = new AuditWriter(options.database.db, (message, facts) => app.log.error(facts, message));

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access;
    const fromPlugin = PLUGIN_ROUTE_PREFIXES.some((p) => route.url.startsWith(p)) || route.url === '/*';
    if (!declared && !fromPlugin) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access rule (config.access).`);
    }
    if (declared && !(ACCESS_RULES as readonly string[]).includes(declared)) {
      throw new Error(`Route ${route.url} declares an unknown access rule '${declared}'.`);
    }
    if (declared === 'patient' && !route.url.includes(':patientId') && !route.config?.patientOf) {
      throw new Error(`Route ${route.url} uses the patient rule but has no :patientId parameter nor patientOf.`);
    }
    if (declared === 'contact' && !route.url.includes(':contactId')) {
      throw new Error(`Route ${route.url} uses the contact rule but has no :contactId parameter.`);
    }
    if (declared === 'user' && !route.url.includes(':userId')) {
      throw new Error(`Route ${route.url} uses the user rule but has no :userId parameter.`);
    }
    // The integration API and the portal's API never share a route: a token of one opens nothing of the other.
    const integrationUrl = route.url.startsWith(INTEGRATION_PREFIX);
    if (declared === 'integration' && (!integrationUrl || !route.config?.integrationScope)) {
      throw new Error(`Route ${route.url} uses the integration rule outside ${INTEGRATION_PREFIX} or names no scope.`);
    }
    if (integrationUrl && declared && declared !== 'integration' && declared !== 'public') {
      throw new Error(`Route ${route.url} is under ${INTEGRATION_PREFIX} but uses the ${declared} rule.`);
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const entry: RouteEntry = { method, url: route.url, access: declared ?? 'public' };
      if (declared === 'patient' || declared === 'contact') {
        entry.relationships = route.config?.relationships ?? DEFAULT_RELATIONSHIPS;
      }
      if (declared === 'patient' && route.config?.patientOf) entry.recordScoped = true;
      if (route.config?.module) entry.module = route.config.module;
      if (declared === 'integration') entry.integrationScope = route.config?.integrationScope;
      options.table.push(entry);
    }
  });

  // Authentication runs before validation so an anonymous caller learns nothing about the input.
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (rule === 'development') {
      // The socket's own peer, never a forwarded address: a header cannot make a remote caller local.
      if (!isLoopback(request.socket.remoteAddress ?? '')) throw notFound('not_found', 'Not found.');
      return;
    }
    if (!rule || rule === 'public') return;
    const token = bearerToken(request);
    if (rule === 'integration') {
      const client = token ? await options.integration.authenticate(token) : null;
      if (!client) throw new AppError(401, 'invalid_token', 'The access token is missing, expired or not valid.');
      const scope = request.routeOptions.config.integrationScope;
      if (!scope || !client.scopes.includes(scope)) {
        throw new AppError(403, 'insufficient_scope', `This call needs the '${scope ?? ''}' scope.`);
      }
      request.integrationCaller = client;
      await options.limits?.take('integrationCalls', String(client.id));
      return;
    }
    const urlToken = !token && request.routeOptions.config?.urlToken ? urlTokenOf(request) : null;
    // A patient route's session lookup also reads how the user stands to the path's patient (one statement).
    const pathPatientId =
      rule === 'patient' && !request.routeOptions.config.patientOf
        ? (positiveIntParam(request, 'patientId') ?? undefined)
        : undefined;
    const caller = token
      ? await options.sessions.authenticate(token, pathPatientId)
      : urlToken
        ? await options.urlTokens.callerOf(urlToken, request.url)
        : null;
    if (!caller) throw unauthorized('Your session has ended. Please log in again.');
    request.caller = caller;
  });

  // Before validation too: a caller without access gets 404/403 whatever the body holds.
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    const caller = request.caller;
    guardAddress(request);
    switch (config?.access) {
      case 'user': {
        const userId = positiveIntParam(request, 'userId');
        if (!caller || caller.userId === null || userId !== caller.userId) {
          throw notFound('not_found', 'Not found.');
        }
        return;
      }
      case 'kioskStaff':
        if (caller?.loginType !== 'patientKioskManagement') throw forbidden();
        return;
      case 'patient':
      case 'contact': {
        const contactId = config.access === 'contact' ? positiveIntParam(request, 'contactId') : null;
        const patientId =
          config.access === 'contact'
            ? contactId === null
              ? null
              : await findContactPatientId(options.database.db, contactId)
            : config.patientOf
              ? await patientOfRecord(request, config.patientOf, options.database)
              : positiveIntParam(request, 'patientId');
        if (!caller || patientId === null) throw notFound('not_found', 'Not found.');
        const scope = await openPatientScope(
          options.database.db,
          caller,
          patientId,
          config.relationships ?? DEFAULT_RELATIONSHIPS,
          contactId ?? undefined,
        );
        // Content is shown only after the terms of use are accepted; kiosk and link sessions have their own rules.
        if (
          caller.termsAccepted === false &&
          !config.beforeTerms &&
          (scope.relationship === 'self' || scope.relationship === 'representative')
        ) {
          throw new AppError(403, 'terms_not_accepted', TERMS_NOT_ACCEPTED_MESSAGE);
        }
        if (
          config.module &&
          !(await grantsModule(options.database.db, caller.facilityId, scope.relationship, config.module))
        ) {
          throw new AppError(403, 'module_not_granted', MODULE_NOT_GRANTED_MESSAGE);
        }
        request.patientScope = scope;
        return;
      }
      default:
        return;
    }
  });

  /**
   * The audit row of a read is written before the answer leaves: if it cannot be written, nothing is sent. An
   * answer that discloses nothing (an error) or reports a write already committed goes out whatever the audit
   * writer says (which is logged): the client must learn what happened to its write, and a 500 would have it
   * send the write again.
   */
  async function writeCallAudit(request: FastifyRequest, discloses: boolean, entry: AuditEntry): Promise<void> {
    try {
      await auditWriter.write(entry);
    } catch (err) {
      if (discloses) throw err;
      request.log.error({ err: errorSummary(err), eventType: entry.eventType }, 'audit row not written');
    }
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const client = request.integrationCaller;
    if (client) {
      await writeCallAudit(request, reply.statusCode < 400 && request.method === 'GET', {
        eventType: INTEGRATION_CALL_AUDIT_EVENT,
        outcome: reply.statusCode < 400 ? 'success' : 'failure',
        integrationClientId: client.id,
        facilityId: client.facilityId,
        patientId: request.integrationPatientId,
        route: `${request.method} ${request.routeOptions.url ?? ''}`,
        clientAddress: request.ip,
        detail: { ...integrationRecordIds(request.params), status: reply.statusCode },
      });
      return payload;
    }
    const scope = request.patientScope;
    if (!scope) return payload;
    const config = request.routeOptions.config;
    const event =
      request.readAudit?.event ??
      config?.auditRead ??
      (request.method === 'GET' ? PATIENT_READ_AUDIT_EVENT : undefined);
    if (!event) return payload;
    await writeCallAudit(request, reply.statusCode < 400, {
      eventType: event,
      outcome: reply.statusCode < 400 ? 'success' : 'failure',
      actorUserId: scope.caller.userId,
      patientId: scope.patientId,
      sessionId: scope.caller.sessionId,
      facilityId: scope.caller.facilityId,
      loginType: scope.caller.loginType,
      relationship: scope.relationship,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      clientAddress: request.ip,
      detail: { ...recordIds(request.params), ...request.readAudit?.detail, status: reply.statusCode },
    });
    return payload;
  });
}
