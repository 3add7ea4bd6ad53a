import { expect, type Locator, type Page } from '@playwright/test';
import type { PathRun, PathStep, TestAccount } from './registry';

/**
 * What many registries' paths do on the site, done as a person would: log in through the
 * header's popup or at the agent portal, see that the header names the member, read the code
 * the site sent, send an SMS code from a form, register by mobile.
 */

/*
 * What a step cannot do on a site without one of its needs (`run.need`, the registries' `cuts`).
 */
/** Reading the code the site sent (an SMS, an e-mail): the operator's outbox or the tools'. */
export const READING_CODES = 'reading the code the site sent';
/** A player registered by mobile through the site's API (its SMS code read from an outbox). */
export const MOBILE_PLAYER = 'a player registered by the SMS code the site sent';
/** Strangers' wrong passwords before the path, each from an address of its own. */
export const STRANGERS = "strangers' wrong passwords, each from an address of its own";
/** Solving a captcha: only the development tools tell its answer. */
export const SOLVING_CAPTCHA = 'solving the captcha (only the development tools tell its answer)';
/** A login from an address the account was never seen at (the site asks for a code). */
export const NEW_ADDRESS = 'a login from an address the account was never seen at';
/** An agent of the path's own: only the development tools' test-data endpoint makes one. */
export const OWN_AGENT = "an agent of the path's own";

/** The site's limit of one login a second per account and address, with a margin. */
export const LOGIN_THROTTLE_MS = 1_100;

/**
 * Logged in, as the header shows it: it names the member (an account button) and offers no
 * "Log in". By then the session is stored, so a path may navigate on (the popup closes a
 * moment before; a reload then came back as a guest).
 */
export async function showsMember(
  page: Page,
  name: string | RegExp,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name })).toBeVisible({ timeout });
  await expect(banner.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
}

/**
 * Presses a login form's button (`press`) and waits for the site's answer to the login. The
 * site takes one login a second per account and address: a path that logs the same member in
 * again at once is answered "throttled" (the form says "Please wait a moment"), and, as a
 * person would, waits that second out and presses again.
 */
export async function pressLogIn(page: Page, press: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const answered = awaitedLater(
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/wps/session/login' &&
          response.request().method() === 'POST',
        // The proof of work comes first: slow on a busy machine.
        { timeout: 30_000 },
      ),
    );
    await press();
    const response = await answered;
    if (response.status() !== 429 || attempt >= 5) return;
    const { code } = (await response.json().catch(() => ({}))) as { code?: string };
    if (code !== 'throttled') return;
    await new Promise((resolve) => setTimeout(resolve, LOGIN_THROTTLE_MS));
  }
}

/** The site's announcement pop-ups while one is open (issue 16). */
export const OPEN_ANNOUNCEMENTS =
  'dialog[data-modal="public-popups"][data-visible="true"], dialog[data-modal="announcements"][data-visible="true"]';

/**
 * Logs a player in through the header's popup, until the header names the member. On a site
 * with announcement pop-ups the member's open a moment later, over whatever the path does next
 * (a form half typed): when the site's answer for the member has pop-ups, the login closes
 * them first, one after the other, as a person would before going on.
 */
export async function logInPlayer(page: Page, account: TestAccount): Promise<void> {
  await comeHome(page, account);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await login.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await pressLogIn(page, () => login.getByRole('button', { name: 'Log in' }).click());
  // The page asks for the announcements again once the member is known.
  const announced = page
    .waitForResponse(
      (response) => new URL(response.url()).pathname === '/wps/relay/MCSFE_getListAnnouncements',
      { timeout: 10_000 },
    )
    .then((response) => response.json() as Promise<{ value?: { popup?: unknown[] } | null }>)
    .catch(() => null);
  await expect(login).toBeHidden({ timeout: 20_000 });
  await showsMember(page, account.username, { timeout: 20_000 });
  if (((await announced)?.value?.popup ?? []).length === 0) return;
  // One at a time: the public list, then the after-login board.
  for (let shown = 0; shown < 4; shown += 1) {
    const open = page.locator(OPEN_ANNOUNCEMENTS).first();
    const opened = await open
      .waitFor({ state: 'visible', timeout: shown === 0 ? 10_000 : 2_000 })
      .then(
        () => true,
        () => false,
      );
    if (!opened) return;
    await open
      .locator('button.modal-close')
      .dispatchEvent('click', undefined, { timeout: 2_000 })
      .catch(() => undefined);
  }
}

export async function logInAgent(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/agent');
  await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await pressLogIn(page, () =>
    page.getByRole('main').getByRole('button', { name: 'Log in' }).click(),
  );
  await expect(page).toHaveURL(/\/agentHome$/, { timeout: 20_000 });
}

/**
 * A wait started before the step that answers it (`page.waitForResponse`, `waitForRequest`,
 * `waitForEvent`), marked as handled: when the step in between fails and the path ends, the
 * page closes and the wait rejects with nobody awaiting it any more, which must not end the
 * whole run (Node ends a process on an unhandled rejection). Awaiting it still throws.
 */
export function awaitedLater<T>(wait: Promise<T>): Promise<T> {
  wait.catch(() => undefined);
  return wait;
}

/**
 * The browser of `page` comes from the address `account` was registered from, when it had one
 * of its own (`TestAccount.address`): the site knows the member there and asks no new-address
 * code at the login.
 */
export async function comeHome(page: Page, account: TestAccount): Promise<void> {
  if (account.address) {
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': account.address });
  }
}

/**
 * An address of the shared range 100.64.0.0/10 for a path's browser (sent as X-Forwarded-For:
 * a site that trusts the runner as its proxy sees a client of its own): limits counted per
 * address (logins, reset mails, SMS codes) are then the path's own, not shared with every
 * other path of the run.
 */
