import { expect, type Page } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import { awaitedLater, comeHome, OWN_AGENT, pressLogIn } from '../siteActions';
import type { sessionMachine } from '../../../src/machines/session';
import { sessionPaths } from '../../../src/machines/session.paths';

/** What a path knows of its tab: the state last seen, who logs in, and its socket. */
interface Tab {
  /** The state the page was last checked in (a driver's action depends on it). */
  at: string;
  /** The path's own player, registered on the site when first needed. */
  player: { username: string; password: string } | null;
  /** The account button's name in the header for the member logging in (their nickname). */
  member: string | RegExp | null;
  /** The token the tab's socket presented in the handshake the server accepted (null: none). */
  socketToken: string | null;
}

const tabs = new WeakMap<PathRun, Tab>();
const tabOf = (run: PathRun) => tabs.get(run)!;

/**
 * A login loads the member once: the session machine's own load, whose answer the login's
 * greeting also uses (it sends an agent to the back office). It is held, so the page stays
 * where it is, loading, until the next step answers it.
 */
const MEMBER_INFO = ['**/wps/member/info'];
const LOGOUT_URL = '**/wps/session/logout';
/** The server's answer to a member load without a valid session. */
const NOT_LOGGED_IN = {
  status: 401,
  json: {
    success: false,
    value: null,
    code: 'not_logged_in',
    message: 'Not logged in, please log in.',
  },
};

/**
 * The page's own header: the site's (with its menu button) or the back office's. A popup's
 * header is a banner too, so the one meant is told by what it holds.
 */
const banner = (page: Page) =>
  page.getByRole('banner').filter({
    has: page
      .getByRole('button', { name: 'Show or hide the menu' })
      .or(page.getByText('Agent back office')),
  });
const logInButton = (page: Page) =>
  banner(page).getByRole('button', { name: 'Log in', exact: true });
const onAgentLanding = (page: Page) => new URL(page.url()).pathname.toLowerCase() === '/agent';

/** The socket handshakes the server accepted, and with which session token. */
function watchSocket(page: Page, tab: Tab) {
  page.on('websocket', (socket) => {
    let offered: string | null = null;
    const text = (payload: string | Buffer) =>
      typeof payload === 'string' ? payload : payload.toString('utf8');
    socket.on('framesent', ({ payload }) => {
      const frame = text(payload);
      // socket.io over engine.io: "40{auth}" connects the namespace, "41" leaves it.
      if (frame.startsWith('40')) {
        const auth = JSON.parse(frame.slice(2) || '{}') as { token?: string | null };
        offered = auth.token ?? null;
      } else if (frame === '41') tab.socketToken = null;
    });
    socket.on('framereceived', ({ payload }) => {
      if (text(payload).startsWith('40')) tab.socketToken = offered;
    });
    socket.on('close', () => {
      tab.socketToken = null;
    });
  });
}

async function playerOf(run: PathRun) {
  const tab = tabOf(run);
  tab.player ??= await run.account('player');
  return tab.player;
}

/** The member's own account button in the header, which opens the account menu. */
const accountButton = (page: Page, member: string | RegExp) =>
  banner(page).getByRole('button', { name: member });

