import { expect, type Page } from '@playwright/test';
import type { TestAccount } from './registry';

/**
 * What many registries' paths do on the site before their machine starts, done as a person
 * would: log in through the header's popup, or at the agent portal.
 */
export async function logInPlayer(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await login.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  // The proof of work comes first: slow on a busy machine.
  await expect(login).toBeHidden({ timeout: 20_000 });
  // Logged in once the header names the member: the session is stored by then, so the path
  // may navigate on (the popup closes a moment before; a reload then came back as a guest).
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: account.username })).toBeVisible({
    timeout: 20_000,
  });
}

export async function logInAgent(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/agent');
  await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/agentHome$/, { timeout: 20_000 });
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
