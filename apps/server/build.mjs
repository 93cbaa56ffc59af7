// Bundles the server into dist/main.js and dist/cli.js (our workspace packages included, npm dependencies
// left external) and copies the SQL migrations beside them. Code split: a module imported with import()
// (the PDF writer, say) goes in a chunk of its own with its npm imports, loaded on first use, not at start.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  // Chunks stay beside main.js (esbuild's default): modules find the migrations and the web build from
  // import.meta.url, and a chunk in a folder of its own would look one level too deep.
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

// The empty database a new data folder starts from (db/client.ts), so the first start skips initdb, which takes
// seconds in the embedded PostgreSQL. Made by the PGlite the server runs with; a dump of an unmigrated cluster.
const empty = await PGlite.create();
const dump = await empty.dumpDataDir('gzip');
writeFileSync('dist/empty-database.tar.gz', Buffer.from(await dump.arrayBuffer()));
await empty.close();
