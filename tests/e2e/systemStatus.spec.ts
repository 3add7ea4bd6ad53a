import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);
const dataDir = path.resolve(process.env.E2E_DIR ?? '.e2e', 'data');

/** The operator command exactly as the README gives it (`npm run ops -- …`). */
function ops(...args: string[]) {
  return run('node', ['dist-server/ops.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

test.afterEach(async () => {
  await ops('maintenance', 'off');
});

test('maintenance switched by the operator appears live in an open page and goes away', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  // Marks this document: it must survive both switches (no reload).
  await page.evaluate(() => {
    (window as unknown as { e2eMarker: number }).e2eMarker = 42;
  });

  const until = '2026-12-01T06:30:00.000Z';
  await ops('maintenance', 'on', '--until', until);
  const screen = page.getByTestId('maintenance-screen');
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'We are under maintenance' })).toBeVisible();
  await expect(screen.locator('time')).toHaveAttribute('datetime', until);
  // Live support is the site's own chat (config: customer service LIVE → /chat).
  await expect(screen.getByRole('link', { name: 'Live support' })).toHaveAttribute('href', '/chat');

  await ops('maintenance', 'off');
  await expect(page.getByTestId('home-page')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(
    42,
  );
});

test('a page opened during maintenance shows the maintenance screen', async ({ page }) => {
  await ops('maintenance', 'on');
  await page.goto('/promotions');
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
  // No end time announced: none shown.
  await expect(page.getByTestId('maintenance-screen').locator('time')).toHaveCount(0);
});

test('a visitor from a blocked range sees the region screen with their IP', async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' },
  });
  const page = await context.newPage();
  await page.goto('/');
  const screen = page.getByTestId('region-block-screen');
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId('visitor-ip')).toHaveText('203.0.113.77');
  // The blocked visitor can still reach customer service: the chat opens and takes a message.
  await screen.getByRole('link', { name: 'Live support' }).click();
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
  const chat = page.getByTestId('player-chat');
  await chat.getByRole('textbox', { name: 'Message' }).fill('Why is the site blocked here?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message')).toContainText(['Why is the site blocked here?']);
  await context.close();
});

test('during maintenance the live-support button opens the chat, which works', async ({ page }) => {
  await ops('maintenance', 'on');
  await page.goto('/');
  const screen = page.getByTestId('maintenance-screen');
  await screen.getByRole('link', { name: 'Live support' }).click();
  await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{22}$/);
  const chat = page.getByTestId('player-chat');
  await chat.getByRole('textbox', { name: 'Message' }).fill('When does the maintenance end?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message')).toContainText(['When does the maintenance end?']);
  // Back: the maintenance screen again.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
});
