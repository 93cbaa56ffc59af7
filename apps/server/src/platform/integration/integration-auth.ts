import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import {
  ASSERTION_ALGORITHMS,
  INTEGRATION_SCOPES,
  INTEGRATION_TOKEN_SECONDS,
  JWT_BEARER_ASSERTION_TYPE,
  type IntegrationScope,
  type IntegrationToken,
  type IntegrationTokenRequest,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { integrationAccessTokens, integrationAssertionIds, integrationClients } from '../../db/schema/index';
import { hashSecret, newToken } from '../auth/secrets';

/** Who calls an integration route: a facility's system, never a person. */
export interface IntegrationCaller {
  /** The row id (audit rows name it). */
  id: number;
  clientId: string;
  name: string;
  facilityId: number;
  /** The scopes this access token was issued with. */
  scopes: IntegrationScope[];
}

export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

/** A refusal of the token endpoint, in the terms of RFC 6749 section 5.2. */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
  }
  get statusCode(): number {
    return this.code === 'invalid_client' ? 401 : 400;
  }
}

/** The token URLs an assertion may name: fixed, or those of the client's facility. */
export type Audiences = string[] | ((facilityId: number) => Promise<string[]>);

/** Access tokens carry this prefix, so a log line or a support ticket tells them from a person's token. */
const TOKEN_PREFIX = 'it_';
/** How far a clock may be off between the client and the portal. */
const CLOCK_SKEW_SECONDS = 60;

/** Reads 'patients clinical' and the SMART form 'system/patients.*' alike. */
export function parseScopes(raw: string | undefined): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => /^system\/([a-z]+)\.[a-z*]+$/i.exec(s)?.[1] ?? s),
    ),
  ];
}

function sameSecret(given: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(given));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The integration API's OAuth 2.0 client credentials (SMART Backend Services): checks a client's signed assertion
 * or secret, issues short-lived opaque access tokens (only their hash is stored), and finds the client behind a
 * token on each call.
 */
