import { expect, type FrameLocator, type Page } from '@playwright/test';

async function outbox(page: Page, recipient: string): Promise<{ id: string; body: string }[]> {
  const response = await page.request.get(
    `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  return ((await response.json()).value ?? []) as { id: string; body: string }[];
}

/** The id of the newest message for `recipient` (0 when none): take it before sending. */
export async function outboxMark(page: Page, recipient: string): Promise<number> {
  return Number((await outbox(page, recipient))[0]?.id ?? 0);
}

/** The 6-digit code of the first message for `recipient` newer than `mark`. */
export async function codeFromOutbox(page: Page, recipient: string, mark: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [newest] = await outbox(page, recipient);
      code = newest && Number(newest.id) > mark ? newest.body.match(/\b(\d{6})\b/)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function lastMessage(page: Page, recipient: string): Promise<string> {
  const response = await page.request.get(
    `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  return (((await response.json()).value ?? []) as { body: string }[])[0]?.body ?? '';
}

/** Reads the captcha shown on the page the way a person would (the dev-only answer lookup). */
export async function captchaAnswer(page: Page): Promise<string> {
  const id = await page.getByTestId('captcha-box').locator('img').getAttribute('data-captcha-id');
  const response = await page.request.get(`/wps/dev/captcha/${id}`);
  return (await response.json()).value.answer as string;
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}`;

export async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByTestId('open-login').click();
  return page.locator('dialog[data-modal="login"]');
}

export async function loginAs(page: Page, username: string, password = 'Passw0rd!') {
  const popup = await openLogin(page);
  await popup.getByLabel('Username').fill(username);
  await popup.getByLabel('Password', { exact: true }).fill(password);
  await popup.getByTestId('login-submit').click();
  return popup;
}

/** Logs an agent in on the agent landing page; the back office opens on the team overview. */
export async function agentLogin(page: Page, account: string, password = 'Passw0rd!') {
  await page.goto('/agent');
  await page.getByLabel('Username').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);
}

/** Registers through the register popup with a valid password (and an e-mail when given). */
export async function registerByUsername(page: Page, username: string, email?: string) {
  await page.goto('/register');
  const popup = page.locator('dialog[data-modal="register"]');
  await popup.getByLabel('Username').fill(username);
  await popup.getByLabel('Password', { exact: true }).fill('abc12345');
  await popup.getByLabel('Confirm password').fill('abc12345');
  if (email) await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel(/I am 18 or older/).check();
  await popup.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** Opens the first game of /rng for real play, with `bet` chosen if given; answers its frame. */
export async function openSlot(page: Page, bet?: string) {
  await page.goto('/rng');
  await page
    .getByTestId('game-grid')
    .getByTestId('game-card')
    .first()
    .getByRole('button', { name: 'Play now' })
    .click();
  const game = page.frameLocator('dialog[data-modal="game"] iframe');
  await expect(game.getByTestId('spin')).toBeEnabled();
  if (bet !== undefined) await game.getByRole('combobox').selectOption(bet);
  return game;
}

/** Places the slip; a draw that closed on the way (the cut-off passed) is answered by placing
 * again on the next draw, as a player would. Answers the draw it went to. */
export async function placeVnSlip(game: FrameLocator): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await expect(game.getByTestId('vn-place')).toBeEnabled({ timeout: 60_000 });
    await game.getByTestId('vn-place').click();
    const placed = game.getByTestId('vn-placed');
    const refused = game.getByTestId('vn-error');
    await expect(placed.or(refused).first()).toBeVisible();
    if (await placed.isVisible()) return (await placed.getAttribute('data-numero'))!;
    await expect(refused).toContainText(/draw/i);
  }
  throw new Error('the slip was refused twice');
}
