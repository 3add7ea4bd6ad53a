import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';

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

/**
 * The socket client's chunk (loaded on demand) failing to load: told by what it holds, whatever
 * the build named it. `fail` says whether this request of it fails (a lost network).
 */
async function routeSocketClient(page: Page, fail: (attempt: number) => boolean) {
  let attempts = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    const body = await response.text().catch(() => null);
    if (body === null) return;
    if (!body.includes('engine.io')) return route.fulfill({ response }).catch(() => undefined);
    attempts += 1;
    if (fail(attempts)) return route.abort('internetdisconnected').catch(() => undefined);
    await route.fulfill({ response }).catch(() => undefined);
  });
}

const liveNotice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Live updates have stopped' });

test('the live connection whose code failed to load comes back with "Try again", in the same page', async ({
  page,
}) => {
  await routeSocketClient(page, (attempt) => attempt === 1);
  await page.goto('/');
  // The site itself stays: a notice over it, not a failure screen.
  const notice = liveNotice(page);
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { e2eMarker: number }).e2eMarker = 7;
  });
  // Keyboard: the notice's first button takes focus and Enter presses it.
  await notice.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute(
    'data-connection',
    'connected',
  );
  // The live data flows: the operator's switch is pushed to this page, which never reloaded.
  await ops('maintenance', 'on');
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(
    7,
  );
});

test('"Reload page" on the live notice loads the page again, and never again by itself', async ({
  page,
}) => {
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  // Fails on the first page and on the reload: the reload must not reload again by itself.
  let failing = 2;
  await routeSocketClient(page, () => failing-- > 0);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const notice = liveNotice(page);
  await expect(notice).toBeVisible();
  // 360 px: the notice and its 44 px buttons fit, no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const name of ['Try again', 'Reload page']) {
    const box = (await notice.getByRole('button', { name }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await notice.getByRole('button', { name: 'Reload page' }).click();
  await expect.poll(() => documents).toBe(2);
  // The reload's code failed too: the notice again, waiting for the person.
  await expect(liveNotice(page)).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  expect(documents).toBe(2);
  // Once the code loads, a reload brings the pushes back.
  await liveNotice(page).getByRole('button', { name: 'Reload page' }).click();
  await expect.poll(() => documents).toBe(3);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute(
    'data-connection',
    'connected',
  );
  await expect(liveNotice(page)).toHaveCount(0);
  await ops('maintenance', 'on');
  await expect(page.getByTestId('maintenance-screen')).toBeVisible();
});
