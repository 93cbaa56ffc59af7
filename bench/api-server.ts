// The API benchmark's server, a child process of `npm run bench` (run with tsx): the portal's own app on a database
// named by the environment (DATA_DIR or DATABASE_URL, demo data seeded), plus one bare route, the baseline, that
// reads one facility row by primary key through the same drizzle handle. It tells its port over IPC.
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, resolveAppSecret } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { facilities } from '../apps/server/src/db/schema/facilities';
import { prepareDatabase } from '../apps/server/src/startup';

async function main() {
  const config = loadConfig(process.env);
  resolveAppSecret(config);
  const database = await openDatabase(config, (err) => console.warn(`database connection lost: ${err.message}`));
  await prepareDatabase(database, config, { info() {}, warn() {} }, { seed: true });
  const app = await buildApp({ config, database });

  app.get('/bench/baseline/:id', { config: { access: 'public' } }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const [row] = await database.db
      .select({
        id: facilities.id,
        name: facilities.name,
        shortName: facilities.shortName,
        timeZoneId: facilities.timeZoneId,
      })
      .from(facilities)
      .where(eq(facilities.id, id))
      .limit(1);
    return row ?? reply.status(404).send({ error: 'not_found' });
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  // The benchmark is gone (crashed or killed): nobody will stop this server, so it stops itself.
  process.on('disconnect', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : config.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
