import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { careProviders } from '../../db/schema/index';

// The reads of secure-messages.integration.ts.

/** The id of the facility's care provider under its identifier, when it has not been withdrawn, or undefined. */
export function findActiveProviderIdByExternalId(db: DbOrTx, facilityId: number, externalId: string) {
  return db
    .select({ id: careProviders.id })
    .from(careProviders)
    .where(
      and(
        eq(careProviders.facilityId, facilityId),
        eq(careProviders.externalId, externalId),
        isNull(careProviders.withdrawnAt),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]?.id);
}
