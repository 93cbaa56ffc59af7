import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { facilities, facilityAliases, languages, themes } from '../../db/schema/index';

export type { ThemeColors } from '../../db/schema/index';

/** The facility whose alias a host name is (the web app's first call on every page load: prepared). */
export function findFacilityByAlias(db: DbOrTx, alias: string) {
  return prepared(db, 'facility_by_alias', (db) =>
    db
      .select({
        id: facilities.id,
        name: facilities.name,
        portalName: facilities.portalName,
        shortName: facilities.shortName,
        themeId: facilities.themeId,
        timeZoneId: facilities.timeZoneId,
        languageId: languages.id,
        languageName: languages.displayName,
        hasLogo: facilities.logoContentType,
        hasFaqs: facilities.hasFaqs,
        hasUsefulLinks: facilities.hasUsefulLinks,
        hasDownloadableForms: facilities.hasDownloadableForms,
      })
      .from(facilityAliases)
      .innerJoin(facilities, eq(facilities.id, facilityAliases.facilityId))
      .innerJoin(languages, eq(languages.id, facilities.defaultLanguageId))
      .where(eq(facilityAliases.alias, sql.placeholder('alias')))
      .limit(1)
      .prepare('facility_by_alias'),
  )
    .execute({ alias })
    .then((rows) => rows[0]);
}

export function findFacilityLogo(db: DbOrTx, facilityId: number) {
  return db
    .select({ logo: facilities.logo, contentType: facilities.logoContentType })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .then((rows) => rows[0]);
}

export function findTheme(db: DbOrTx, themeId: number) {
  return db
    .select()
    .from(themes)
    .where(eq(themes.id, themeId))
    .then((rows) => rows[0]);
}
