import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './startup';

// `npm run db:migrate` and `npm run db:seed`.
async function run(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('Usage: cli.ts migrate | seed');
    process.exit(2);
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, log, { seed: command === 'seed' });
    log.info({}, command === 'seed' ? 'database migrated and seeded' : 'database migrated');
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
