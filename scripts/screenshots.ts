import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { format, resolveConfig } from 'prettier';
import {
  bearer,
  call,
  loginToken,
  type PlatformServer,
  startPlatformServer,
} from '../bench/support/platformServer';
import { addStaff } from '../server/domain/chat/staff';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import {
  ACTION_TEXTS,
  pictureNames,
  TOUR_PAGES,
  TOUR_SCHEMES,
  TOUR_WIDTHS,
  type TourAction,
  type TourPage,
  type TourRole,
} from './screenshotPages';

/**
 * `npm run screenshots`: a screenshot tour of every page (scripts/screenshotPages.ts) at 390×844
 * and 1440×900, in light and dark, into docs/screenshots/ as `<page>-<width>-<scheme>.jpg`
 * (viewport only, JPEG quality 60), with docs/screenshots/README.md listing them. It builds
 * nothing: run `npm run build` first (it stops with a message when dist/ is missing).
 *
 * The real server runs in this process on a free loopback port, on in-memory PGlite with the
 * catalogue and the demo accounts (bench/support/platformServer.ts, serving dist/ as
 * `SERVE_STATIC` does), so nothing is left behind. One Chromium (scripts/chromium.ts); per role
 * and width one browser context, logged in once through the UI (player1, agent1, support1, and
 * a back-office account made here with every staff role and two-factor sign-in set up), which
 * takes the light pages and then, with the device's scheme switched to dark and the page
 * reloaded, the dark ones. Pages are reached by client-side navigation, as a click on a link
 * does; after a page that went wrong the next one is loaded afresh. Before the agent's pages,
 * agent1 offers agent2 a contract of each type, which agent2 accepts: the salary and dividend
 * pages show only with one in effect. `--only <regular expression>` retakes some pages.
 *
 * Not in the tour (the unit test holds the list to the route tables): the design system's
 * gallery (/dev/ui, development tools only), the addresses that are another's alias (/home,
 * /member, /agentHome…), and the back office's first sign-in (two-factor set-up: the account is
 * set up through the API).
 *
 * It never hangs: every wait is bounded, and a page that does not settle (no heading, still
 * loading, images not in) is still taken, its picture listed with the reason. Pop-ups in the way
 * (the welcome pop-up, notices, the after-login board, dialogs, toasts) are closed by their
 * close button, "Got it" or Escape, else closed by force, and named in the notes. A failure on
 * one page is reported and the tour goes on. Exit code 1 when a picture could not be taken.
 */

const OUT_DIR = path.resolve('docs/screenshots');
const PASSWORD = 'Passw0rd!';
/** The longest any one Playwright action or wait may take. */
const ACTION_MS = 8_000;
/** A page's whole turn (navigation, settling, pop-ups, the picture), whatever happens. */
const SHOT_CAP_MS = 45_000;
const JPEG_QUALITY = 60;
/** Closed before each picture and hidden in it: they come and go (noted when present). */
const HIDE_IN_PICTURE = '.toasts { visibility: hidden !important; }';

interface Shot {
  page: TourPage;
  width: number;
  scheme: string;
  file: string;
  ms: number;
  /** Why the page did not settle (it was taken anyway). */
  unsettled: string[];
  /** What the page showed that a reviewer should know: pop-ups closed, toasts, wide pages. */
  notes: string[];
  /** The picture could not be taken. */
  failed?: string;
}

/**
 * `npm run screenshots -- --only <regular expression>`: only the pages whose id matches, to look
 * at a page again; the other pictures and the README stay as they are.
 */
const only = (() => {
  const at = process.argv.indexOf('--only');
  return at > 0 && process.argv[at + 1] ? new RegExp(process.argv[at + 1]!) : null;
})();
const tourPages = TOUR_PAGES.filter((page) => !only || only.test(page.id));

const shots: Shot[] = [];
/** What went wrong in preparing the tour (listed with the summary and in the README). */
const setupProblems: string[] = [];
const total = tourPages.reduce((sum, page) => sum + pictureNames(page).length, 0);

