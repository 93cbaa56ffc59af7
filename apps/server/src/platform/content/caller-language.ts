import { eq } from 'drizzle-orm';
import { languagePackOf, portalLocaleOf, type LanguagePack, type SupportedLocale } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { facilities, languages, patients, users } from '../../db/schema/index';
import type { SessionCaller } from '../auth/sessions';
import { BUNDLED_PACKS, buildLanguagePack, type Strings } from './language-packs';
import { findLanguagePackOverrides } from './content-store';
import { weightedList } from '../http/weighted-list';

/** The locale a bare language speaks in when the request names no region. */
const LOCALE_OF_PACK: Record<LanguagePack, SupportedLocale> = {
  en: 'en-US',
  es: 'es-MX',
  fr: 'fr-CA',
  pt: 'pt-BR',
  zh: 'zh',
};

/** A locale from one language tag: a supported locale (any case, zh-* is zh), else its language's own. */
export function localeOfTag(tag: string): SupportedLocale | null {
  const exact = portalLocaleOf(tag);
  if (exact) return exact;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return primary in BUNDLED_PACKS ? LOCALE_OF_PACK[primary as LanguagePack] : null;
}

/** The first language of an Accept-Language header the portal speaks, by quality (then order), or null. */
export function localeOfAcceptLanguage(header: string | undefined): SupportedLocale | null {
  const tags = weightedList(header, 20)
    .filter((entry) => entry.value !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { value: tag } of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

export interface LanguageRequest {
  /** The session of the call (null for a public route). */
  caller: SessionCaller | null;
  /** ?language, already validated as a language the portal speaks. */
  requested: string | undefined;
  /** The Accept-Language header. */
  acceptLanguage: string | undefined;
}

export interface CallerLanguage {
  locale: SupportedLocale;
  pack: LanguagePack;
  /** The strings of the language: English under the language under the caller's facility's overrides. */
  strings: Strings;
}

async function savedLanguage(db: DbOrTx, caller: SessionCaller): Promise<string | null> {
  if (caller.userId !== null) {
    const [row] = await db
      .select({ language: users.preferredLanguage })
      .from(users)
      .where(eq(users.id, caller.userId))
      .limit(1);
    return row?.language ?? null;
  }
  // Kiosk and link sessions have no user: the patient they act for.
  if (caller.boundPatientId === null) return null;
  const [row] = await db
    .select({ language: patients.preferredLanguage })
    .from(patients)
    .where(eq(patients.id, caller.boundPatientId))
    .limit(1);
  return row?.language ?? null;
}

// A facility's default language and its wording of the packs change rarely, and nearly every read in a language
// needs them: a short cache spares those queries (and the merging of the packs) on each request. A user's own
// language is never cached: a change shows at once.
const CACHE_MS = 30_000;
const facilityLanguages = new Map<number, { code: string | null; until: number }>();
const builtPacks = new Map<string, { strings: Strings; until: number }>();

/** Forgets the cached facility languages and pack overrides (a facility's wording changed, or a test changed it). */
export function forgetLanguageSettings(): void {
  facilityLanguages.clear();
  builtPacks.clear();
}

/** Whether a read may answer from the cache (the hot reads ask for it) or reads the database, refreshing the cache. */
export interface LanguageCache {
  cached?: boolean;
}

async function facilityLanguage(db: DbOrTx, facilityId: number, { cached: useCache }: LanguageCache) {
  const now = Date.now();
  const cached = useCache ? facilityLanguages.get(facilityId) : undefined;
  if (cached && cached.until > now) return cached.code;
  const [row] = await db
    .select({ code: languages.code })
    .from(facilities)
    .innerJoin(languages, eq(languages.id, facilities.defaultLanguageId))
    .where(eq(facilities.id, facilityId))
    .limit(1);
  const code = row?.code ?? null;
  facilityLanguages.set(facilityId, { code, until: now + CACHE_MS });
  return code;
}

/** Packs kept at most: the public pack route takes any facility id, and each would otherwise stay. */
const MAX_BUILT_PACKS = 500;

/** English under the pack under the facility's overrides, built once per facility and pack while cached. */
export async function packStrings(
  db: DbOrTx,
  pack: LanguagePack,
  facilityId: number | undefined,
  { cached: useCache }: LanguageCache,
): Promise<Strings> {
  const now = Date.now();
  const key = `${facilityId ?? '-'}|${pack}`;
  const cached = useCache || facilityId === undefined ? builtPacks.get(key) : undefined;
  if (cached && cached.until > now) return cached.strings;
  const overrides = facilityId === undefined ? {} : await findLanguagePackOverrides(db, facilityId, pack);
  // Shared by every request that reads it until it expires: frozen, so none can change it for the others.
  const strings = Object.freeze(buildLanguagePack(pack, overrides));
  if (builtPacks.size >= MAX_BUILT_PACKS) builtPacks.clear();
  builtPacks.set(key, { strings, until: now + CACHE_MS });
  return strings;
}

/**
 * The language a caller reads the answer in, as the portal decides it everywhere: ?language, else the language
 * the user saved (kiosk and link sessions: their patient's), else the browser's Accept-Language, else the
 * facility's default language, else en-US. Only a language the portal speaks counts at each step.
 */
export async function callerLanguage(
  db: DbOrTx,
  request: LanguageRequest,
  cache: LanguageCache = {},
): Promise<CallerLanguage> {
  const { caller } = request;
  const locale =
    (request.requested === undefined ? null : portalLocaleOf(request.requested)) ??
    (caller ? localeFromCode(await savedLanguage(db, caller)) : null) ??
    localeOfAcceptLanguage(request.acceptLanguage) ??
    (caller ? localeFromCode(await facilityLanguage(db, caller.facilityId, cache)) : null) ??
    'en-US';
  return languageStrings(db, locale, caller?.facilityId, cache);
}

/** One locale's strings, with a facility's overrides when one is given. */
export async function languageStrings(
  db: DbOrTx,
  locale: SupportedLocale,
  facilityId: number | undefined,
  cache: LanguageCache = {},
): Promise<CallerLanguage> {
  const pack = languagePackOf(locale);
  return { locale, pack, strings: await packStrings(db, pack, facilityId, cache) };
}

function localeFromCode(code: string | null): SupportedLocale | null {
  return code ? localeOfTag(code) : null;
}
