import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Flags, Result, RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { SESSION_KEYS } from '../src/shared/identity';
import { loginToken, startPlatformServer } from './support/platformServer';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';

/**
 * Lighthouse 12 on the built site: the real server in this process (in-memory PGlite with the
 * demo accounts, serving dist/ as `SERVE_STATIC` does) and Lighthouse's default mobile run
 * (Moto G Power emulation, simulated throttling: slow 4G, 4× CPU slowdown) of the performance
 * and accessibility categories on three pages: the home page and the PG slots list as a guest,
 * and the member centre logged in as player1.
 *
 * Each page gets a Chromium of its own (chrome-launcher, a fresh profile, so nothing is cached
 * between pages). Lighthouse drives a puppeteer-core page (puppeteer-core comes with
 * lighthouse). For the member centre the token is fetched from the API (`loginToken`, as the
 * other bench parts log in), written into the tab's sessionStorage on a same-origin page that
 * loads nothing (/robots.txt), the cache is cleared, and Lighthouse runs with
 * `disableStorageReset` so the token stays; the site reads it at start-up as after a login.
 */

export const TARGETS = { performance: 90, accessibility: 100, lcpMs: 2_500, cls: 0.05 };

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const REPORT_DIR = path.resolve('.bench');
/** Per page; the default (45 s) would let three pages overrun the part's ~3 minutes. */
const MAX_WAIT_FOR_LOAD_MS = 30_000;

export interface LighthousePage {
  label: string;
  path: string;
  /** Set when the page could not be measured; the figures below are then absent. */
  skipped?: string;
  /** 0–100 (Lighthouse's 0–1 × 100), null when Lighthouse could not score the category. */
  performance?: number | null;
  accessibility?: number | null;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  /** Bytes over the wire (as transferred, compressed), Lighthouse's total-byte-weight. */
  transferBytes?: number;
  requests?: number;
  /** content-encoding of the page's scripts and stylesheets, as served (e.g. `br`). */
  encodings?: string[];
  /** Accessibility audits that did not pass. */
  failedA11y?: { id: string; title: string; items: number }[];
  /** Main-thread long tasks (over 50 ms, as observed, before the simulated slowdown). */
  longTasks?: number;
  /** The scripts that kept the main thread busiest (bootup-time): file name and ms of script. */
  busiestScripts?: { file: string; scriptingMs: number }[];
  /** Lighthouse's CPU yardstick for this machine (higher is faster). */
  benchmarkIndex?: number;
  /** Lighthouse's own warnings for the run (e.g. the page did not settle in time). */
  warnings?: string[];
  /**
   * Chromium's installability check of the web app (issue 16) on the audited page: the errors
   * of `Page.getInstallabilityErrors`, what Lighthouse's installable-manifest audit reported
   * until Lighthouse 12 removed it; empty when the site can be installed. Printed only.
   */
  installability?: string[];
}

export interface LighthouseFigures {
  skipped?: string;
  pages: LighthousePage[];
  elapsedMs: number;
}

const PAGES: { label: string; path: string; member?: string }[] = [
  { label: 'home, guest', path: '/' },
  { label: 'PG slots list, guest', path: '/rng?vassalage=PG' },
  { label: 'member centre, player1', path: '/member', member: 'player1' },
];

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue;
const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

interface NetworkRequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

interface BootupItem {
  url: string;
  scripting: number;
}

/** The encodings of scripts and stylesheets, from the devtools log's response headers. */
function encodingsOf(result: RunnerResult): string[] {
  const found = new Set<string>();
  for (const entry of result.artifacts.DevtoolsLog ?? []) {
    if (entry.method !== 'Network.responseReceived') continue;
    const { type, response } = entry.params;
    if (type !== 'Script' && type !== 'Stylesheet' && type !== 'Document') continue;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    found.add(`${type.toLowerCase()}: ${headers['content-encoding'] ?? 'none'}`);
  }
  return [...found].sort();
}

