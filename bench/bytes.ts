// The JavaScript part: the scripts Chromium downloads for the login page (logged out) and for a first, logged-in
// load of the dashboard, each counted as its decoded body gzipped here (zlib's default level, as
// scripts/bundle-budget.mjs counts), so the figure does not depend on the encoding the server picked.
import { gzipSync } from 'node:zlib';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { clearCache, logInThroughForm, pathOf, type Portal } from './portal';
import { BenchError } from './processes';
import { kb, type Check } from './report';
import { callShape, dashboardCalls } from './session';

const LOGIN_MAX = 110_000;
const DASHBOARD_MAX = 180_000;

interface Loaded {
  gzipped: number;
  transferred: number;
  scripts: number;
  apiCalls: string[];
}

/** Records the scripts and API reads of one load, from an emptied HTTP cache. */
async function record(page: Page, load: () => Promise<void>): Promise<Loaded> {
  await clearCache(page);
  const sizes: Promise<{ gzipped: number; transferred: number }>[] = [];
  const apiCalls: string[] = [];
  const problems: string[] = [];
  const fetched = new Set<string>();
  const cached = new Set<string>();
  const onResponse = (response: HTTPResponse) => {
    const request = response.request();
    const url = new URL(response.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
    if (request.resourceType() !== 'script') return;
    // A second use of a script this load already fetched (a preload, then the import) costs no bytes; a script
    // only ever from the cache would make the figure smaller than a first load's (checked at the end).
    if (response.fromCache()) {
      cached.add(url.href);
      return;
    }
    if (response.status() !== 200) {
      problems.push(`${url.pathname} answered ${response.status()}`);
      return;
    }
    fetched.add(url.href);
    const encoded = Number(response.headers()['content-length'] ?? Number.NaN);
    // The body as served, asked again from Node (no Accept-Encoding, so decoded): DevTools keeps no body for some
    // preloaded scripts, and a hashed asset's body does not change.
    sizes.push(
      fetch(url, { signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          if (res.status !== 200) throw new Error(`answered ${res.status} to Node`);
          return Buffer.from(await res.arrayBuffer());
        })
        .then(
          (body) => ({ gzipped: gzipSync(body).length, transferred: Number.isFinite(encoded) ? encoded : body.length }),
          (error: Error) => {
            problems.push(`${url.pathname} could not be read: ${error.message}`);
            return { gzipped: 0, transferred: 0 };
          },
        ),
    );
  };
  page.on('response', onResponse);
  try {
    await load();
  } finally {
    page.off('response', onResponse);
  }
  const all = await Promise.all(sizes);
  for (const href of cached) if (!fetched.has(href)) problems.push(`${new URL(href).pathname} came from the cache`);
  if (problems.length > 0) throw new BenchError(`Scripts not counted: ${problems.join('; ')}`);
  if (all.length === 0) throw new BenchError('The load fetched no script at all');
  return {
    gzipped: all.reduce((sum, s) => sum + s.gzipped, 0),
    transferred: all.reduce((sum, s) => sum + s.transferred, 0),
    scripts: all.length,
    apiCalls,
  };
}

export async function benchBytes(portal: Portal): Promise<{ checks: Check[]; lines: string[] }> {
  const { base, browser } = portal;
  // A context of its own: no storage, no cache shared with anything else.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const login = await record(page, async () => {
      await page.goto(`${base}/login`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.locator('input[name="username"]').wait();
    });
    await logInThroughForm(page, base);
    const dashboard = await record(page, async () => {
      await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.locator('h1').wait();
    });
    if (pathOf(page) !== '/dashboard') throw new BenchError(`The dashboard load ended at ${page.url()}`);

    const listed = new Set(
      dashboardCalls({ userId: 0, patientId: 0, facilityId: 0, themeId: 0, thumbnails: ['photo'] }).map(callShape),
    );
    const seen = [...new Set(dashboard.apiCalls.map(callShape))];
    const missing = seen.filter((shape) => !listed.has(shape));
    const unasked = [...listed].filter((shape) => !seen.includes(shape));
    const counts = new Map<string, number>();
    for (const call of dashboard.apiCalls) counts.set(call, (counts.get(call) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([call, n]) => `${callShape(call)} x${n}`);
    const lines = [
      `JavaScript: script responses of a load from an emptied cache, decoded and gzipped here (zlib default ` +
        `level); as transferred (the server's own encoding): login ${kb(login.transferred)} in ${login.scripts} ` +
        `scripts, dashboard ${kb(dashboard.transferred)} in ${dashboard.scripts}`,
      `Dashboard's API calls on a first load: ${seen.length} (${dashboard.apiCalls.length} requests)` +
        (missing.length > 0 ? `; NOT in the API part's dashboard mix: ${missing.join(', ')}` : '') +
        (unasked.length > 0 ? `; in the mix but not asked: ${unasked.join(', ')}` : '') +
        (repeated.length > 0 ? `; asked more than once: ${repeated.join(', ')}` : ''),
    ];
    const part = 'JavaScript';
    return {
      checks: [
        {
          part,
          subject: 'login page (logged out)',
          measured: `${kb(login.gzipped)} gzipped`,
          baseline: '-',
          target: `<= ${kb(LOGIN_MAX)}`,
          met: login.gzipped <= LOGIN_MAX,
        },
        {
          part,
          subject: 'dashboard (first load, logged in)',
          measured: `${kb(dashboard.gzipped)} gzipped`,
          baseline: '-',
          target: `<= ${kb(DASHBOARD_MAX)}`,
          met: dashboard.gzipped <= DASHBOARD_MAX,
        },
      ],
      lines,
    };
  } finally {
    await context.close();
  }
}
