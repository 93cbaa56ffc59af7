// Fails when a route's first load ships more JavaScript or CSS than its budget, gzipped, in the production
// build. A route's load is what the build manifest says the browser fetches for it: the entry script with
// its static imports and stylesheets, and the chunks the app starts loading for the route at once (the
// matched routes' pages, the navigation once logged in), each with its static imports and stylesheets.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KB = 1000;

/**
 * Each route: the chunks its first load fetches beside the entry (source paths as the manifest keys them, or
 * a group's name), its budgets in KB gzipped, a little above what it measures (November 2026: login 99.3 JS
 * and 11.1 CSS, dashboard 155.2 and 13.3), so a regression fails, and how many files (scripts and stylesheets)
 * it may fetch: on a phone each file is a round trip in the queue of six connections a browser opens to a host,
 * so a page split into dozens of small files waits for them in rounds (vite.config.ts, the shared chunks). The
 * issue's ceilings are 110 and 180 KB of JavaScript.
 */
const ROUTES = [
  {
    // The login page is part of the entry (src/app/router.tsx).
    name: 'login page (logged out)',
    chunks: [],
    budget: { js: 104, css: 12.5, files: 2 },
  },
  {
    // 'portal': the logged-in frame (query cache, guard, navigation; vite.config.ts). At a phone's width,
    // as the benchmark measures: a wide window also loads the user menu's and Resources' dropdowns.
    name: 'dashboard, first logged-in load',
    chunks: ['portal', 'src/features/dashboard/pages/DashboardPage.tsx'],
    budget: { js: 160, css: 14.5, files: 10 },
  },
  // The list pages the benchmark measures (November 2026: 188.7, 158.3, 204.2 and 190.7 KB of JS), and a
  // questionnaire to complete (221.3 KB, 22 files).
  ...[
    ['test results', 'src/features/lab-results/pages/LabResultsPage.tsx', { js: 193, css: 19.5, files: 13 }],
    ['medical notes', 'src/features/medical-notes/pages/MedicalNotesPage.tsx', { js: 163, css: 15.5, files: 11 }],
    ['secure messages', 'src/features/secure-messages/pages/SecureMessagesPage.tsx', { js: 209, css: 19.5, files: 16 }],
    ['questionnaires', 'src/features/questionnaires/pages/QuestionnairesPage.tsx', { js: 195, css: 20.5, files: 14 }],
    [
      'questionnaire to complete',
      'src/features/questionnaires/pages/CompleteQuestionnairePage.tsx',
      { js: 226, css: 26.5, files: 23 },
    ],
  ].map(([name, page, budget]) => ({ name: `${name}, first logged-in load`, chunks: ['portal', page], budget })),
];

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const sizes = new Map();

function gzipped(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(new URL(file, dist))).length);
  return sizes.get(file);
}

/** A manifest key: a source path as it is, or the name of a chunk of a group ('portal'). */
function keyOf(name) {
  if (manifest[name]) return name;
  const group = Object.keys(manifest).find((key) => key.startsWith(`_${name}-`) && key.endsWith('.js'));
  return group ?? name;
}

/** The files a chunk brings: its own script, its static imports' scripts, and all their stylesheets. */
function collect(name, into) {
  const key = keyOf(name);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key} (a route moved? update scripts/bundle-budget.mjs)`);
  if (into.js.has(chunk.file)) return;
  into.js.add(chunk.file);
  for (const css of chunk.css ?? []) into.css.add(css);
  for (const dep of chunk.imports ?? []) collect(dep, into);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1).padStart(7)} KB`;
let failed = false;

for (const route of ROUTES) {
  const files = { js: new Set(), css: new Set() };
  collect('index.html', files);
  for (const key of route.chunks) collect(key, files);
  console.log(`\n${route.name}, gzipped:`);
  for (const kind of ['js', 'css']) {
    const list = [...files[kind]].map((file) => ({ file, size: gzipped(file) })).sort((a, b) => b.size - a.size);
    const total = list.reduce((sum, { size }) => sum + size, 0);
    for (const { file, size } of list) console.log(`  ${kb(size)}  ${file}`);
    const over = total > route.budget[kind] * KB;
    failed ||= over;
    console.log(
      `  ${kb(total)}  ${kind.toUpperCase()} total, ${list.length} files (budget ${route.budget[kind]} KB)` +
        (over ? `: OVER by ${((total - route.budget[kind] * KB) / KB).toFixed(1)} KB` : ''),
    );
  }
  const count = files.js.size + files.css.size;
  const tooMany = count > route.budget.files;
  failed ||= tooMany;
  console.log(`  ${String(count).padStart(7)} files  (budget ${route.budget.files})${tooMany ? ': TOO MANY' : ''}`);
}

if (failed) {
  console.error('\nA route is over its byte or file budget (scripts/bundle-budget.mjs).');
  process.exit(1);
}