/** Top-level keys of the English texts: "games.rng" on screen is a text never translated. */
const rawKey = (() => {
  const namespaces = ['src/i18n/locales/en.json', 'src/i18n/locales/sections/en.json'].flatMap(
    (file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object),
  );
  return new RegExp(
    `\\b(?:${namespaces.join('|')})\\.[a-zA-Z][a-zA-Z0-9_]*(?:\\.[a-zA-Z0-9_]+)*\\b`,
  );
})();

/** The loading line's English text ("Loading…"), which some placeholders show without aria-busy. */
const LOADING_TEXT = (
  JSON.parse(readFileSync('src/i18n/locales/en.json', 'utf8')) as { common: { loading: string } }
).common.loading;

/**
 * In the page: nothing says it is still loading: no `aria-busy`, no section placeholder, no
 * spinner (a busy button's small one aside) or "Loading…" status line on screen, no popup
 * fading out, no frame still loading.
 */
function nothingLoading(loadingText: string): boolean {
  if (
    document.querySelector(
      '[aria-busy="true"], .section-loading, dialog.modal[data-visible="false"]',
    )
  ) {
    return false;
  }
  const shown = (element: Element) => element.getClientRects().length > 0;
  const spinning = [...document.querySelectorAll('.spinner:not(.small)')].some(shown);
  const saying = [...document.querySelectorAll('[role="status"]')].some(
    (element) => shown(element) && element.textContent?.trim() === loadingText,
  );
  // A frame of this site still loading its page (its own content is looked at in it).
  const framing = [...document.querySelectorAll('iframe')].some((frame) => {
    try {
      return frame.contentDocument !== null && frame.contentDocument.readyState !== 'complete';
    } catch {
      return false;
    }
  });
  return !spinning && !saying && !framing;
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160);

/** `promise`, or a rejection after `ms` (a page's script may never answer an evaluate). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Runs `step`; on failure, or after `ms`, adds `reason` (and the error) to `into` instead. */
async function bounded(into: string[], reason: string, ms: number, step: () => Promise<unknown>) {
  try {
    await within(step(), ms, reason);
  } catch (error) {
    into.push(`${reason} (${message(error)})`);
  }
}

/** Client-side navigation (what a click on a link does), or a load when `fresh`. */
async function visit(page: Page, server: PlatformServer, to: string, fresh: boolean) {
  if (fresh || !page.url().startsWith(server.url)) {
    await page.goto(server.url + to, { waitUntil: 'domcontentloaded', timeout: 15_000 });
    return;
  }
  await within(
    page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to),
    ACTION_MS,
    'navigation',
  );
}

/**
 * Waits, each wait bounded, for: a heading, nothing `aria-busy` or loading, no popup fading
 * out, the fonts and the images on screen in. Answers why it did not settle (empty: settled).
 */
