import type { Config } from './config';
import type { Database } from './db/client';
import { isRecorded, migrate, record } from './db/migrate';
import { applyReferenceData, REFERENCE_DATA_PREFIX, referenceDataVersion } from './db/seed/reference-data';
import { isSeeded, seedDemo } from './demo/demo';

export interface PrepareLog {
  info(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

/** Brings a database up to date: migrations, reference data, and the demo facility on an empty one. */
export async function prepareDatabase(database: Database, config: Config, log: PrepareLog, options: { seed: boolean }) {
  const applied = await migrate(database);
  if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');
  // Written again only when the product's reference data changed, or a migration ran that may have touched its
  // tables: some hundred milliseconds of upserts saved at an ordinary start.
  const referenceData = referenceDataVersion();
  if (applied.length > 0 || !(await isRecorded(database, referenceData))) {
    await applyReferenceData(database.db);
    await record(database, referenceData, REFERENCE_DATA_PREFIX);
  }
  // Demo people have a password printed in the README: production seeds them only when DEMO_DATA=1 says so.
  if (options.seed && config.demoData && !(await isSeeded(database.db))) {
    await seedDemo(database.db, { extraAliases: [config.defaultFacilityAlias] });
    if (config.env === 'production') {
      log.warn?.(
        { demoData: true },
        'DEMO_DATA=1: seeded the DEMO facility into a production database. Its accounts use the password published ' +
          'in the README. Never do this with real patients.',
      );
    } else {
      log.info({}, 'seeded the demo facility (Riverside Cancer Center)');
    }
  }
}
