import { describe, expect, it } from 'vitest';
import type { LanguagePack } from '@portal/contracts';
import { BUNDLED_PACKS } from './language-packs';

// Issue 11, finding 7: a module had two names in one language (Spanish 'Resultados de estudios' on the tab and
// 'Resultados de pruebas' on the page; Chinese '检查结果' and '检验结果'). Each module has one name per language:
// the one its navigation entry (or dashboard panel) uses, and every other string that names it uses the same.

/** The keys that name a module or a dashboard panel; the first word of each line is the one in the navigation. */
const MODULE_NAME_KEYS = [
  'nav.dashboard',
  'nav.appointments',
  'nav.treatmentSummary',
  'nav.followUpPlan',
  'nav.education',
  'nav.questionnaires',
  'nav.testResults',
  'nav.medicalNotes',
  'nav.secureMessages',
  'nav.faqs',
  'nav.usefulLinks',
  'nav.downloadForms',
  'nav.contactUs',
  'nav.accountSettings',
  'nav.healthInformation',
  'nav.personalData',
  'dashboard.careTeamTitle',
  'dashboard.personalContactsTitle',
  'dashboard.healthSummaryTitle',
];

/**
 * Strings that name a module without its English capitals (so the search below does not find them), and the
 * module they name.
 */
const ALSO_NAMING: Record<string, string> = {
  'contactForm.backToDashboard': 'nav.dashboard',
  'labResults.listLabel': 'nav.testResults',
};

const english = BUNDLED_PACKS.en;
const translations = (Object.keys(BUNDLED_PACKS) as LanguagePack[]).filter((l) => l !== 'en');

/** Case, typographic apostrophes and spacing aside. */
const normal = (text: string) => text.replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim().toLocaleLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every other key whose English text names the module, written as the navigation writes it. */
function keysNaming(nameKey: string): string[] {
  const name = english[nameKey]!;
  const pattern = new RegExp(`(^|[^A-Za-z])${escape(name)}([^A-Za-z]|$)`);
  const found = Object.keys(english).filter((key) => key !== nameKey && pattern.test(english[key]!));
  const also = Object.entries(ALSO_NAMING)
    .filter(([, module]) => module === nameKey)
    .map(([key]) => key);
  return [...new Set([...found, ...also])].sort();
}

describe('one name per module in each language', () => {
  it('knows the strings that name each module in English', () => {
    expect(keysNaming('nav.testResults')).toEqual(['labResults.back', 'labResults.listLabel', 'labResults.title']);
    expect(keysNaming('nav.dashboard')).toEqual(['contactForm.backToDashboard', 'dashboard.title']);
    for (const key of [...MODULE_NAME_KEYS, ...Object.keys(ALSO_NAMING)]) expect(english[key], key).toBeDefined();
  });

  it.each(translations)('%s names each module the same everywhere: tab, page title, panel, menu, links', (language) => {
    const pack = BUNDLED_PACKS[language];
    const differing: string[] = [];
    for (const nameKey of MODULE_NAME_KEYS) {
      const name = normal(pack[nameKey]!);
      for (const key of keysNaming(nameKey)) {
        // A title that is the name in English is the name in every language; a longer text contains it.
        const isTheName = normal(english[key]!) === normal(english[nameKey]!);
        const text = normal(pack[key]!);
        if (isTheName ? text !== name : !text.includes(name)) {
          differing.push(`${key} "${pack[key]}" does not use the name of ${nameKey}, "${pack[nameKey]}"`);
        }
      }
    }
    expect(differing, differing.join('\n')).toEqual([]);
  });
});
