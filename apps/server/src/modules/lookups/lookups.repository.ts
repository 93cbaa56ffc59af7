import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, languages, preferredCommunications, relationships, states } from '../../db/schema/index';

// The rows as stored (English names); the service puts them in the caller's language and sorts them.

export function listRelationships(db: DbOrTx) {
  return db
    .select({ id: relationships.id, name: relationships.displayName })
    .from(relationships)
    .orderBy(asc(relationships.id));
}

export function listCountries(db: DbOrTx) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name, sortOrder: countries.sortOrder })
    .from(countries)
    .orderBy(asc(countries.id));
}

export function listStates(db: DbOrTx, countryId: number | undefined) {
  return db
    .select({
      id: states.id,
      countryId: states.countryId,
      countryCode: countries.code,
      code: states.code,
      name: states.name,
    })
    .from(states)
    .leftJoin(countries, eq(countries.id, states.countryId))
    .where(countryId === undefined ? undefined : eq(states.countryId, countryId))
    .orderBy(asc(states.id));
}

export function listPreferredCommunications(db: DbOrTx) {
  return db
    .select({
      id: preferredCommunications.id,
      code: preferredCommunications.code,
      name: preferredCommunications.displayName,
    })
    .from(preferredCommunications)
    .orderBy(asc(preferredCommunications.id));
}

export function listLanguages(db: DbOrTx) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.displayName })
    .from(languages)
    .orderBy(asc(languages.id));
}
