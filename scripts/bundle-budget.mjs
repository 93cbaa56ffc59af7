// Fails when the login page's JavaScript (entry script, its static imports and preloads, and the
// login route's chunk with its imports) exceeds the budget, gzipped, in the production build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

function collect(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, into);
  return into;
}

const files = collect('index.html');
collect('src/features/auth/pages/LoginPage.tsx', files);
let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(new URL(file, dist))).length;
  total += size;
  return `  ${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`;
});
console.log(`Login page JavaScript, gzipped (budget ${BUDGET_KB} KB):\n${rows.join('\n')}`);
console.log(`  ${(total / 1000).toFixed(1).padStart(7)} KB  total`);
if (total > BUDGET_KB * 1000) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1000) / 1000).toFixed(1)} KB`);
  process.exit(1);
}
