import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import {
  externalSystems,
  facilities,
  healthSummaryDocuments,
  patients,
  personalContacts,
  themes,
  users,
} from '../../src/db/schema/index';
import { prepareDatabase, type PrepareLog } from '../../src/startup';
import { createTestDatabase } from '../helpers';

// Issue 10, finding 6: a production start on an empty database seeded the demo facility, whose accounts use the
// password printed in the README. Production now seeds no demo people unless DEMO_DATA=1 asks, and then says so.

const SECRET = { APP_SECRET: 'x'.repeat(40) };

function recordingLog() {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  const log: PrepareLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
  return { log, lines, warnings: () => lines.filter((l) => l.level === 'warn') };
}

async function counts(database: Database) {
  const db = database.db;
  const n = async (
    table:
      | typeof users
      | typeof patients
      | typeof facilities
      | typeof personalContacts
      | typeof themes
      | typeof externalSystems
      | typeof healthSummaryDocuments,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const jane = await db.select({ id: users.id }).from(users).where(eq(users.username, 'jane.doe'));
  return {
    users: await n(users),
    patients: await n(patients),
    facilities: await n(facilities),
    contacts: await n(personalContacts),
    themes: await n(themes),
    externalSystems: await n(externalSystems),
    healthSummaries: await n(healthSummaryDocuments),
    jane: jane.length,
  };
}

const opened: Database[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A migrated database that nothing has seeded yet (global-setup migrates the template; nothing seeds it). */
async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database);
  expect((await counts(database)).facilities).toBe(0);
  return database;
}

async function prepare(config: Config, database?: Database) {
  const db = database ?? (await freshDatabase());
  const log = recordingLog();
  await prepareDatabase(db, config, log.log, { seed: true });
  return { database: db, log, counts: await counts(db) };
}

describe('DEMO_DATA in the configuration', () => {
  it('defaults to true outside production and to false in production', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '' }).demoData).toBe(false);
  });

  it('is what DEMO_DATA says when set', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(loadConfig({ NODE_ENV, DEMO_DATA: '1' }).demoData).toBe(true);
      expect(loadConfig({ NODE_ENV, DEMO_DATA: 'true' }).demoData).toBe(true);
      expect(loadConfig({ NODE_ENV, DEMO_DATA: '0' }).demoData).toBe(false);
      expect(loadConfig({ NODE_ENV, DEMO_DATA: 'false' }).demoData).toBe(false);
    }
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });
});

describe('prepareDatabase on an empty database', () => {
  it('in production without DEMO_DATA: reference data only, no demo people, no demo facility', async () => {
    const { counts: after, log } = await prepare(loadConfig({ NODE_ENV: 'production', ...SECRET }));
    expect(after).toMatchObject({
      users: 0,
      patients: 0,
      facilities: 0,
      contacts: 0,
      externalSystems: 0,
      healthSummaries: 0,
      jane: 0,
    });
    expect(after.themes).toBeGreaterThan(0);
    expect(log.warnings()).toEqual([]);
    expect(log.lines.map((l) => l.msg).join('\n')).not.toMatch(/seeded/i);
  });

  it('in production with DEMO_DATA=0: the same', async () => {
    const { counts: after } = await prepare(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '0', ...SECRET }));
    expect(after).toMatchObject({ users: 0, patients: 0, facilities: 0, jane: 0 });
  });

  it('in production with DEMO_DATA=1: seeds the demo and warns, naming DEMO_DATA', async () => {
    const {
      counts: after,
      log,
      database,
    } = await prepare(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1', ...SECRET }));
    expect(after.jane).toBe(1);
    expect(after.users).toBeGreaterThan(0);
    const riverside = await database.db.select().from(facilities);
    expect(riverside.map((f) => f.name).join(' ')).toMatch(/Riverside/);
    const warnings = log.warnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/DEMO_DATA/);
    expect(warnings[0]!.msg).toMatch(/production/i);
  });

  it('outside production by default: seeds the demo without a warning', async () => {
    const { counts: after, log } = await prepare(loadConfig({ NODE_ENV: 'development', ...SECRET }));
    expect(after.jane).toBe(1);
    // jane's two systems and john's one, with their C-CDA documents (demo/ccda).
    expect(after.externalSystems).toBe(3);
    expect(after.healthSummaries).toBe(10);
    expect(log.warnings()).toEqual([]);
  });

  it('outside production with DEMO_DATA=0: seeds nothing', async () => {
    const { counts: after } = await prepare(loadConfig({ NODE_ENV: 'development', DEMO_DATA: '0', ...SECRET }));
    expect(after).toMatchObject({ users: 0, facilities: 0, jane: 0 });
  });

  it('never seeds when asked not to (the db:migrate command), whatever DEMO_DATA says', async () => {
    const database = await freshDatabase();
    const log = recordingLog();
    await prepareDatabase(database, loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1', ...SECRET }), log.log, {
      seed: false,
    });
    expect((await counts(database)).users).toBe(0);
    expect(log.warnings()).toEqual([]);
  });

  it('as main.ts does it: a new embedded data folder in production holds no demo people', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-demo-data-'));
    folders.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ...SECRET });
    expect(config.databaseUrl).toBeUndefined();
    const database = await openDatabase(config);
    opened.push(database);
    const log = recordingLog();
    await prepareDatabase(database, config, log.log, { seed: true });
    const after = await counts(database);
    expect(after).toMatchObject({ users: 0, patients: 0, facilities: 0, jane: 0 });
    expect(after.themes).toBeGreaterThan(0);
    expect(log.lines.some((l) => l.msg === 'applied migrations')).toBe(true);
    expect(log.warnings()).toEqual([]);
    // Migrating a new PGlite folder takes seconds, more when the whole suite runs beside it.
  }, 120_000);
});