async function settle(page: Page, waitMs = 6_000): Promise<string[]> {
  const reasons: string[] = [];
  await bounded(reasons, 'no h1 on screen', waitMs + 500, () =>
    page.locator('h1').first().waitFor({ state: 'visible', timeout: waitMs }),
  );
  // The page and the frames in it (a game's), quiet in two looks 250 ms apart (a frame or a
  // lazy part may come just after the first; the last layout lands meanwhile).
  const deadline = Date.now() + waitMs;
  let quietSince: number | null = null;
  for (;;) {
    const quiet = await Promise.all(
      page
        .frames()
        .map((frame) =>
          within(frame.evaluate(nothingLoading, LOADING_TEXT), 2_000, 'loading').catch(() => false),
        ),
    ).then((answers) => answers.every(Boolean));
    if (quiet) quietSince ??= Date.now();
    else quietSince = null;
    if (quietSince !== null && Date.now() - quietSince >= 250) break;
    if (Date.now() > deadline) {
      reasons.push(`still loading after ${waitMs / 1000} s`);
      break;
    }
    await page.waitForTimeout(100);
  }
  try {
    const media = await within(
      page.evaluate(async () => {
        // Seen: some of it inside the window and inside every scroller or clipping box around
        // it (a carousel's next slide, lazy, is in the window but clipped).
        const onScreen = (image: HTMLImageElement) => {
          const box = image.getBoundingClientRect();
          let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
          for (let up = image.parentElement; up; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const clip = up.getBoundingClientRect();
            [left, top] = [Math.max(left, clip.left), Math.max(top, clip.top)];
            [right, bottom] = [Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
          }
          [left, top] = [Math.max(left, 0), Math.max(top, 0)];
          [right, bottom] = [
            Math.min(right, window.innerWidth),
            Math.min(bottom, window.innerHeight),
          ];
          return right - left > 1 && bottom - top > 1;
        };
        const waiting = [...document.images].filter((image) => !image.complete && onScreen(image));
        const arrived = Promise.all([
          document.fonts.ready,
          ...waiting.map(
            (image) =>
              new Promise((resolve) => {
                // An <img> fires load or error, never loadend.
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', resolve, { once: true });
              }),
          ),
        ]).then(() => true);
        const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000));
        const inTime = await Promise.race([arrived, late]);
        return {
          inTime,
          waiting: waiting
            .filter((image) => !image.complete)
            .map((image) => image.getAttribute('src') ?? '')
            .slice(0, 3),
          broken: [...document.images]
            .filter((image) => image.complete && image.naturalWidth === 0 && onScreen(image))
            .map((image) => image.getAttribute('src') ?? '')
            .slice(0, 3),
        };
      }),
      4_000,
      'images',
    );
    if (!media.inTime)
      reasons.push(`image(s) on screen not in after 3 s: ${media.waiting.join(', ')}`);
    if (media.broken.length > 0) reasons.push(`broken image(s): ${media.broken.join(', ')}`);
  } catch (error) {
    reasons.push(`fonts and images unknown (${message(error)})`);
  }
  return reasons;
}

/**
 * Closes every open `<dialog>` but the one `keep` selects, top one first: its close button,
 * "Got it" and the like, else Escape, else `close()` by force. Answers what it closed.
 */
async function dismissPopups(page: Page, keep?: string): Promise<string[]> {
  const closed: string[] = [];
  for (let round = 0; round < 6; round += 1) {
    const found = await within(
      page.evaluate((kept) => {
        for (const marked of document.querySelectorAll('[data-tour-dismiss]')) {
          marked.removeAttribute('data-tour-dismiss');
        }
        const open = [...document.querySelectorAll('dialog[open]')].filter(
          (dialog) => !(kept && dialog.matches(kept)),
        );
        const top = open[open.length - 1];
        if (!top) return null;
        top.setAttribute('data-tour-dismiss', '');
        const name =
          top.getAttribute('data-modal') ??
          top.getAttribute('aria-label') ??
          top.getAttribute('role') ??
          top.className;
        const title = top.querySelector('h2')?.textContent?.trim() ?? '';
        return title && title !== name ? `${name} "${title.slice(0, 60)}"` : name;
      }, keep),
      ACTION_MS,
      'finding pop-ups',
    );
    if (found === null) break;
    const dialog = page.locator('dialog[data-tour-dismiss]');
    const gone = () =>
      page
        .waitForFunction(
          () => {
            const marked = document.querySelector('dialog[data-tour-dismiss]');
            return !marked || !(marked as HTMLDialogElement).open;
          },
          null,
          { timeout: 2_000, polling: 50 },
        )
        .then(
          () => true,
          () => false,
        );
    const candidates = [
      dialog.locator('.modal-close'),
      dialog.getByRole('button', {
        name: /^(got it|close|ok|cancel|not now|later|dismiss|no, thanks|continue)$/i,
      }),
      dialog.locator('.drawer-top button'),
    ];
    let done = false;
    for (const candidate of candidates) {
      const button = candidate.first();
      if (!(await button.isVisible().catch(() => false))) continue;
      await button.click({ timeout: 2_000 }).catch(() => undefined);
      done = await gone();
      if (done) break;
    }
    if (!done) {
      await page.keyboard.press('Escape').catch(() => undefined);
      done = await gone();
    }
    if (!done) {
      await within(
        page.evaluate(() =>
          (
            document.querySelector('dialog[data-tour-dismiss]') as HTMLDialogElement | null
          )?.close(),
        ),
        ACTION_MS,
        'closing a pop-up',
      ).catch(() => undefined);
      closed.push(`${found} (would not close: closed by force)`);
    } else {
      closed.push(found);
    }
  }
  // A modal fading out would be half in the picture.
  await page
    .waitForFunction(() => !document.querySelector('dialog.modal[data-visible="false"]'), null, {
      timeout: 1_000,
    })
    .catch(() => undefined);
  return closed;
}

