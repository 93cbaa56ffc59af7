import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { facilityAliases } from '../../db/schema/index';

/**
 * The facility a request's host name serves: the facility whose alias it is (as the web app finds its facility
 * from the address it was opened at), or null for a name that is no facility's alias. `hostname` is Fastify's
 * request.hostname (no port); the comparison ignores case and surrounding blanks.
 */
export async function facilityIdOfHost(db: DbOrTx, hostname: string): Promise<number | null> {
  const [row] = await db
    .select({ facilityId: facilityAliases.facilityId })
    .from(facilityAliases)
    .where(eq(facilityAliases.alias, hostKey(hostname)))
    .limit(1);
  return row?.facilityId ?? null;
}

/** A host name as facility aliases are kept: without surrounding blanks, in lower case. */
export function hostKey(hostname: string): string {
  return hostname.trim().toLowerCase();
}

// Every authenticated request asks (platform/access/host-binding.ts), and aliases change only with the seed, so a
// short memory spares the statement. Bounded, because the Host header is the sender's to choose.
const HOST_CACHE_MS = 60_000;
const HOST_CACHE_MAX = 1_000;
const hostCaches = new WeakMap<object, Map<string, { facilityId: number | null; until: number }>>();

/** facilityIdOfHost, remembered for a minute per database handle. */
export async function cachedFacilityIdOfHost(db: DbOrTx, hostname: string, now = Date.now()): Promise<number | null> {
  let cache = hostCaches.get(db);
  if (!cache) {
    cache = new Map<string, { facilityId: number | null; until: number }>();
    hostCaches.set(db, cache);
  }
  const key = hostKey(hostname);
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.facilityId;
  const facilityId = await facilityIdOfHost(db, key);
  cache.delete(key);
  if (cache.size >= HOST_CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, { facilityId, until: now + HOST_CACHE_MS });
  return facilityId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The facility of the request's host, once asked (hostFacilityOf). */
    hostFacility?: Promise<number | null>;
  }
}

/**
 * The facility the request's host serves, looked up once per request: the host binding, the logins, sign-up and
 * the password pages all ask it, and get the same answer.
 */
export function hostFacilityOf(db: DbOrTx, request: FastifyRequest): Promise<number | null> {
  request.hostFacility ??= cachedFacilityIdOfHost(db, request.hostname);
  return request.hostFacility;
}
