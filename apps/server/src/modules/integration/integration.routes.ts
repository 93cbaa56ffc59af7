import {
  IntegrationEventsPageSchema,
  IntegrationEventsQuery,
  IntegrationTokenErrorSchema,
  IntegrationTokenRequestSchema,
  IntegrationTokenSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { integrationCallerOf } from '../../platform/access/access-control';
import { OAuthError } from '../../platform/integration/integration-auth';
import { integrationRoute, type RouteApp } from '../../platform/http/routes';
import { facilityLinkBase } from '../../platform/mail/links';
import { recordDisclosures } from './disclosures';
import { eventsAfter } from './integration.service';

export const TOKEN_PATH = '/integration/v1/token';

/** client_id and client_secret from an HTTP Basic header (RFC 6749 2.3.1: each form-urlencoded). */
function basicCredentials(request: FastifyRequest): { clientId: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]{1,600})$/.exec(request.headers.authorization?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return undefined;
  }
}

export async function integrationRoutes(app: RouteApp) {
  const { integration, config, limits, database } = app.deps;
  /**
   * The token URLs an assertion of a client of `facilityId` may name as its aud: this endpoint at the configured
   * public address and at the facility's canonical alias (as mail links are built), never at the request's Host,
   * which the sender chooses: an assertion made out to another server must not be good here.
   */
  const audiencesOf = async (facilityId: number): Promise<string[]> => {
    const audiences: string[] = [];
    if (config.publicUrl) audiences.push(`${config.publicUrl.replace(/\/+$/, '')}${TOKEN_PATH}`);
    const alias = await facilityLinkBase(database.db, { publicUrl: undefined, port: config.port }, facilityId);
    if (alias) audiences.push(`${alias}${TOKEN_PATH}`);
    return audiences;
  };

  app.post(
    TOKEN_PATH,
    {
      config: { access: 'public' },
      onRequest: async (request) => limits.take('integrationToken', request.ip),
      schema: {
        tags: ['Access'],
        summary: 'An access token for a client (OAuth 2.0 client credentials, SMART Backend Services)',
        description:
          'Send application/x-www-form-urlencoded. With private_key_jwt: grant_type=client_credentials, ' +
          'client_assertion_type, client_assertion and optionally scope. With a secret: client_id and client_secret ' +
          "in the body or an HTTP Basic header. The token lives 5 minutes. An assertion's aud is this URL at the " +
          "portal's public address (PUBLIC_URL) or at the client's facility's canonical alias, never another host.",
        body: IntegrationTokenRequestSchema,
        response: {
          200: IntegrationTokenSchema,
          400: IntegrationTokenErrorSchema,
          401: IntegrationTokenErrorSchema,
          429: IntegrationTokenErrorSchema,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        const { caller, ...token } = await integration.issue(request.body, audiencesOf, basicCredentials(request));
        request.integrationCaller = caller;
        return token;
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        return reply.status(error.statusCode as 400 | 401).send({
          error: error.code,
          error_description: error.message,
          message: error.message,
          requestId: request.id,
        });
      }
    },
  );

  app.get(
    '/integration/v1/events',
    integrationRoute('events', {
      tags: ['Events'],
      summary: 'What patients and representatives did, in order, after a cursor',
      description:
        'Contacts added or changed, representatives invited, enabled or disabled, accounts created, preferred ' +
        'language or email changed, documents viewed, questionnaires completed (with the FHIR ' +
        'QuestionnaireResponse) or declined, secure messages sent by patients or representatives (message.sent, ' +
        'with the message, its thread and author) and read by them (message.read). Read with after = the last ' +
        'event id you processed.',
      querystring: IntegrationEventsQuery,
      response: { 200: IntegrationEventsPageSchema },
    }),
    async (request) => {
      const client = integrationCallerOf(request);
      const after = Number(request.query.after ?? 0);
      const events = await eventsAfter(app.deps.database.db, client.facilityId, after, request.query.limit);
      // Before the page leaves: a page whose disclosures cannot be recorded is not sent.
      await recordDisclosures(app.deps.database.db, client, 'feed', events);
      return { events, next: events.at(-1)?.id ?? request.query.after ?? null };
    },
  );
}