/** Closes the toasts on screen ("Welcome back", a failure), answering their texts. */
async function dismissToasts(page: Page): Promise<string[]> {
  const toasts = page.getByTestId('toasts').locator('.toast');
  const texts = await within(toasts.allInnerTexts(), ACTION_MS, 'toasts').catch(() => []);
  const close = page.getByTestId('toasts').locator('.toast-close');
  for (let i = 0; i < 5 && (await close.count().catch(() => 0)) > 0; i += 1) {
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** What a reviewer should know and cannot always see: a page wider than the screen, raw keys. */
async function inspect(page: Page): Promise<string[]> {
  const found = await within(
    page.evaluate(() => {
      const root = document.documentElement;
      // The audit trail lists its actions by name ("announcements.list"): not texts.
      const actions = [...document.querySelectorAll('[data-testid="audit-list"]')].map(
        (list) => (list as HTMLElement).innerText,
      );
      return {
        wide: root.scrollWidth - root.clientWidth,
        text: actions.reduce((text, list) => text.replace(list, ''), document.body.innerText),
      };
    }),
    ACTION_MS,
    'inspecting the page',
  ).catch(() => null);
  if (!found) return [];
  const notes: string[] = [];
  if (found.wide > 0) notes.push(`the page scrolls sideways by ${found.wide} px`);
  const key = found.text.match(rawKey);
  if (key) notes.push(`a raw text key on the page: "${key[0]}"`);
  return notes;
}

/** The step after the page settles: a popup, a menu or a chat opened, each bounded. */
const ACTIONS: Record<TourAction, (page: Page) => Promise<void>> = {
  async forgotPassword(page) {
    await page.getByTestId('open-login').click();
    await page.locator('dialog[data-modal="login"]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Forgot password?' }).click();
  },
  async notices(page) {
    await page.getByTestId('notice-marquee-button').click();
  },
  async menuDrawer(page) {
    await page.getByTestId('menu-toggle').click();
  },
  async guestChat(page) {
    await page.waitForURL(/\/chat\/[A-Za-z0-9_-]+$/);
    const chat = page.getByTestId('player-chat');
    await chat.waitFor({ state: 'visible' });
    if ((await chat.getByTestId('chat-message').count()) === 0) {
      await chat.getByRole('textbox', { name: 'Message' }).fill('Hello, is anyone there?');
      await chat.getByRole('button', { name: 'Send' }).click();
    }
    await chat.getByTestId('chat-receipt').first().waitFor({ state: 'visible' });
  },
  async accountMenu(page) {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('sign-out').waitFor({ state: 'visible' });
  },
  async changePassword(page) {
    await page.getByTestId('change-password').click();
  },
  async slotGame(page) {
    await page
      .getByTestId('game-grid')
      .getByTestId('game-card')
      .first()
      .getByRole('button', { name: 'Play now' })
      .click();
    await page
      .frameLocator('dialog[data-modal="game"] iframe')
      .getByTestId('spin')
      .waitFor({ state: 'visible' });
  },
  async vendorGames(page) {
    await page
      .getByTestId('game-grid')
      .getByTestId('game-card')
      // A vendor's card has no heart (favourites are games).
      .filter({ hasNot: page.getByTestId('favourite-toggle') })
      .first()
      .getByRole('button', { name: 'Play now' })
      .click();
    await page
      .locator('dialog[data-modal="vendor-games"] [data-testid="game-card"]')
      .first()
      .waitFor({ state: 'visible' });
  },
  async agentMenu(page) {
    await page.getByTestId('agent-menu-toggle').click();
  },
  async supportChat(page) {
    await page.getByTestId('support-room').first().click();
    await page.getByTestId('support-pane').first().waitFor({ state: 'visible' });
  },
};

/** One picture: the page reached, settled, cleared of pop-ups, its action done, taken. */
async function takeShot(
  page: Page,
  server: PlatformServer,
  tour: TourPage,
  shot: Shot,
  fresh: boolean,
) {
  await visit(page, server, tour.path, fresh);
  shot.unsettled.push(...(await settle(page)));
  const closed = await dismissPopups(page, tour.action ? undefined : tour.dialog);
  if (tour.action) {
    await bounded(shot.unsettled, `${tour.action} did not open`, ACTION_MS * 2, () =>
      ACTIONS[tour.action!](page),
    );
    shot.unsettled.push(...(await settle(page, 3_000)).map((reason) => `then ${reason}`));
    closed.push(...(await dismissPopups(page, tour.dialog)));
  }
  if (tour.dialog) {
    await bounded(shot.unsettled, `no ${tour.dialog} on screen`, ACTION_MS, () =>
      page.locator(tour.dialog!).last().waitFor({ state: 'visible', timeout: 5_000 }),
    );
  }
  const toasts = await dismissToasts(page);
  if (closed.length > 0) shot.notes.push(`closed: ${closed.join('; ')}`);
  if (toasts.length > 0) shot.notes.push(`toasts (closed): ${toasts.join('; ')}`);
  shot.notes.push(...(await inspect(page)));
  await page.screenshot({
    path: path.join(OUT_DIR, shot.file),
    type: 'jpeg',
    quality: JPEG_QUALITY,
    animations: 'disabled',
    caret: 'hide',
    style: HIDE_IN_PICTURE,
    timeout: 15_000,
  });
}

interface RoleSession {
  context: BrowserContext;
  page: Page;
  /** Why the login did not work (the pages are taken anyway, showing what there is). */
  loginProblem: string | null;
}

async function retried<T>(times: number, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= times) throw error;
      // Logins are limited to one a second per address and account.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
  }
}

