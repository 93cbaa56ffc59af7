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
    .where(eq(facilityAliases.alias, hostname.trim().toLowerCase()))
    .limit(1);
  return row?.facilityId ?? null;
}
