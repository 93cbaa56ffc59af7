import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { contentItems, languagePackOverrides } from '../../db/schema/index';

// The facility's texts (content by key) and its own wording of language pack strings: read by the content
// routes, the terms in the login profile and every printout.

/**
 * The best text for a key: the facility's own before the product default, and within each the
 * requested language before English. A facility's legal text outranks a translated default.
 */
export function findContent(db: DbOrTx, contentKey: string, language: string, facilityId: number | undefined) {
  // One prepared statement (db/prepared.ts) for both: with no facility, facility_id = null matches no row.
  return prepared(db, 'content_item', (db) =>
    db
      .select({ body: contentItems.body, language: contentItems.language })
      .from(contentItems)
      .where(
        and(
          eq(contentItems.contentKey, sql.placeholder('contentKey')),
          inArray(contentItems.language, [sql.placeholder('language'), 'en']),
          or(eq(contentItems.facilityId, sql.placeholder('facilityId')), isNull(contentItems.facilityId)),
        ),
      )
      .orderBy(sql`${contentItems.facilityId} is null`, sql`${contentItems.language} <> ${sql.placeholder('language')}`)
      .limit(1)
      .prepare('content_item'),
  )
    .execute({ contentKey, language, facilityId: facilityId ?? null })
    .then((rows) => rows[0]);
}

/** The facility's own wording of language pack strings in one language. */
export async function findLanguagePackOverrides(db: DbOrTx, facilityId: number, language: string) {
  const rows = await db
    .select({ key: languagePackOverrides.key, value: languagePackOverrides.value })
    .from(languagePackOverrides)
    .where(and(eq(languagePackOverrides.facilityId, facilityId), eq(languagePackOverrides.language, language)));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
