import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, languages, preferredCommunications, relationships, states } from '../../db/schema/index';

export function listRelationships(db: DbOrTx) {
  return db
    .select({ relationshipId: relationships.id, relationshipDisplay: relationships.displayName })
    .from(relationships)
    .orderBy(asc(relationships.id));
}

/** By sort order (the facility's own countries first), then by name. */
export function listCountries(db: DbOrTx) {
  return db
    .select({ countryId: countries.id, countryNameDisplay: countries.name, sortOrder: countries.sortOrder })
    .from(countries)
    .orderBy(asc(countries.sortOrder), asc(sql`lower(${countries.name})`), asc(countries.id));
}

export function listStates(db: DbOrTx, countryId: number | undefined) {
  return db
    .select({ stateId: states.id, countryId: states.countryId, stateNameDisplay: states.name })
    .from(states)
    .where(countryId === undefined ? undefined : eq(states.countryId, countryId))
    .orderBy(asc(states.countryId), asc(sql`lower(${states.name})`), asc(states.id));
}

export function listPreferredCommunications(db: DbOrTx) {
  return db
    .select({
      preferredCommunicationId: preferredCommunications.id,
      preferredCommunicationCode: preferredCommunications.code,
      preferredCommunicationDisplay: preferredCommunications.displayName,
    })
    .from(preferredCommunications)
    .orderBy(asc(preferredCommunications.id));
}

export function listLanguages(db: DbOrTx) {
  return db
    .select({ languageId: languages.id, languageCode: languages.code, displayName: languages.displayName })
    .from(languages)
    .orderBy(asc(languages.id));
}