async function logInPlayer(page: Page, server: PlatformServer) {
  await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
  await settle(page);
  await dismissPopups(page);
  await page.getByTestId('open-login').click();
  const popup = page.locator('dialog[data-modal="login"]');
  await popup.getByLabel('Username').fill('player1');
  await popup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await popup.getByTestId('login-submit').click();
  await page.getByTestId('account-menu').waitFor({ state: 'visible', timeout: 15_000 });
}

async function logInAgent(page: Page, server: PlatformServer) {
  await page.goto(`${server.url}/agent`, { waitUntil: 'domcontentloaded' });
  await settle(page);
  // The welcome pop-up shows over the agent's login too.
  await dismissPopups(page);
  await page.getByLabel('Username').fill('agent1');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/agentHome$/, { timeout: 15_000 });
}

async function staffForm(
  page: Page,
  server: PlatformServer,
  where: string,
  name: string,
  password = PASSWORD,
) {
  await page.goto(`${server.url}${where}`, { waitUntil: 'domcontentloaded' });
  const form = page.getByTestId('support-login');
  await form.getByLabel('Staff name').fill(name);
  await form.getByLabel('Password').fill(password);
  return form;
}

async function logInSupport(page: Page, server: PlatformServer) {
  const form = await staffForm(page, server, '/support', 'support1');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('support-console').waitFor({ state: 'visible', timeout: 15_000 });
}

async function api<T>(server: PlatformServer, url: string, body: unknown, token?: string) {
  const response = await fetch(server.url + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value: unknown; code?: string };
  if (!envelope.success) throw new Error(`${url}: ${envelope.code ?? response.status}`);
  return envelope.value as T;
}