export class IntegrationAuth {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Issues an access token for a token request; `audiences` are the token endpoint's own URLs (or gives them for the
   * client's facility), one of which an assertion's aud must name. Throws OAuthError.
   */
  async issue(
    request: IntegrationTokenRequest,
    audiences: Audiences,
    basic?: { clientId: string; secret: string },
  ): Promise<IntegrationToken & { caller: IntegrationCaller }> {
    if (request.grant_type !== 'client_credentials') {
      throw new OAuthError('unsupported_grant_type', "grant_type must be 'client_credentials'.");
    }
    const client = request.client_assertion_type
      ? await this.clientOfAssertion(request, audiences)
      : await this.clientOfSecret(basic ?? { clientId: request.client_id ?? '', secret: request.client_secret ?? '' });

    const requested = parseScopes(request.scope);
    const unknown = requested.filter((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(', ')}.`);
    const notGranted = requested.filter((s) => !client.scopes.includes(s));
    if (notGranted.length > 0) {
      throw new OAuthError('invalid_scope', `This client is not granted: ${notGranted.join(', ')}.`);
    }
    const scopes = (requested.length > 0 ? requested : client.scopes) as IntegrationScope[];

    const token = `${TOKEN_PREFIX}${newToken()}`;
    const now = this.now();
    await this.db.transaction(async (tx) => {
      // Expired tokens of this client go as it gets a new one: the table holds live tokens only.
      await tx
        .delete(integrationAccessTokens)
        .where(and(eq(integrationAccessTokens.clientId, client.id), lt(integrationAccessTokens.expiresAt, now)));
      await tx.insert(integrationAccessTokens).values({
        tokenHash: hashSecret(token),
        clientId: client.id,
        scopes,
        expiresAt: new Date(now.getTime() + INTEGRATION_TOKEN_SECONDS * 1000),
      });
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: INTEGRATION_TOKEN_SECONDS,
      scope: scopes.join(' '),
      caller: { id: client.id, clientId: client.clientId, name: client.name, facilityId: client.facilityId, scopes },
    };
  }

  /** The client behind a live access token of a client that is not revoked, or null. */
  async authenticate(token: string): Promise<IntegrationCaller | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const [row] = await this.db
      .select({
        id: integrationClients.id,
        clientId: integrationClients.clientId,
        name: integrationClients.name,
        facilityId: integrationClients.facilityId,
        scopes: integrationAccessTokens.scopes,
      })
      .from(integrationAccessTokens)
      .innerJoin(integrationClients, eq(integrationClients.id, integrationAccessTokens.clientId))
      .where(
        and(
          eq(integrationAccessTokens.tokenHash, hashSecret(token)),
          gt(integrationAccessTokens.expiresAt, this.now()),
          isNull(integrationClients.revokedAt),
        ),
      )
      .limit(1);
    return row ? { ...row, scopes: row.scopes as IntegrationScope[] } : null;
  }

  private async liveClient(clientId: string) {
    if (!clientId || clientId.length > 200) return undefined;
    const [client] = await this.db
      .select()
      .from(integrationClients)
      .where(and(eq(integrationClients.clientId, clientId), isNull(integrationClients.revokedAt)))
      .limit(1);
    return client;
  }

  private async clientOfSecret(given: { clientId: string; secret: string }) {
    if (!given.clientId || !given.secret) {
      throw new OAuthError('invalid_client', 'Send client_id and client_secret, or a client_assertion.');
    }
    const client = await this.liveClient(given.clientId);
    // The same answer for an unknown client, a revoked one and a wrong secret.
    if (!client?.secretHash || !sameSecret(given.secret, client.secretHash)) {
      throw new OAuthError('invalid_client', 'The client or its secret is not valid.');
    }
    return client;
  }

  private async clientOfAssertion(request: IntegrationTokenRequest, audiences: Audiences) {
    if (request.client_assertion_type !== JWT_BEARER_ASSERTION_TYPE) {
      throw new OAuthError('invalid_request', `client_assertion_type must be '${JWT_BEARER_ASSERTION_TYPE}'.`);
    }
    const assertion = request.client_assertion;
    if (!assertion) throw new OAuthError('invalid_request', 'client_assertion is required.');
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(assertion).iss;
    } catch {
      throw new OAuthError('invalid_client', 'client_assertion is not a JWT.');
    }
    const client = await this.liveClient(issuer ?? '');
    if (!client?.publicJwks) throw new OAuthError('invalid_client', 'The assertion names no client that may sign.');

    const now = this.now();
    let claims: { exp?: number; jti?: string };
    try {
      ({ payload: claims } = await jwtVerify(assertion, createLocalJWKSet(client.publicJwks), {
        algorithms: [...ASSERTION_ALGORITHMS],
        issuer: client.clientId,
        subject: client.clientId,
        audience: typeof audiences === 'function' ? await audiences(client.facilityId) : audiences,
        requiredClaims: ['exp', 'jti'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: now,
      }));
    } catch (error) {
      throw new OAuthError('invalid_client', assertionFailure(error));
    }
    const exp = claims.exp ?? 0;
    if (exp - now.getTime() / 1000 > INTEGRATION_TOKEN_SECONDS + CLOCK_SKEW_SECONDS) {
      throw new OAuthError('invalid_client', 'The assertion may not expire more than 5 minutes ahead.');
    }
    const jti = String(claims.jti);
    if (jti.length > 200) throw new OAuthError('invalid_client', 'The assertion jti is too long.');
    // An assertion is good once: its jti is kept until it expires, and a second use is refused.
    const used = await this.db.transaction(async (tx) => {
      await tx
        .delete(integrationAssertionIds)
        .where(and(eq(integrationAssertionIds.clientId, client.id), lt(integrationAssertionIds.expiresAt, now)));
      const inserted = await tx
        .insert(integrationAssertionIds)
        .values({ clientId: client.id, jti, expiresAt: new Date((exp + CLOCK_SKEW_SECONDS) * 1000) })
        .onConflictDoNothing()
        .returning({ jti: integrationAssertionIds.jti });
      return inserted.length === 0;
    });
    if (used) throw new OAuthError('invalid_client', 'This assertion was already used (jti).');
    return client;
  }
}

function assertionFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The assertion has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The assertion's ${error.claim} claim is not valid.`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The assertion must be signed with RS384 or ES384.';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return "The assertion's signature matches none of the client's keys.";
  }
  return 'The assertion is not valid.';
}
