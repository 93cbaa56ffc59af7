import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPglite, wrapPgPool } from '../src/db/client';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a freshly migrated database that every test file clones. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database (set when TEST_DATABASE_URL is). */
    pgTemplateDatabase: string;
  }
}

/** Migrates once per run; each test file then clones the result (migrating per file costs seconds). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `portal_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = wrapPgPool(new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }));
    await migrate(database);
    await database.close();
    project.provide('pgTemplateDatabase', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-template-'));
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