/**
 * A staff account with every role, made here (as `npm run ops -- support add` does, with its
 * generated password), two-factor sign-in set up through the API as a first session does; then
 * signed in to the back office with the next step's code (a code works once).
 */
async function logInBackOffice(page: Page, server: PlatformServer, width: number) {
  const name = `tour${width}`;
  const made = await addStaff(server.deps.db, {
    name,
    displayName: 'Tour',
    roles: ['admin', 'finance', 'marketing', 'risk', 'support'],
  });
  const { password } = made;
  const { token } = await api<{ token: string }>(server, '/wps/support/session', {
    name,
    password,
  });
  const { secret } = await api<{ secret: string }>(
    server,
    '/wps/support/two-factor/setup',
    {},
    token,
  );
  await api(server, '/wps/support/two-factor/confirm', { code: await generate({ secret }) }, token);
  const form = await staffForm(page, server, '/backoffice', name, password);
  await form.getByRole('button', { name: 'Log in' }).click();
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await form.getByLabel('Code').fill(next);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByTestId('back-office')
    .getByRole('button', { name: 'Log out' })
    .waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * The demo data has no contract in effect, and the agent back office shows its salary and
 * dividend pages only with one: agent1 offers agent2 one contract of each type, which agent2
 * accepts (the calls the two back offices make). Answers what went wrong, or null.
 */
async function contractsInEffect(server: PlatformServer): Promise<string | null> {
  const terms = { activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' };
  const offers = [
    { contractType: 'realTimeSalary', rate: '1.00' },
    { contractType: 'hourlySalary', rate: '1.00' },
    { contractType: 'dailySalary', rate: '1.00' },
    { contractType: 'dividend', rate: '20.00' },
  ];
  try {
    const upline = bearer(await loginToken(server, 'agent1'));
    const downline = bearer(await loginToken(server, 'agent2'));
    for (const { contractType, rate } of offers) {
      const offered = await call(server, '/wps/agent/contracts', {
        method: 'POST',
        headers: upline,
        json: { action: 'offer', contractType, downline: 'agent2', terms: { ...terms, rate } },
      });
      if (!offered.body.success) throw new Error(`offer ${contractType}: ${offered.body.code}`);
      const contractId = (offered.body.value as { id: string }).id;
      const accepted = await call(server, '/wps/agent/contracts', {
        method: 'POST',
        headers: downline,
        json: { action: 'accept', contractId },
      });
      if (!accepted.body.success) throw new Error(`accept ${contractType}: ${accepted.body.code}`);
    }
    return null;
  } catch (error) {
    return `no contracts in effect, the salary pages show "not available" (${message(error)})`;
  }
}

const LOGINS: Record<
  TourRole,
  (page: Page, server: PlatformServer, width: number) => Promise<void>
> = {
  guest: async (page, server) => {
    await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
  },
  player: (page, server) => retried(3, () => logInPlayer(page, server)),
  agent: (page, server) => retried(3, () => logInAgent(page, server)),
  support: (page, server) => retried(3, () => logInSupport(page, server)),
  backOffice: logInBackOffice,
};

async function openRole(
  browser: Browser,
  server: PlatformServer,
  role: TourRole,
  viewport: { width: number; height: number },
): Promise<RoleSession> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
    colorScheme: 'light',
  });
  // tsx names the functions it compiles with a helper (`__name`) the page has not got: the
  // functions run in the page (evaluate) find it there.
  await context.addInitScript({ content: 'window.__name = (target) => target;' });
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_MS);
  page.setDefaultNavigationTimeout(15_000);
  let loginProblem: string | null = null;
  const started = Date.now();
  try {
    await within(LOGINS[role](page, server, viewport.width), 60_000, `${role} login`);
    console.warn(`${role} at ${viewport.width}: in after ${seconds(Date.now() - started)}`);
  } catch (error) {
    loginProblem = `${role} login failed: ${message(error)}`;
    console.error(`  ${loginProblem}`);
  }
  return { context, page, loginProblem };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Every page of `role` at `viewport`'s width, light then dark, in one logged-in context. */