async function checkGuestHeader(page: Page) {
  await expect(banner(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(logInButton(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Register', exact: true })).toBeVisible();
}

/**
 * On the site: a visitor on the home page, without a stored session, logs in through the
 * header's login popup — as the path's own player, as a free trial ("Try for free"), or as an
 * agent of the path's own (from the development tools: without them that path is cut there),
 * whichever face the next step loads — while both member loads are held at
 * the network until the next step lets them through or answers "not logged in". A member logs
 * in again at /login (the address bar reloads the page; the session comes back from the stored
 * token before the login). A logout holds the server's answer until it is let through or the
 * network fails. A revocation is caused for real: a second tab opens the site with the same
 * session (`?token=`, as the site shares a session) and logs out there; the first tab, whose
 * socket joined with that session, turns into a guest live.
 */
/** An agent's login: an agent of the path's own (the development tools make one). */
const AGENT_LOGIN = `an agent's login (${OWN_AGENT})`;

export const sessionPage: PageRegistry<typeof sessionMachine> = {
  model: sessionPaths,
  cuts: [{ what: AGENT_LOGIN, needs: ['devTools'] }],
  start: async (run) => {
    const tab: Tab = { at: 'guest', player: null, member: null, socketToken: null };
    tabs.set(run, tab);
    watchSocket(run.page, tab);
    await run.page.goto('/');
  },
  states: {
    guest: async (run) => {
      tabOf(run).at = 'guest';
      // The back office sends a guest to its own login page.
      await expect(run.page).not.toHaveURL(/\/agentHome/i);
      if (onAgentLanding(run.page)) {
        const landing = run.page.getByRole('main');
        await expect(landing.getByRole('heading', { name: /agent login/ })).toBeVisible();
        await expect(landing).not.toHaveAttribute('aria-busy', 'true');
        await expect(landing.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
      } else {
        await checkGuestHeader(run.page);
      }
    },
    loadingMember: async (run) => {
      tabOf(run).at = 'loadingMember';
      // No member yet: the header still offers Log in, marked busy.
      await expect(banner(run.page)).toHaveAttribute('aria-busy', 'true');
      await expect(logInButton(run.page)).toBeVisible();
    },
    player: async (run) => {
      const tab = tabOf(run);
      tab.at = 'player';
      await expect(banner(run.page)).not.toHaveAttribute('aria-busy', 'true');
      await expect(logInButton(run.page)).toHaveCount(0);
      const account = accountButton(run.page, tab.member!);
      await expect(account).toBeVisible();
      await expect(account).not.toContainText('Trial');
    },
    trial: async (run) => {
      tabOf(run).at = 'trial';
      await expect(banner(run.page)).not.toHaveAttribute('aria-busy', 'true');
      await expect(logInButton(run.page)).toHaveCount(0);
      await expect(accountButton(run.page, /Trial/)).toBeVisible();
    },
    agent: async (run) => {
      tabOf(run).at = 'agent';
      // The agent face: the back office, with its own header.
      await expect(run.page).toHaveURL(/\/agentHome/i);
      const office = banner(run.page);
      await expect(office.getByText('Agent back office')).toBeVisible();
      await expect(office.getByText(tabOf(run).member!, { exact: true })).toBeVisible();
      await expect(office.getByRole('button', { name: 'Sign out' })).toBeVisible();
    },
    loggingOut: async (run) => {
      tabOf(run).at = 'loggingOut';
      // Logging out from the back office goes to the agent login page at once.
      await expect(run.page).not.toHaveURL(/\/agentHome/i);
      if (onAgentLanding(run.page)) {
        await expect(run.page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
      } else {
        await expect(banner(run.page)).toHaveAttribute('aria-busy', 'true');
        await expect(logInButton(run.page)).toBeVisible();
      }
    },
  },
  events: {
    loggedIn: async (run, step) => {
      const tab = tabOf(run);
      const page = run.page;
      if (tab.at === 'guest') {
        if (onAgentLanding(page)) {
          await page.getByRole('link', { name: 'Back to the player site' }).click();
        }
        await logInButton(page).click();
      } else {
        // Logged in already: the address bar's /login offers the login popup over home. The
        // reload restores the session from the stored token first (a new session machine in
        // the same state), then the member logs in.
        const restored = awaitedLater(
          page.waitForResponse(
            (response) => new URL(response.url()).pathname === '/wps/member/info',
          ),
        );
        await page.goto('/login');
        await restored;
        await expect(banner(page)).not.toHaveAttribute('aria-busy', 'true');
        await expect(accountButton(page, tab.member!)).toBeVisible();
      }
      const popup = page.getByRole('dialog', { name: 'Log in' });
      await expect(popup).toBeVisible();
      for (const url of MEMBER_INFO) await run.hold(url);
      const next = step.next[0];
      if (next === 'fetchMember.done:trial') {
        tab.member = /Trial/;
        await popup.getByRole('button', { name: 'Try for free' }).click();
      } else {
        // An agent of the path's own (its nickname is its name), or the path's player.
        const agent = next === 'fetchMember.done:agent';
        if (agent) run.need(AGENT_LOGIN, ['devTools']);
        const account = agent ? await run.account('agent') : await playerOf(run);
        tab.member = account.username;
        await comeHome(page, account);
        await popup.getByRole('textbox', { name: 'Username' }).fill(account.username);
        await popup.getByRole('textbox', { name: 'Password' }).fill(account.password);
        // A path logs its player in again within seconds: the site's one login a second per
        // account is waited out, as a person would.
        await pressLogIn(page, () =>
          popup.getByRole('button', { name: 'Log in', exact: true }).click(),
        );
      }
      // The login's proof of work can take a while on a busy machine.
      await expect(popup).toBeHidden({ timeout: 20_000 });
    },
    'fetchMember.done:player': async (run) => {
      for (const url of MEMBER_INFO) await run.release(url, 'continue');
    },
    'fetchMember.done:trial': async (run) => {
      for (const url of MEMBER_INFO) await run.release(url, 'continue');
    },
    'fetchMember.done:agent': async (run) => {
      for (const url of MEMBER_INFO) await run.release(url, 'continue');
    },
    'fetchMember.error:notLoggedIn': async (run) => {
      for (const url of MEMBER_INFO) await run.release(url, NOT_LOGGED_IN);
    },
    revoked: async (run) => {
      const tab = tabOf(run);
      // A member load still held stays held: the tab must turn guest without its answer.
      const token = await run.page.evaluate(() => sessionStorage.getItem('token'));
      if (!token) throw new Error('the tab holds no session token to share');
      await expect
        .poll(() => tab.socketToken, { message: "the tab's socket joins with its session" })
        .toBe(token);
      const second = await run.actor('secondTab');
      await second.goto(`/?token=${encodeURIComponent(token)}`);
      await accountButton(second, tab.member!).click();
      await second.getByRole('menuitem', { name: 'Sign out' }).click();
      await second
        .getByRole('alertdialog', { name: 'Prompt' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await checkGuestHeader(second);
      run.note('the session was ended by a logout in a second tab sharing it');
    },
    logout: async (run) => {
      const tab = tabOf(run);
      const page = run.page;
      await run.hold(LOGOUT_URL);
      if (tab.at === 'agent') {
        await banner(page).getByRole('button', { name: 'Sign out' }).click();
      } else {
        await accountButton(page, tab.member!).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
      }
      // By its name: a first login's welcome, queued before it, has a Confirm button too.
      await page
        .getByRole('alertdialog', { name: 'Prompt' })
        .getByRole('button', { name: 'Confirm' })
        .click();
    },
    'logout.done': async (run) => {
      await run.release(LOGOUT_URL, 'continue');
    },
    'logout.error:network': async (run) => {
      await run.release(LOGOUT_URL, 'abort');
    },
  },
};
