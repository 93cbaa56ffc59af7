import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, type CapabilityGrant, type IntegrationScope } from '@portal/contracts';
import type { Database } from '../../db/client';
import type { Access } from '../access/patient-scope';
import { facilityLinkBase, type LinkSettings } from '../mail/links';

/** The instance route modules receive: request and reply types come from their zod schemas. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The answers every authenticated route may give besides its own: bad input, no session, refused, unknown. */
export const STANDARD_ERRORS = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
} as const;

/** An empty 204 answer in a response map. */
export const INTEGRATION_ERRORS = { ...STANDARD_ERRORS, 429: ErrorBodySchema } as const;

/**
 * The options of an integration API route (`/integration/v1/...`): a facility system's access token carrying
 * `scope`, rate-limited per client and audited per call; the client sees only its own facility's records.
 */
export function integrationRoute<S extends FastifySchema & { response?: Record<number, unknown> }>(
  scope: IntegrationScope,
  schema: S,
) {
  return {
    config: { access: 'integration' as const, integrationScope: scope },
    schema: { ...schema, response: { ...INTEGRATION_ERRORS, ...schema.response } },
  };
}

/** An empty 204 answer in a response map. */
export const NO_CONTENT = z.null().describe('No content');

interface PatientRouteOptions {
  /** Who may use it besides the patient's own session (default: the patient and representatives). */
  relationships?: readonly Access[];
  /** For a path that names a record but no patient: the record's patient, or null (404). */
  patientOf?: (db: Database['db'], params: Record<string, string>) => Promise<number | null>;
  /** The route also accepts `?token=` (a document opened outside the API client). */
  urlToken?: boolean;
  /** The capability module the facility must grant for the route (Education, TestResults, ...). */
  module?: CapabilityGrant;
  /** The route serves before the terms of use are accepted. */
  beforeTerms?: boolean;
  /** The event of the read's audit row when it is not the generic read of the record (a thread read). */
  auditRead?: string;
}

/**
 * The options of a route about one patient's record: the `patient` access rule (the one access check runs
 * before validation and hands the handler a PatientScope through `scopeOf`) and the standard error answers
 * beside the route's own.
 */
export function patientRoute<S extends FastifySchema & { response?: Record<number, unknown> }>(
  schema: S,
  options: PatientRouteOptions = {},
) {
  return {
    config: { access: 'patient' as const, ...options },
    schema: { ...schema, response: { ...STANDARD_ERRORS, ...schema.response } },
  };
}

/** The same for `/.../contact/{contactId}/...` routes: the contact's patient, then the same check. */
export function contactRoute<S extends FastifySchema & { response?: Record<number, unknown> }>(
  schema: S,
  options: Pick<PatientRouteOptions, 'relationships'> = {},
) {
  return {
    config: { access: 'contact' as const, ...options },
    schema: { ...schema, response: { ...STANDARD_ERRORS, ...schema.response } },
  };
}

/** The options of a route about the caller's own user (`/api/users/{userId}/...`, any other id is 404). */
export function userRoute<S extends FastifySchema & { response?: Record<number, unknown> }>(schema: S) {
  return {
    config: { access: 'user' as const },
    schema: { ...schema, response: { ...STANDARD_ERRORS, ...schema.response } },
  };
}

/**
 * Where links in a facility's emails point: PUBLIC_URL, else the facility's canonical alias with the configured
 * port, never the address a request named. A facility without any alias has nowhere to link to (500).
 */
export async function publicBase(db: Database['db'], settings: LinkSettings, facilityId: number): Promise<string> {
  const base = await facilityLinkBase(db, settings, facilityId);
  if (!base) throw new Error(`Facility ${facilityId} has no alias to build mail links from`);
  return base;
}