async function tourRole(
  browser: Browser,
  server: PlatformServer,
  role: TourRole,
  viewport: { width: number; height: number },
) {
  const pages = tourPages.filter(
    (page) => page.role === role && (!page.widths || page.widths.includes(viewport.width)),
  );
  if (pages.length === 0) return;
  const session = await openRole(browser, server, role, viewport);
  try {
    for (const scheme of TOUR_SCHEMES) {
      await session.page.emulateMedia({ colorScheme: scheme });
      // The theme is read at the page's start: the first page of a scheme is loaded afresh.
      let fresh = true;
      for (const tour of pages) {
        const started = Date.now();
        const shot: Shot = {
          page: tour,
          width: viewport.width,
          scheme,
          file: `${tour.id}-${viewport.width}-${scheme}.jpg`,
          ms: 0,
          unsettled: session.loginProblem ? [session.loginProblem] : [],
          notes: [],
        };
        try {
          await within(
            takeShot(session.page, server, tour, shot, fresh),
            SHOT_CAP_MS,
            'the whole page',
          );
          // The popup the picture was about is closed now, not in the next page's notes; what
          // an action leaves open that is no dialog (the account menu) goes with a fresh load.
          if (tour.dialog) await dismissPopups(session.page).catch(() => undefined);
          fresh = Boolean(tour.action && !tour.dialog);
        } catch (error) {
          shot.failed = message(error);
          fresh = true;
          // A last try at a picture of whatever is on screen.
          await session.page
            .screenshot({
              path: path.join(OUT_DIR, shot.file),
              type: 'jpeg',
              quality: JPEG_QUALITY,
              timeout: 5_000,
            })
            .then(() => {
              shot.unsettled.push(`gave up: ${shot.failed}`);
              shot.failed = undefined;
            })
            .catch(() => undefined);
        }
        // After a page that did not settle, the next starts from a clean load.
        if (shot.unsettled.length > 0) fresh = true;
        shot.ms = Date.now() - started;
        shots.push(shot);
        const status = shot.failed
          ? `FAILED: ${shot.failed}`
          : shot.unsettled.length > 0
            ? `not settled: ${shot.unsettled.join('; ')}`
            : 'ok';
        console.warn(
          `${String(shots.length).padStart(3)}/${total} ${shot.file} ${seconds(shot.ms)} ${status}`,
        );
      }
    }
  } finally {
    await session.context.close().catch(() => undefined);
  }
}