function figuresOf(result: RunnerResult): Omit<LighthousePage, 'label' | 'path'> {
  const { lhr } = result;
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Result['audits'][string] =>
        audit !== undefined &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.score !== null &&
        audit.score < 1,
    )
    .map((audit) => {
      const details = audit.details as { items?: unknown[] } | undefined;
      return { id: audit.id, title: audit.title, items: details?.items?.length ?? 0 };
    });
  const bootup = (lhr.audits['bootup-time']?.details as { items?: BootupItem[] } | undefined)
    ?.items;
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: unknown[] } | undefined)?.items;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] })
    ?.items;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    requests: requests?.length,
    encodings: encodingsOf(result),
    failedA11y,
    longTasks: longTasks?.length ?? 0,
    busiestScripts: (bootup ?? [])
      .filter((item) => item.url.startsWith('http') && item.scripting >= 50)
      .sort((a, b) => b.scripting - a.scripting)
      .slice(0, 3)
      .map((item) => ({ file: new URL(item.url).pathname, scriptingMs: item.scripting })),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

/** Chromium's reasons the page's app cannot be installed (none: it can); undefined if unknown. */
async function installabilityErrors(tab: Page): Promise<string[] | undefined> {
  try {
    const cdp = await tab.createCDPSession();
    try {
      const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
      return errors.map((error) =>
        [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
      );
    } finally {
      await cdp.detach();
    }
  } catch {
    return undefined;
  }
}

export async function auditPage(
  origin: string,
  page: (typeof PAGES)[number],
  executablePath: string,
  token: string | undefined,
): Promise<LighthousePage> {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const tab = await browser.newPage();
      if (token) {
        // A same-origin document that loads nothing, so only the token is left behind.
        await tab.goto(`${origin}/robots.txt`);
        await tab.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
          SESSION_KEYS.token,
          token,
        ] as const);
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const flags: Flags = {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
        // Guests get Lighthouse's usual reset; the member keeps the token put in above.
        disableStorageReset: token !== undefined,
      };
      const result = await lighthouse(`${origin}${page.path}`, flags, undefined, tab);
      if (!result) return { label: page.label, path: page.path, skipped: 'no result' };
      if (result.lhr.runtimeError)
        return {
          label: page.label,
          path: page.path,
          skipped: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`,
        };
      const figures = figuresOf(result);
      figures.installability = await installabilityErrors(tab);
      // The whole report, for a look at what a figure is made of (gitignored).
      await mkdir(REPORT_DIR, { recursive: true });
      await writeFile(
        path.join(REPORT_DIR, `lighthouse-${page.path.replace(/[^a-z0-9]+/gi, '_')}.json`),
        JSON.stringify(result.lhr),
      );
      if (token && !result.lhr.finalDisplayedUrl.includes('/member'))
        figures.warnings = [
          ...(figures.warnings ?? []),
          `ended on ${result.lhr.finalDisplayedUrl}, not the member centre: the session was not kept`,
        ];
      return { label: page.label, path: page.path, ...figures };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

export async function measureLighthouse(): Promise<LighthouseFigures> {
  const started = performance.now();
  const figures: LighthouseFigures = { pages: [], elapsedMs: 0 };
  const staticDir = path.resolve('dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    figures.skipped = 'run npm run build first';
    return figures;
  }
  const executablePath = chromiumPath() ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    figures.skipped = `no Chromium at ${executablePath} (set CHROMIUM_PATH)`;
    return figures;
  }
  const server = await startPlatformServer({ staticDir });
  try {
    for (const page of PAGES) {
      try {
        const token = page.member ? await loginToken(server, page.member) : undefined;
        let audited = await auditPage(server.url, page, executablePath, token);
        // Lighthouse now and then loses the trace of a load (NO_NAVSTART); a second try is fair.
        if (audited.skipped?.startsWith('NO_NAVSTART'))
          audited = await auditPage(server.url, page, executablePath, token);
        figures.pages.push(audited);
      } catch (error) {
        figures.pages.push({
          label: page.label,
          path: page.path,
          skipped: error instanceof Error ? error.message.split('\n')[0] : String(error),
        });
      }
    }
  } finally {
    await server.close();
  }
  figures.elapsedMs = performance.now() - started;
  return figures;
}