export function ownAddress(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `100.${64 + (a! & 63)}.${b}.${c}`;
}

/**
 * The server's answers the path gives the user's step: the labels after it up to the next
 * user step (a user's label names no actor: `submit`, `switchTab`, `dismiss`).
 */
export const answersAfter = (step: PathStep): string[] => {
  const next = step.next.findIndex((label) => !label.includes('.'));
  return next === -1 ? step.next : step.next.slice(0, next);
};

/** A mobile number nobody has (nine digits, `prefix` first). */
export const freshMobile = (prefix: string): string =>
  `${prefix}${String(Math.floor(Math.random() * 10 ** 7)).padStart(7, '0')}`;

/** Another six-digit code than `code`: a code typed wrong. */
export const wrongCode = (code: string): string =>
  String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A message the site sent (an SMS or an e-mail), as its outbox lists it. */
interface SentMessage {
  id: string;
  body: string;
}

/**
 * The newest message the site sent `recipient` (a +dialing-code number or an e-mail address),
 * or null: from the operator's outbox when the run has the operator's token (any site), else
 * from the development tools' (a site with DEV_TOOLS=1). A run with neither cannot read a code
 * the site sent: the path is cut there, with the reason.
 */
export async function newestMessage(run: PathRun, recipient: string): Promise<SentMessage | null> {
  const query = `recipient=${encodeURIComponent(recipient)}`;
  if (run.site.operator) {
    const [newest] = (await run.operator('GET', `/ops/outbox?${query}&limit=1`)) as SentMessage[];
    return newest ?? null;
  }
  if (run.site.devTools) {
    const response = await run.page.request.get(`/wps/dev/outbox?${query}`);
    const [newest] = ((await response.json()) as { value: SentMessage[] }).value;
    return newest ?? null;
  }
  run.need(READING_CODES, ['operator', 'devTools']);
  return null;
}

const codeIn = (message: SentMessage | null) => message?.body.match(/\b(\d{6})\b/)?.[1] ?? null;

/** The id of the newest message for `recipient` (0 for none): read it before a send. */
export async function outboxMark(run: PathRun, recipient: string): Promise<number> {
  return Number((await newestMessage(run, recipient))?.id ?? 0);
}

/** The code in the newest message for `recipient`, once one newer than message `after` came. */
export async function outboxCode(
  run: PathRun,
  recipient: string,
  after = 0,
): Promise<{ id: number; code: string }> {
  let found: { id: number; code: string } | null = null;
  await expect
    .poll(
      async () => {
        const newest = await newestMessage(run, recipient);
        const code = codeIn(newest);
        found =
          newest && code && Number(newest.id) > after ? { id: Number(newest.id), code } : null;
        return found;
      },
      { message: `a code for ${recipient} in the outbox`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/**
 * Sends the SMS code from a form's "Send code" button until its countdown shows. The site
 * refuses a second send from the same address within a second ("Please wait a moment"): a
 * person clicks again, and so does this.
 */
export async function sendSmsCode(form: Locator): Promise<void> {
  const send = form.getByRole('button', { name: 'Send code' });
  await expect(async () => {
    if (await send.isEnabled({ timeout: 500 }).catch(() => false)) await send.click();
    await expect(form.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled({
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
}

/** An SMS code the path had sent, and how many wrong guesses the server has counted on it. */
export interface SentCode {
  mobile: string;
  code: string;
  sentAt: number;
  guesses: number;
}

/**
 * Whether the path's last code can be typed again: five wrong guesses burn a code and it lives
 * five minutes (server/domain/identity/verificationCodes.ts), so a margin is kept on both.
 */
export const stillGood = (sent: SentCode | null): sent is SentCode =>
  sent !== null && sent.guesses < 4 && Date.now() - sent.sentAt < 4 * 60_000;

/**
 * A code for the number typed in `form` on `page` (the path's or another actor's), sent from
 * its button and read from the outbox. A countdown from the path's previous send must end
 * first, as it must for a person (a minute at most): a path reuses its code while it is good
 * instead (`stillGood`).
 */
export async function sendCodeTo(run: PathRun, form: Locator, mobile: string): Promise<SentCode> {
  const recipient = `+84${mobile}`;
  const mark = await outboxMark(run, recipient);
  await expect(form.getByRole('button', { name: 'Send code' })).toBeEnabled({ timeout: 70_000 });
  await sendSmsCode(form);
  const { code } = await outboxCode(run, recipient, mark);
  return { mobile, code, sentAt: Date.now(), guesses: 0 };
}

/**
 * A player registered by mobile through the register popup, in a browser of its own (the
 * number can then receive login and reset codes). Answers the number, its password and the
 * name the header shows.
 */
export async function registerByMobile(
  run: PathRun,
  prefix: string,
): Promise<{ mobile: string; password: string; name: string }> {
  const page = await run.actor('mobile owner');
  // From an address of its own: the site's SMS limits per address are then this owner's.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const mobile = freshMobile(prefix);
  const password = 'abc12345';
  await page.goto('/register');
  const popup = page.getByRole('dialog', { name: 'Create your account' });
  await popup.getByRole('tab', { name: 'Mobile' }).click({ timeout: 20_000 });
  await popup.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  const { code } = await sendCodeTo(run, popup, mobile);
  await popup.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await popup.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await popup.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await popup.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await popup.getByRole('button', { name: 'Register' }).click();
  await expect(popup).toBeHidden({ timeout: 20_000 });
  run.note(`registered mobile +84${mobile}`);
  return { mobile, password, name: `m84${mobile}` };
}
