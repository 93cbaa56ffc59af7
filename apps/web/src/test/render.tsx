import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, type RenderResult } from '@testing-library/react';
import { localeDataOf, type SupportedLocale } from '@portal/contracts';
import type { ReactElement } from 'react';
import { ThemeRoot } from '../app/ThemeRoot';
import { setDateLocale } from '../lib/dates';
import { setLanguage } from '../lib/i18n';

// Components as the app renders them: inside the app's theme root, in a language whose pack is the server's own
// (the packs the portal serves), so a test reads the words a user reads.

/** The packs' folder of a locale: its language ('en-GB' reads en, 'zh' zh). */
const packDir = (locale: SupportedLocale) => locale.split('-')[0] ?? 'en';

const packs = new Map<SupportedLocale, Record<string, string>>();

/** Every string of a language's packs (apps/server/src/platform/content/packs/<dir>/*.json), as one map. */
export function packOf(locale: SupportedLocale): Record<string, string> {
  const known = packs.get(locale);
  if (known) return known;
  // A path, not a URL: under jsdom, URL is the document's, which the file system does not take.
  const dir = path.join(import.meta.dirname, '../../../server/src/platform/content/packs', packDir(locale));
  const strings: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')))
    Object.assign(strings, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>);
  packs.set(locale, strings);
  return strings;
}

/** Renders `ui` in the app's theme root with the language `locale` (English by default), its dates' too. */
export async function renderInApp(ui: ReactElement, locale: SupportedLocale = 'en-US'): Promise<RenderResult> {
  setLanguage(locale, packOf(locale));
  await setDateLocale(localeDataOf(locale));
  return render(<ThemeRoot>{ui}</ThemeRoot>);
}