const ROLE_TITLES: Record<TourRole, string> = {
  guest: 'Guest (the player site, not logged in)',
  player: 'Player (player1, logged in)',
  agent: 'Agent back office (agent1, at /agent)',
  support: 'Support console (support1, at /support)',
  backOffice: "Operator's back office (a staff account with every role, two-factor on)",
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/screenshots/README.md: every picture by page, then what did not settle and the notes. */
async function writeReadme(elapsedMs: number) {
  const byFile = new Map(shots.map((shot) => [shot.file, shot]));
  const lines: string[] = [
    '# Screenshot tour',
    '',
    'Every page at 390 × 844 and 1440 × 900 in light and dark (the device’s colour scheme), viewport',
    'only, JPEG quality 60, on the demo data. Made by `npm run build && npm run screenshots`',
    '(scripts/screenshots.ts; the pages are listed in scripts/screenshotPages.ts, held to the',
    'route tables by tests/unit/ui/screenshotTour.test.ts). Toasts are closed and hidden in the',
    'pictures; pop-ups that were in the way were closed (see the notes). For the agent’s salary and',
    'dividend pages, agent1 offers agent2 one contract of each type first, which agent2 accepts.',
    '',
    ...setupProblems.map((problem) => `Set-up problem: ${problem}.\n`),
    `Last run: ${shots.length} pictures of ${TOUR_PAGES.length} pages in ${Math.round(elapsedMs / 1000)} s.`,
    '',
  ];
  const roles = [...new Set(TOUR_PAGES.map((page) => page.role))];
  for (const role of roles) {
    lines.push(`## ${ROLE_TITLES[role]}`, '');
    lines.push('| page | route | 390 light | 390 dark | 1440 light | 1440 dark |');
    lines.push('| --- | --- | --- | --- | --- | --- |');
    for (const page of TOUR_PAGES.filter((candidate) => candidate.role === role)) {
      const cells = TOUR_WIDTHS.flatMap(({ width }) =>
        TOUR_SCHEMES.map((scheme) => {
          const file = `${page.id}-${width}-${scheme}.jpg`;
          const shot = byFile.get(file);
          if (!shot || shot.failed) return shot ? 'failed' : '—';
          const flag = shot.unsettled.length > 0 ? ' ⚠' : '';
          return `[${page.id}-${width}-${scheme}](${file})${flag}`;
        }),
      );
      const route = page.action
        ? `\`${page.path}\`, then ${ACTION_TEXTS[page.action]}`
        : `\`${page.path}\``;
      lines.push(`| ${cell(page.title)} | ${cell(route)} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  const troubled = shots.filter((shot) => shot.failed || shot.unsettled.length > 0);
  lines.push('## Not settled (⚠) or failed', '');
  if (troubled.length === 0) lines.push('Every page settled.');
  for (const shot of troubled) {
    lines.push(
      `- ${shot.file}: ${cell(shot.failed ? `FAILED: ${shot.failed}` : `not settled: ${shot.unsettled.join('; ')}`)}`,
    );
  }
  lines.push('', '## Notes', '');
  const noted = shots.filter((shot) => shot.notes.length > 0);
  if (noted.length === 0) lines.push('Nothing to note.');
  for (const shot of noted) lines.push(`- ${shot.file}: ${cell(shot.notes.join('; '))}`);
  const file = path.join(OUT_DIR, 'README.md');
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(lines.join('\n'), { ...options, parser: 'markdown' }));
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
  // The tour rewrites every picture: none of an older run (or of a page gone) stays behind.
  for (const file of only ? [] : readdirSync(OUT_DIR)) {
    if (/\.(png|jpe?g)$/.test(file)) rmSync(path.join(OUT_DIR, file));
  }
  const started = Date.now();
  const server = await startPlatformServer({ staticDir });
  let browser: Browser | undefined;
  try {
    console.warn(
      `platform on ${server.url} after ${seconds(Date.now() - started)}; ${total} pictures into docs/screenshots/`,
    );
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    // The guests first: their chats are the support console's.
    const roles: TourRole[] = ['guest', 'player', 'agent', 'support', 'backOffice'];
    for (const role of roles) {
      if (role === 'agent' && tourPages.some((page) => page.role === 'agent')) {
        const problem = await contractsInEffect(server);
        if (problem) {
          console.error(`  ${problem}`);
          setupProblems.push(problem);
        }
      }
      for (const viewport of TOUR_WIDTHS) await tourRole(browser, server, role, viewport);
    }
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
  const elapsed = Date.now() - started;
  if (only) console.warn('--only: docs/screenshots/README.md left as it was');
  else await writeReadme(elapsed);
  const failed = shots.filter((shot) => shot.failed);
  const unsettled = shots.filter((shot) => !shot.failed && shot.unsettled.length > 0);
  const missing = total - shots.length;
  console.warn(
    `\n${shots.length - failed.length}/${total} pictures in ${seconds(elapsed)}: ` +
      `${shots.length - failed.length - unsettled.length} settled, ${unsettled.length} not settled, ` +
      `${failed.length} failed${missing > 0 ? `, ${missing} not reached` : ''}` +
      (only ? '' : '; list in docs/screenshots/README.md'),
  );
  for (const problem of setupProblems) console.warn(`  set-up: ${problem}`);
  for (const shot of [...failed, ...unsettled]) {
    console.warn(
      `  ${shot.file}: ${shot.failed ? `FAILED: ${shot.failed}` : `not settled: ${shot.unsettled.join('; ')}`}`,
    );
  }
  return failed.length > 0 || missing > 0 ? 1 : 0;
}

process.exitCode = await main();
