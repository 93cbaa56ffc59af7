import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers';
import type { Database } from '../db/client';
import { DEFAULT_CONTENT } from '../db/seed/default-content';
import { BUNDLED_PACKS } from '../platform/content/language-packs';
import { prepareDatabase } from '../startup';
import { DEMO_FACILITY_PHONES, phoneText, RIVERSIDE_PHONES } from './demo-phones';

// Issue 11, finding 5: the demo gave three numbers for one facility: education articles the nurse line at
// (555) 201-4400, Contact Us (518) 555-0250, the follow-up plan (518) 555-0300.

/** Telephone numbers as texts write them: (518) 555-0102, 518-555-0102, 518.555.0102, 5185550102, 555-0102. */
const PHONE = /(?<![\d\w])(?:\(\d{3}\)\s?\d{3}[-.\s]\d{4}|\d{3}[-.\s]\d{3}[-.\s]\d{4}|\d{10}|\d{3}-\d{4})(?![\d\w])/g;
const digits = (text: string) => text.replace(/\D/g, '');
/** Numbers set aside for fiction: 555-0100 to 555-0199, with an area code. */
const FICTIONAL = /^\d{3}55501\d{2}$/;

/** People's own numbers (patients, their contacts, users, their SMS numbers): fictional, but no facility's. */
const PERSONAL_TABLES = new Set([
  'patients',
  'personal_contacts',
  'users',
  'notification_preferences',
  'notice_destinations',
]);
/**
 * C-CDA documents: written by other organizations too (the regional hospital), about the patient (their own
 * number), and full of 10-digit identifiers (NPIs) that are no telephone numbers. Only their telecom values are
 * numbers, and each must be fictional.
 */
const DOCUMENT_TABLES = new Set(['health_summary_documents']);
const TELECOM = /value="tel:(?:\+?1)?([\d\-.() ]+)"/g;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database, testConfig(), { info() {} }, { seed: true });
});
afterAll(async () => {
  await database.close();
});

/** Every text the demo stored, by table: each text and JSON column of each row. */
async function storedTexts(): Promise<{ table: string; text: string }[]> {
  const columns = await database.session((s) =>
    s.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
        order by table_name, ordinal_position`,
    ),
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const out: { table: string; text: string }[] = [];
  for (const [table, names] of byTable) {
    const list = names.map((n) => `coalesce("${n}"::text, '')`).join(` || ' | ' || `);
    const rows = await database.session((s) => s.query<{ text: string }>(`select ${list} as text from "${table}"`));
    for (const row of rows) out.push({ table, text: row.text });
  }
  return out;
}

describe('the demo facility’s telephone numbers', () => {
  it('are defined once, fictional, and written alike', () => {
    expect(new Set(DEMO_FACILITY_PHONES).size).toBe(DEMO_FACILITY_PHONES.length);
    for (const phone of DEMO_FACILITY_PHONES) expect(phone).toMatch(FICTIONAL);
    expect(phoneText(RIVERSIDE_PHONES.nurseLine)).toBe('(518) 555-0102');
  });

  it('are the only numbers in the demo’s content: care team, Contact Us, articles, plans, summaries', async () => {
    const texts = await storedTexts();
    const tables = new Set(texts.map((t) => t.table));
    for (const table of [
      'care_providers',
      'facility_contacts',
      'education_materials',
      'follow_up_plans',
      'health_summary_documents',
    ]) {
      expect(tables, table).toContain(table);
    }
    const strangers: string[] = [];
    const found = new Set<string>();
    for (const { table, text } of texts) {
      if (DOCUMENT_TABLES.has(table)) {
        for (const [, written] of text.matchAll(TELECOM)) {
          const number = digits(written!);
          if (!FICTIONAL.test(number)) strangers.push(`${table}: ${written} is not a fictional number`);
          else if (DEMO_FACILITY_PHONES.includes(number)) found.add(number);
        }
        continue;
      }
      for (const [match] of text.matchAll(PHONE)) {
        const number = digits(match);
        if (PERSONAL_TABLES.has(table)) {
          if (!FICTIONAL.test(number) || DEMO_FACILITY_PHONES.includes(number)) {
            strangers.push(`${table}: a person's number ${match}`);
          }
        } else if (DEMO_FACILITY_PHONES.includes(number)) {
          found.add(number);
        } else {
          strangers.push(
            `${table}: ${match} in “${text.slice(Math.max(0, text.indexOf(match) - 60), text.indexOf(match) + 20)}”`,
          );
        }
      }
    }
    expect(strangers, strangers.join('\n')).toEqual([]);
    // The nurse line, the main line and the clinic are all in use.
    for (const phone of [RIVERSIDE_PHONES.nurseLine, RIVERSIDE_PHONES.mainLine, RIVERSIDE_PHONES.oncologyClinic]) {
      expect(found, phone).toContain(phone);
    }
  });

  it('the education articles, the follow-up plan and Contact Us give the same nurse line and clinic', async () => {
    const texts = await storedTexts();
    const of = (table: string) =>
      texts
        .filter((t) => t.table === table)
        .map((t) => t.text)
        .join('\n');
    expect(of('education_materials')).toContain(phoneText(RIVERSIDE_PHONES.nurseLine));
    expect(of('facility_contacts')).toContain(RIVERSIDE_PHONES.nurseLine);
    expect(of('follow_up_plans')).toContain(phoneText(RIVERSIDE_PHONES.oncologyClinic));
    expect(of('care_providers')).toContain(RIVERSIDE_PHONES.oncologyClinic);
  });

  it('are the only numbers in the language packs and default texts of every language', () => {
    const strangers: string[] = [];
    const sources: [string, Record<string, string | undefined>][] = [
      ...Object.entries(BUNDLED_PACKS).map(([l, pack]): [string, Record<string, string>] => [`pack ${l}`, pack]),
      ...Object.entries(DEFAULT_CONTENT).map(([l, texts]): [string, Record<string, string | undefined>] => [
        `default content ${l}`,
        texts,
      ]),
    ];
    for (const [source, texts] of sources) {
      for (const [key, text] of Object.entries(texts)) {
        for (const [match] of (text ?? '').matchAll(PHONE)) {
          if (!DEMO_FACILITY_PHONES.includes(digits(match))) strangers.push(`${source} ${key}: ${match}`);
        }
      }
    }
    expect(strangers, strangers.join('\n')).toEqual([]);
  });
});
