import { expect, type Page, test } from '@playwright/test';
import { loginToken } from '../support/identityClient';
import { newAccount } from './accounts';
import { createAnnouncement, endAnnouncement } from './ops';
import { loginAs } from './support';

test.describe('shell and routes', () => {
  test('home renders inside the shell: header, side menu, main, footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.locator('#app-loader')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Aurora Play' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    for (const vendor of ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']) {
      await expect(page.getByRole('img', { name: vendor, exact: true })).toBeVisible();
    }
    // Logged out: login and register buttons.
    await expect(page.getByTestId('open-login')).toBeVisible();
    await expect(page.getByTestId('open-register')).toBeVisible();
  });

  test("a phone's first screen of home, drawn before any script, lies where the app draws it", async ({
    browser,
  }) => {
    const box = (page: Page, selector: string) =>
      page.locator(selector).evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return [rect.x, rect.y, rect.width, rect.height].map(Math.round);
      });
    for (const [width, colorScheme] of [
      [360, 'light'],
      [412, 'dark'],
      [800, 'light'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
      const page = await context.newPage();
      // The server's page alone: no script runs.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/');
      await expect(page.locator('#first-paint .banner-image')).toBeVisible();
      const drawn = [
        await box(page, '#first-paint .site-header'),
        await box(page, '#first-paint h1'),
        await box(page, '#first-paint .banner-carousel'),
      ];
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      await page.unroute('**/*.js');
      await page.goto('/');
      await expect(page.getByTestId('home-page')).toBeVisible();
      // Gone once the app's own first screen is on, which is in the same places.
      await expect(page.locator('#first-paint')).toHaveCount(0);
      // Polled: the banner's stand-in gives way to the carousel (the same box) when the
      // announcements arrive, and an element replaced while it is measured reads as empty.
      await expect
        .poll(
          async () => [
            await box(page, '.site-header'),
            await box(page, '#home-title'),
            await box(page, '.banner-carousel'),
          ],
          { message: `${width} px` },
        )
        .toEqual(drawn);
      await context.close();
    }
  });

  test("a phone's first screen of a game list, drawn before any script, lies where the app draws it", async ({
    browser,
  }) => {
    const box = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return [rect.x, rect.y, rect.width, rect.height].map(Math.round);
        });
    const parts = [
      'h1',
      '.vendor-menu',
      '.vendor-menu li:nth-child(2)',
      '.vendor-menu li:nth-child(3)',
      '.subtype-tabs',
      '.game-search',
      '.game-card',
      '.game-card-image img',
      '.game-card-name',
      '.game-card-actions',
    ];
    for (const [width, colorScheme] of [
      [360, 'dark'],
      [412, 'light'],
      [800, 'light'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
      const page = await context.newPage();
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/rng?vassalage=PG');
      await expect(page.locator('#first-paint .game-card-image img').first()).toBeVisible();
      const drawn = [await box(page, '#first-paint .site-header')];
      for (const part of parts) drawn.push(await box(page, `#first-paint ${part}`));
      // The pressed pill is the query's vendor, its name and logo as the app shows them.
      await expect(page.locator('#first-paint .vendor-menu [aria-pressed="true"]')).toHaveText(
        'PG Soft',
      );
      await page.unroute('**/*.js');
      await page.goto('/rng?vassalage=PG');
      await expect(page.getByTestId('game-card').first()).toBeVisible();
      await expect(page.locator('#first-paint')).toHaveCount(0);
      // Polled, as above: a card re-drawn while it is measured reads as empty.
      await expect
        .poll(
          async () => {
            const app = [await box(page, '.site-header')];
            for (const part of parts) app.push(await box(page, `main ${part}`));
            return app;
          },
          { message: `${width} px` },
        )
        .toEqual(drawn);
      await context.close();
    }
  });

  for (const alias of ['/index', '/index.html', '/home']) {
    test(`${alias} is the home lobby`, async ({ page }) => {
      await page.goto(alias);
      await expect(page.getByTestId('home-page')).toBeVisible();
    });
  }

  test('the side menu toggles and remembers its state', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('complementary', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.getByTestId('menu-toggle').click();
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(menu).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    await expect(menu).toBeVisible();
  });

  test('the member centre folds the side menu beside its own; the button unfolds it there', async ({
    page,
  }) => {
    await loginAs(page, 'player2');
    await expect(page.getByTestId('account-menu')).toBeVisible();
    const menu = page.getByRole('complementary', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.goto('/member/vip');
    await expect(page.getByRole('navigation', { name: 'Member centre' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');
    await page.getByTestId('menu-toggle').click();
    await expect(menu).toBeVisible();
    // Elsewhere the remembered choice (open) still holds.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(menu).toBeVisible();
  });

  test('game pages hide the side menu', async ({ page }) => {
    await loginAs(page, 'player2');
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await page.goto('/seamless');
    await expect(page.getByTestId('seamless-page')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Menu' })).toHaveCount(0);
    await page.goto('/live');
    await expect(page.getByTestId('game-list-live')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Menu' })).toBeVisible();
  });

  test('an unknown route shows the not-found page inside the shell', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('navigation scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Live casino' }).click();
    await expect(page.getByTestId('game-list-live')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('/agent and /agentHome have no shell; /agentHome without a token goes to /agent', async ({
    page,
  }) => {
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByTestId('agent-landing')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByText('Monday–Friday 12:00–21:00')).toBeVisible();
  });

  test('the auth guard sends a guest from /member to /login with the login popup open', async ({
    page,
  }) => {
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('dialog[data-modal="login"]')).toBeVisible();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('/register opens the register popup over home; closing it returns to /', async ({
    page,
  }) => {
    await page.goto('/register?referralCode=ABC123');
    const popup = page.locator('dialog[data-modal="register"]');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/help#term opens the help centre at the terms', async ({ page }) => {
    await page.goto('/help#term');
    const help = page.locator('dialog[data-modal="help"]');
    await expect(help.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
    await expect(
      help.getByText('You must be 18 or older, and at least the legal age'),
    ).toBeVisible();
  });

  test('a section whose chunk fails to load says so and loads on retry', async ({ page }) => {
    let failing = true;
    await page.route(/\/assets\/PromotionsPage-[^/]+\.js$/, (route) =>
      failing ? route.abort() : route.continue(),
    );
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Promotions' })
      .click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('took longer to load');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('promotions-page')).toBeVisible();
  });
});

test('the side menu offers app downloads as QR codes', async ({ page }) => {
  await page.goto('/');
  const apps = page.getByRole('region', { name: 'Download the app' });
  for (const name of ['iOS app', 'Android app']) {
    const link = apps.getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  }
});

test('a lost live connection shows a quiet notice until it is back', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Connection lost' });
  await expect(notice).toHaveCount(0);
  // Wait for the socket to be connected (not only its first request answered: a loss before
  // the first connect is "connecting", which stays quiet), then cut the network.
  // The socket.io client loads after the first paint: on a busy machine that takes a while.
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute(
    'data-connection',
    'connected',
    { timeout: 20_000 },
  );
  await context.setOffline(true);
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
});

test('a member page opened with a stored session asks for its own content first, then the numbers around it', async ({
  browser,
}) => {
  const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };
  const fresh = await newAccount();
  const token = await loginToken(server, fresh.username, fresh.password);
  // An after-login greeting for this account alone.
  const greeting = await createAnnouncement({
    kind: 'announcement',
    title: { EN: 'Greeting over the drawn page' },
    content: { EN: '<p>Hello</p>' },
    accounts: [fresh.username],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
  // In the order the browser reports them: the first screen's picture (the member's avatar,
  // in the header and on My Account), then what waits for it (firstScreen.ts).
  const seen: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/avatars\/default\.svg$/.test(request.url())) seen.push('avatar');
  });
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/wps/v2/wallets/balance')) seen.push('balance');
    if (url.includes('/socket.io/')) seen.push('socket');
    if (url.includes('/wps/rewards/summary')) seen.push('badges');
    if (/\/avatars\/(star|moon)\.svg$/.test(url)) seen.push('choices');
    if (/\/assets\/popups-[\w-]+\.js$/.test(url)) seen.push('popups');
  });
  // The live connection is a WebSocket (long-polling only where one fails).
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) seen.push('socket');
  });
  await page.goto('/member');
  await expect(
    page.getByTestId('avatar-picker').getByRole('img', { name: 'Your avatar' }),
  ).toBeVisible();
  // Everything still comes: the balance, the live connection, the footer and the set's pictures.
  await expect(page.getByTestId('balance')).toHaveText(/\d/);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute(
    'data-connection',
    'connected',
  );
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.locator('.avatar-choice img')).toHaveCount(8);
  // The after-login greeting opens over the page.
  await expect(page.locator('dialog[data-modal="announcements"]')).toContainText(
    'Greeting over the drawn page',
  );
  for (const later of ['balance', 'socket', 'badges', 'choices']) {
    expect(seen, later).toContain(later);
    expect(seen.indexOf('avatar'), later).toBeLessThan(seen.indexOf(later));
  }
  // The pop-ups' code comes with the page on a route behind a login (the greeting opens with it).
  expect(seen.indexOf('popups')).toBeGreaterThanOrEqual(0);
  expect(seen.indexOf('popups')).toBeLessThan(seen.indexOf('avatar'));
  await context.close();
  await endAnnouncement(greeting);
});
