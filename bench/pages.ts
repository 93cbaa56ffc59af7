// The pages part: Lighthouse 12 (mobile, simulated throttling: its defaults) on the production build, logged in
// through the real form for every page but the login page.
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { clearCache, logInThroughForm, pathOf, type Portal } from './portal';
import { BenchError, log } from './processes';
import { median, ms, type Check } from './report';

interface PageTarget {
  name: string;
  path: string;
  minScore: number;
  loggedIn: boolean;
}

const PAGES: PageTarget[] = [
  { name: 'login', path: '/login', minScore: 95, loggedIn: false },
  { name: 'dashboard', path: '/dashboard', minScore: 90, loggedIn: true },
  { name: 'test results', path: '/test-results', minScore: 90, loggedIn: true },
  { name: 'medical notes', path: '/medical-notes', minScore: 90, loggedIn: true },
  { name: 'messages', path: '/secure-messages', minScore: 90, loggedIn: true },
  { name: 'questionnaires', path: '/questionnaires', minScore: 90, loggedIn: true },
];
const MAX_CLS = 0.05;
const MAX_TBT_MS = 200;
const RUN_TIMEOUT_MS = 180_000;

interface PageRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

// Storage is kept (the session lives in the tab's sessionStorage); the HTTP cache is emptied before each run instead.
const FLAGS: Flags = {
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance'],
  disableStorageReset: true,
};

function numeric(result: RunnerResult, audit: string): number {
  const value = result.lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new BenchError(`Lighthouse gave no ${audit} for ${result.lhr.requestedUrl}`);
  return value;
}

/** Lighthouse's own "please run Lighthouse again" failures of a trace, not of the page. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_DCL', 'PROTOCOL_TIMEOUT']);
const ATTEMPTS = 3;

class RetryableError extends BenchError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

async function runLighthouse(
  tab: Page,
  url: string,
  wantedPath: string,
): Promise<{ run: PageRun; lhr: RunnerResult['lhr'] }> {
  // A tab in the background paints nothing (Lighthouse then fails with NO_FCP): the measured tab comes forward.
  await tab.bringToFront();
  await clearCache(tab);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new BenchError(`Lighthouse on ${url} took over ${RUN_TIMEOUT_MS / 1000} s`)),
      RUN_TIMEOUT_MS,
    );
  });
  const running = lighthouse(url, FLAGS, undefined, tab);
  // Past the timeout nobody waits for it any more: its late failure must not end the process.
  running.catch(() => {});
  const result = await Promise.race([running, timeout]).finally(() => clearTimeout(timer));
  if (!result) throw new BenchError(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    const failure = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    const { code } = lhr.runtimeError;
    throw RETRYABLE.has(code) ? new RetryableError(failure, code) : new BenchError(failure);
  }
  // A page that sent us to the login form measured the login form: worth nothing.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== wantedPath || pathOf(tab) !== wantedPath) {
    throw new BenchError(`Lighthouse asked for ${wantedPath} and measured ${landed}: the session was lost?`);
  }
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new BenchError(`Lighthouse gave no performance score for ${url}`);
  return {
    run: {
      score: Math.round(score * 100),
      lcp: numeric(result, 'largest-contentful-paint'),
      tbt: numeric(result, 'total-blocking-time'),
      cls: numeric(result, 'cumulative-layout-shift'),
    },
    lhr,
  };
}

/** A run Lighthouse failed to record is run again (from a blank tab), at most twice; the retries are reported. */
async function measure(tab: Page, url: string, wantedPath: string, retries: string[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(tab, url, wantedPath);
    } catch (error) {
      if (!(error instanceof RetryableError) || attempt >= ATTEMPTS) throw error;
      retries.push(`${wantedPath} ${error.code}`);
      log(`  ${error.message}: running it again`);
      await tab.goto('about:blank');
    }
  }
}

export async function benchPages(portal: Portal, runs: number): Promise<{ checks: Check[]; lines: string[] }> {
  const { base, browser } = portal;
  // The login page in a new tab each run (never logged in); every other page in one tab logged in through the form.
  const loggedIn = await browser.newPage();
  await logInThroughForm(loggedIn, base);
  const collected = new Map<string, PageRun[]>(PAGES.map((p) => [p.name, []]));
  let benchmarkIndex: number[] = [];
  let version = '';
  const retries: string[] = [];
  try {
    // Each round visits every page once, so a slow spell of the machine spreads over all pages.
    for (let round = 1; round <= runs; round++) {
      for (const target of PAGES) {
        const tab = target.loggedIn ? loggedIn : await browser.newPage();
        const { run, lhr } = await measure(tab, `${base}${target.path}`, target.path, retries).finally(async () => {
          if (tab !== loggedIn) await tab.close();
        });
        collected.get(target.name)!.push(run);
        benchmarkIndex = [...benchmarkIndex, lhr.environment.benchmarkIndex];
        version = lhr.lighthouseVersion;
        log(
          `  run ${round}/${runs} ${target.name.padEnd(15)} score ${String(run.score).padStart(3)}  LCP ${ms(run.lcp).padStart(8)}` +
            `  TBT ${ms(run.tbt).padStart(7)}  CLS ${run.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await loggedIn.close();
  }

  const checks: Check[] = [];
  for (const target of PAGES) {
    const pageRuns = collected.get(target.name)!;
    const score = median(pageRuns.map((r) => r.score));
    const lcp = median(pageRuns.map((r) => r.lcp));
    const tbt = median(pageRuns.map((r) => r.tbt));
    const cls = median(pageRuns.map((r) => r.cls));
    const part = 'Pages';
    checks.push(
      {
        part,
        subject: `${target.name} score`,
        measured: `${score} (LCP ${(lcp / 1000).toFixed(1)} s)`,
        baseline: '-',
        target: `>= ${target.minScore}`,
        met: score >= target.minScore,
      },
      {
        part,
        subject: `${target.name} TBT`,
        measured: ms(tbt),
        baseline: '-',
        target: `<= ${MAX_TBT_MS} ms`,
        met: tbt <= MAX_TBT_MS,
      },
      {
        part,
        subject: `${target.name} CLS`,
        measured: cls.toFixed(3),
        baseline: '-',
        target: `<= ${MAX_CLS}`,
        met: cls <= MAX_CLS,
      },
    );
  }
  return {
    checks,
    lines: [
      `Pages: Lighthouse ${version}, mobile, simulated throttling, median of ${runs} runs each (score, LCP, TBT, CLS ` +
        `each their own median), HTTP cache emptied before each run; Lighthouse benchmarkIndex ` +
        `${Math.round(median(benchmarkIndex))} (${Math.round(Math.min(...benchmarkIndex))}-${Math.round(Math.max(...benchmarkIndex))})`,
      ...(retries.length > 0
        ? [`Pages: ${retries.length} Lighthouse runs recorded no trace and ran again: ${retries.join('; ')}`]
        : []),
    ],
  };
}
