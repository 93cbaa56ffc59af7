import { eq } from 'drizzle-orm';
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
    .where(eq(facilityAliases.alias, normalHost(hostname)))
    .limit(1);
  return row?.facilityId ?? null;
}

function normalHost(hostname: string): string {
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
  const key = normalHost(hostname);
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
