import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { type PlatformServer, startPlatformServer } from '../bench/support/platformServer';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

/**
 * `npm run screenshots`: pictures of the site for docs/ui.md, into docs/screenshots/. It builds
 * nothing: run `npm run build` first (it stops with a message when dist/ is missing).
 *
 * The real server runs in this process on a free loopback port, on in-memory PGlite with the
 * catalogue and the demo accounts (bench/support/platformServer.ts, serving dist/ as
 * `SERVE_STATIC` does), so nothing is left behind. Chromium is Playwright's driver on
 * CHROMIUM_PATH or /usr/bin/chromium with the shared arguments (scripts/chromium.ts). Each page is
 * taken at 390×844 and 1440×900, viewport only (the home page also full-page at 390): the home
 * page as a guest, the slots list, player1's member centre (transaction history) and agent1's
 * back office, both logged in through the UI. Before each shot the page's h1 is waited for, and
 * for nothing to be `aria-busy`; CSS animations are stopped for the shot.
 */

const OUT_DIR = path.resolve('docs/screenshots');
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const TIMEOUT_MS = 20_000;
const PASSWORD = 'Passw0rd!';

const saved: string[] = [];

/** Closes any alertdialog (notices, welcome): its first button, else Escape. */
async function dismissDialogs(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  for (let i = 0; i < 3; i += 1) {
    const shown = await dialog
      .first()
      .waitFor({ state: 'visible', timeout: i === 0 ? 1_500 : 500 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    const button = dialog.first().getByRole('button').first();
    if ((await button.count()) > 0) await button.click();
    else await page.keyboard.press('Escape');
    await dialog
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .catch(() => undefined);
  }
}

/** Closes the toasts on screen (e.g. "Welcome back"), which would cover the header. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByTestId('toasts').locator('.toast-close');
  for (let i = 0; i < 5 && (await close.count()) > 0; i += 1) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/** The page's h1 on screen, nothing `aria-busy`, no toast, fonts and images in. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await dismissToasts(page);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => !image.complete && image.loading !== 'lazy')
        .map((image) => new Promise((resolve) => image.addEventListener('loadend', resolve))),
    );
  });
  // Let the last layout (lazy chunks, a transition) land.
  await page.waitForTimeout(300);
}

/** Scrolls to the bottom and back so lazy images load, and waits for them. */
async function loadLazyImages(page: Page): Promise<void> {
  const { height, step } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    step: Math.max(200, window.innerHeight - 100),
  }));
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images]
        .filter((image) => !image.complete)
        .map((image) => new Promise((resolve) => image.addEventListener('loadend', resolve))),
    );
  });
  await page.waitForTimeout(300);
}

async function shoot(page: Page, name: string, width: number, fullPage = false): Promise<void> {
  await settled(page);
  const file = path.join(OUT_DIR, `${name}-${width}.png`);
  // Chromium's full-page size counts content clipped inside scrollers (the banner's slides,
  // the notice ticker), which widens the picture past the page: keep it to the viewport width.
  const clip = fullPage
    ? await (async () => {
        await loadLazyImages(page);
        return page.evaluate(() => ({
          x: 0,
          y: 0,
          width: document.documentElement.clientWidth,
          height: document.documentElement.scrollHeight,
        }));
      })()
    : undefined;
  await page.screenshot({
    path: file,
    fullPage,
    clip,
    animations: 'disabled',
    caret: 'hide',
    // A full-page picture is taken in one piece: the fixed bottom bar would sit mid-page.
    style: fullPage ? '.bottom-nav { position: static !important; }' : undefined,
  });
  saved.push(path.relative(process.cwd(), file));
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  return { context, page };
}

async function playerShots(browser: Browser, server: PlatformServer, width: number) {
  const viewport = WIDTHS.find((size) => size.width === width)!;
  const { context, page } = await newPage(browser, viewport);
  try {
    await page.goto(`${server.url}/`);
    await dismissDialogs(page);
    await shoot(page, 'home', width);
    if (width === 390) await shoot(page, 'home-full', width, true);

    await page.goto(`${server.url}/rng`);
    await dismissDialogs(page);
    await shoot(page, 'rng', width);

    // player1 logs in through the header's popup, then opens the transaction history.
    await page.goto(`${server.url}/`);
    await page.getByTestId('open-login').click();
    const popup = page.locator('dialog[data-modal="login"]');
    await popup.getByLabel('Username').fill('player1');
    await popup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await popup.getByTestId('login-submit').click();
    await page.getByTestId('account-menu').waitFor({ state: 'visible' });
    await dismissDialogs(page);
    await page.goto(`${server.url}/member/transactionHistory`);
    await dismissDialogs(page);
    await shoot(page, 'member-transactions', width);
  } finally {
    await context.close();
  }
}

async function agentShots(browser: Browser, server: PlatformServer, width: number) {
  const viewport = WIDTHS.find((size) => size.width === width)!;
  const { context, page } = await newPage(browser, viewport);
  try {
    await page.goto(`${server.url}/agent`);
    await page.getByLabel('Username').fill('agent1');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/agentHome$/);
    await dismissDialogs(page);
    await shoot(page, 'agent-home', width);
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const staticDir = path.resolve('dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    console.error(
      'dist/index.html is missing: this script builds nothing, run `npm run build` first',
    );
    return 1;
  }
  const executablePath = chromiumPath() ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.error(`no Chromium at ${executablePath} (set CHROMIUM_PATH)`);
    return 1;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startPlatformServer({ staticDir });
  let browser: Browser | undefined;
  try {
    console.log(`platform on ${server.url}; screenshots into docs/screenshots/`);
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    for (const { width } of WIDTHS) {
      // Logins are throttled to one a second per address and account: the two widths'
      // logins of the same account are far enough apart.
      await playerShots(browser, server, width);
      await agentShots(browser, server, width);
    }
    console.log(`${saved.length} screenshots`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  } finally {
    await browser?.close();
    await server.close();
  }
}

process.exitCode = await main();
