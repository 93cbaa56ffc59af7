import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../test/helpers';
import type { Database } from './db/client';
import { contentItems, themes } from './db/schema/index';
import { REFERENCE_DATA_PREFIX, referenceDataVersion } from './db/seed/reference-data';
import { prepareDatabase } from './startup';

const noLog = { info() {} };

describe('prepareDatabase and the reference data', () => {
  let database: Database;
  const prepare = () => prepareDatabase(database, testConfig(), noLog, { seed: false });
  const recorded = () =>
    database.session((s) =>
      s.query<{ name: string }>('select name from schema_migrations where name like $1 order by name', [
        `${REFERENCE_DATA_PREFIX}%`,
      ]),
    );
  const defaultText = (key: string) =>
    database.db
      .select({ body: contentItems.body })
      .from(contentItems)
      .where(and(eq(contentItems.contentKey, key), isNull(contentItems.facilityId), eq(contentItems.language, 'en')));
  const setDefaultText = (key: string, body: string) =>
    database.db
      .update(contentItems)
      .set({ body })
      .where(and(eq(contentItems.contentKey, key), isNull(contentItems.facilityId), eq(contentItems.language, 'en')));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies it on a database that has none, and records its version', async () => {
    await prepare();
    expect(await database.db.select({ id: themes.id }).from(themes)).toHaveLength(2);
    expect(await recorded()).toEqual([{ name: referenceDataVersion() }]);
  });

  it('leaves it alone at a start where it has not changed', async () => {
    const [before] = await defaultText('PatientIdentifierLabel');
    await setDefaultText('PatientIdentifierLabel', 'changed since');
    await prepare();
    expect(await defaultText('PatientIdentifierLabel')).toEqual([{ body: 'changed since' }]);
    await setDefaultText('PatientIdentifierLabel', before!.body);
  });

  it("writes it again when the product's version differs, and keeps only the current version's name", async () => {
    const [before] = await defaultText('PatientIdentifierLabel');
    await setDefaultText('PatientIdentifierLabel', 'changed since');
    await database.session((s) =>
      s.query('update schema_migrations set name = $1 where name = $2', [
        `${REFERENCE_DATA_PREFIX}an-older-version`,
        referenceDataVersion(),
      ]),
    );
    await prepare();
    expect(await defaultText('PatientIdentifierLabel')).toEqual([before]);
    expect(await recorded()).toEqual([{ name: referenceDataVersion() }]);
  });

  it('names a version by its content', () => {
    expect(referenceDataVersion()).toBe(referenceDataVersion());
    expect(referenceDataVersion()).toMatch(new RegExp(`^${REFERENCE_DATA_PREFIX}[0-9a-f]{32}$`));
  });
});
