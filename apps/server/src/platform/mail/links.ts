import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilityAliases } from '../../db/schema/index';

/** What links in mails are built from: the configured address, else the facility's canonical alias. */
export interface LinkSettings {
  publicUrl: string | undefined;
  port: number;
}

/**
 * The facility's canonical alias: its first in facility_aliases. The table has no id, so "first" is a fixed
 * order: host names before bare IP addresses, then alphabetical.
 */
export async function findCanonicalAlias(db: DbOrTx, facilityId: number): Promise<string | null> {
  const [row] = await db
    .select({ alias: facilityAliases.alias })
    .from(facilityAliases)
    .where(eq(facilityAliases.facilityId, facilityId))
    .orderBy(sql`${facilityAliases.alias} ~ '^[0-9.:\\[\\]]+$'`, asc(facilityAliases.alias))
    .limit(1);
  return row?.alias ?? null;
}

/**
 * Where links in a facility's mails point: PUBLIC_URL when set, else http://<canonical alias>[:port] (no port
 * for 80). Never the request's Host header, which the sender chooses. Null when the facility has no alias.
 */
export async function facilityLinkBase(db: DbOrTx, settings: LinkSettings, facilityId: number): Promise<string | null> {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  const alias = await findCanonicalAlias(db, facilityId);
  if (!alias) return null;
  return settings.port === 80 ? `http://${alias}` : `http://${alias}:${settings.port}`;
}
