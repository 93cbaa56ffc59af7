import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LanguagePack } from '@portal/contracts';
import type { DbOrTx } from '../client';
import { contentItems, languages, themes, type ThemeColors } from '../schema/index';
import { DEFAULT_CONTENT } from './default-content';
import { applyLookups, COUNTRIES, PREFERRED_COMMUNICATIONS, RELATIONSHIPS, STATES } from './lookups';

export const THEMES: { id: number; name: string; colors: ThemeColors }[] = [
  {
    id: 1,
    name: 'Riverside teal',
    colors: {
      primary: '#0f6b63',
      primaryHover: '#0a4f49',
      onPrimary: '#ffffff',
      headerBackground: '#0f3b5f',
      headerText: '#ffffff',
      footerBackground: '#eef2f4',
      footerText: '#33404d',
      link: '#0b5c8a',
      pageBackground: '#ffffff',
      text: '#1d2730',
      mutedText: '#56636f',
      shades: [
        '#e6f4f2',
        '#c3e4e0',
        '#9dd2cc',
        '#72bfb6',
        '#4eaea4',
        '#2f9a8f',
        '#0f6b63',
        '#0d5e57',
        '#0a4f49',
        '#07403b',
      ],
    },
  },
  {
    id: 2,
    name: 'Lakeside blue',
    colors: {
      primary: '#1f4e9c',
      primaryHover: '#173c78',
      onPrimary: '#ffffff',
      headerBackground: '#1f2a44',
      headerText: '#ffffff',
      footerBackground: '#eef1f7',
      footerText: '#2e3a4d',
      link: '#1f4e9c',
      pageBackground: '#ffffff',
      text: '#1b1f27',
      mutedText: '#555e6b',
      shades: [
        '#e8eef8',
        '#c7d5ee',
        '#a3bae3',
        '#7d9dd7',
        '#5a83cc',
        '#3a69bd',
        '#1f4e9c',
        '#1a4485',
        '#173c78',
        '#112d5a',
      ],
    },
  },
];

/** Languages a patient or contact may choose for communication (a wider list than the UI's). */
export const LANGUAGES = [
  { id: 1, code: 'en-US', displayName: 'English' },
  { id: 2, code: 'es-MX', displayName: 'Español' },
  { id: 3, code: 'fr-CA', displayName: 'Français' },
  { id: 4, code: 'pt-BR', displayName: 'Português' },
  { id: 5, code: 'zh', displayName: '中文' },
  { id: 6, code: 'vi', displayName: 'Tiếng Việt' },
  { id: 7, code: 'ko', displayName: '한국어' },
  { id: 8, code: 'ar', displayName: 'العربية' },
];

/** What a recorded version of the reference data is named (in schema_migrations): this, then its fingerprint. */
export const REFERENCE_DATA_PREFIX = 'reference-data ';
/** Raise it when applyReferenceData writes the same data differently (a new column, say). */
const APPLY_FORMAT = 1;

/** The name of this product version's reference data: a fingerprint of every row applyReferenceData writes. */
export function referenceDataVersion(): string {
  const rows = [
    APPLY_FORMAT,
    THEMES,
    LANGUAGES,
    DEFAULT_CONTENT,
    RELATIONSHIPS,
    PREFERRED_COMMUNICATIONS,
    COUNTRIES,
    STATES,
  ];
  return REFERENCE_DATA_PREFIX + createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 32);
}

/**
 * Reference data every installation needs: themes, languages, the product's default texts and the
 * contact-form lookups (relationships, countries, states, preferred communications).
 * Applied at a start when it changed (startup.ts); product updates to these rows land, facility rows are never
 * touched.
 */
export async function applyReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(themes)
    .values(THEMES)
    .onConflictDoUpdate({ target: themes.id, set: { name: sql`excluded.name`, colors: sql`excluded.colors` } });
  await db
    .insert(languages)
    .values(LANGUAGES)
    .onConflictDoUpdate({
      target: languages.id,
      set: { code: sql`excluded.code`, displayName: sql`excluded.display_name` },
    });
  const rows = Object.entries(DEFAULT_CONTENT).flatMap(([language, texts]) =>
    Object.entries(texts).map(([contentKey, body]) => ({
      facilityId: null,
      contentKey,
      language: language as LanguagePack,
      body,
    })),
  );
  await db
    .insert(contentItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [contentItems.facilityId, contentItems.contentKey, contentItems.language],
      set: { body: sql`excluded.body`, updatedAt: sql`now()` },
    });
  await applyLookups(db);
}
