import { and, eq } from 'drizzle-orm';
import type { CapabilityGrant } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { capabilityProfiles } from '../../db/schema/index';
import type { Access } from './patient-scope';

type Audience = (typeof capabilityProfiles.$inferSelect)['audience'];

/** The capability profile each way of acting for a patient reads (the browser shows tabs from the same one). */
const AUDIENCE: Record<Access, Audience> = {
  self: 'patient',
  representative: 'representative',
  kioskUser: 'kioskUser',
  linkUser: 'linkUser',
};

// Facilities change their grants rarely; a short cache spares a query on every patient read.
const CACHE_MS = 30_000;
const cache = new Map<string, { modules: Set<string>; until: number }>();

/**
 * Whether the facility grants a module (Education, TestResults, ...), or one field of a module written
 * `Module.Field` (Dashboard.Appointments: the dashboard's section), to callers who stand to a patient as `access`:
 * what the browser's navigation and sections show, so a route answers exactly where its screen is offered.
 */
export async function grantsModule(
  db: DbOrTx,
  facilityId: number,
  access: Access,
  moduleName: CapabilityGrant,
  now = Date.now(),
): Promise<boolean> {
  const audience = AUDIENCE[access];
  const key = `${facilityId}|${audience}`;
  let entry = cache.get(key);
  if (!entry || entry.until <= now) {
    const [row] = await db
      .select({ modules: capabilityProfiles.modules })
      .from(capabilityProfiles)
      .where(and(eq(capabilityProfiles.facilityId, facilityId), eq(capabilityProfiles.audience, audience)))
      .limit(1);
    const granted = new Set<string>();
    for (const module of row?.modules ?? []) {
      granted.add(module.moduleName);
      for (const detail of module.details) granted.add(`${module.moduleName}.${detail.fieldName}`);
    }
    entry = { modules: granted, until: now + CACHE_MS };
    cache.set(key, entry);
  }
  return entry.modules.has(moduleName);
}

/** Forgets cached grants (a facility's capabilities changed, or a test changed them). */
export function forgetModuleGrants(): void {
  cache.clear();
}
