import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { SLOT_SYMBOLS, slotMultiple } from '../../src/shared/demoSlot';
import { newAccount } from './accounts';
import { grantBonus, rigNextSpin } from './ops';
import { loginAs, openSlot as openFirstSlot } from './support';

// This spec tests the motion itself (playwright.config.ts runs the others with reduced motion).
test.use({ reducedMotion: 'no-preference' });

/**
 * The demo vendor's slot as a player sees it (issue 34, finding 5): drawn, named symbols on the
 * reels, a reel animation that stops on the result (none with reduced motion), bet steps beside
 * the select, a paytable read from the engine, dark mode, and the launch fallback in view.
 */

const NAMES: Record<string, string> = {
  cherry: 'Cherry',
  lemon: 'Lemon',
  bell: 'Bell',
  star: 'Star',
  seven: 'Seven',
  diamond: 'Diamond',
};

/** A new player with 100.00, logged in, with the first slot of /rng open in its popup. */
async function openSlot(page: Page): Promise<{ game: FrameLocator; username: string }> {
  const { username, password } = await newAccount();
  await grantBonus(username, '100.00');
  await loginAs(page, username, password);
  // The login's proof of work takes the browser a while on a busy machine.
  await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 20_000 });
  const game = await openFirstSlot(page);
  return { game, username };
}

/** The names the reels show, left to right. */
const reelNames = (game: FrameLocator) =>
  game
    .getByTestId('reels')
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('aria-label')));

/** The relative luminance (0 black … 1 white) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

test('the slot shows drawn, named symbols; the bet steps; the paytable from the engine; a rigged spin lands on its result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { game, username } = await openSlot(page);
  const symbolNames = Object.values(NAMES);

  // Three drawn symbols, each an image with its name (no emoji font needed).
  const reels = game.getByTestId('reels');
  await expect(reels.getByRole('img')).toHaveCount(3);
  for (const name of await reelNames(game)) expect(symbolNames).toContain(name);
  await expect(reels.locator('svg')).toHaveCount(3);

  // The bet: the select, with − and + beside it, each out of use at its end.
  const select = game.getByRole('combobox');
  const levels = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(levels.length).toBeGreaterThan(2);
  const lower = game.getByRole('button', { name: 'Lower bet' });
  const raise = game.getByRole('button', { name: 'Raise bet' });
  await expect(select).toHaveValue(levels[0]!);
  await expect(lower).toBeDisabled();
  await expect(raise).toBeEnabled();
  await raise.click();
  await expect(select).toHaveValue(levels[1]!);
  await expect(lower).toBeEnabled();
  await raise.click();
  await expect(select).toHaveValue(levels[2]!);
  await lower.click();
  await expect(select).toHaveValue(levels[1]!);
  await select.selectOption(levels.at(-1)!);
  await expect(raise).toBeDisabled();
  // At the end a step up does nothing (it stays focusable: aria-disabled).
  await raise.click({ force: true });
  await expect(select).toHaveValue(levels.at(-1)!);
  await lower.click();
  await expect(select).toHaveValue(levels.at(-2)!);
  await expect(raise).toBeEnabled();
  // Each control a full touch target.
  for (const control of [lower, raise, select]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await select.selectOption(levels[0]!);
  await expect(lower).toBeDisabled();

  // The paytable: every three of a kind the engine pays, and its two cherries, at their pays.
  const paytable = game.getByTestId('paytable');
  await expect(paytable.getByRole('table')).toBeHidden();
  await paytable.getByText('Paytable').click();
  const rows = paytable.getByRole('table').locator('tbody tr');
  const threes = SLOT_SYMBOLS.filter((symbol) => slotMultiple([symbol, symbol, symbol]) > 0);
  await expect(rows).toHaveCount(threes.length + 1);
  for (const symbol of threes) {
    const multiple = slotMultiple([symbol, symbol, symbol]);
    const row = rows.filter({ hasText: `×${multiple}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('img', { name: NAMES[symbol]!, exact: true })).toHaveCount(3);
  }
  const twoCherries = slotMultiple(['cherry', 'cherry', 'lemon']);
  const cherryRow = rows.filter({ hasText: `×${twoCherries}` });
  await expect(cherryRow.getByRole('img', { name: 'Cherry', exact: true })).toHaveCount(2);
  await expect(cherryRow.getByRole('img', { name: 'Any other symbol' })).toHaveCount(1);
  // The best line first, with what it pays at the chosen bet.
  await expect(rows.first()).toContainText('×500');
  await expect(rows.first()).toContainText('500.00');

  // A spin: the reels run while the round is in flight (the answer is held back here until
  // that is seen), then stop on the server's result.
  await rigNextSpin(username, ['cherry', 'cherry', 'lemon']);
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/wps/demo-vendor/spin', async (route) => {
    await held;
    await route.continue();
  });
  await game.getByTestId('spin').click();
  await expect(reels).toHaveAttribute('aria-busy', 'true');
  await expect(game.getByTestId('spin')).toBeDisabled();
  await expect(reels.locator('.reel-strip')).toHaveCount(3);
  expect(
    await reels
      .locator('.reel-strip')
      .first()
      .evaluate((strip) => getComputedStyle(strip).animationName),
  ).toBe('reel-spin');
  await expect(game.getByTestId('round-result')).toHaveCount(0);
  answer();
  await expect(game.getByTestId('round-result')).toHaveText('You won 2.00!');
  await page.unroute('**/wps/demo-vendor/spin');
  await expect(reels).toHaveAttribute('aria-busy', 'false');
  await expect(reels.locator('.reel-strip')).toHaveCount(0);
  expect(await reelNames(game)).toEqual(['Cherry', 'Cherry', 'Lemon']);
  await expect(game.getByTestId('play-balance')).toHaveText('101.00');
  await expect(game.getByTestId('spin')).toBeEnabled();

  // The launch fallback under the game is in view, whole.
  await expect(page.getByTestId('game-fallback')).toBeInViewport({ ratio: 1 });
});

test('with reduced motion the reels do not move: the result simply appears', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { game, username } = await openSlot(page);
  const reels = game.getByTestId('reels');
  await rigNextSpin(username, ['bell', 'bell', 'bell']);
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('round-result')).toHaveText('You won 18.00!');
  expect(await reelNames(game)).toEqual(['Bell', 'Bell', 'Bell']);
  await expect(reels.locator('.reel-strip')).toHaveCount(0);
  // Nothing animates: not the landing, not the win's glow.
  const animations = await reels.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].map((node) => getComputedStyle(node).animationName),
  );
  expect(new Set(animations)).toEqual(new Set(['none']));
  await expect(game.getByTestId('play-balance')).toHaveText('117.00');
});

test('dark mode: the game follows the device, and the site’s own choice', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const { game } = await openSlot(page);
  expect(luminance(await background(game.locator('body')))).toBeLessThan(0.1);
  expect(luminance(await background(game.locator('html')))).toBeLessThan(0.1);
  await expect(game.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Text is light on it.
  const text = await game.locator('h1').evaluate((element) => getComputedStyle(element).color);
  expect(luminance(text)).toBeGreaterThan(0.6);
  // The paytable's panel is dark too.
  await game.getByTestId('paytable').getByText('Paytable').click();
  expect(luminance(await background(game.getByTestId('paytable')))).toBeLessThan(0.1);

  // The player chooses dark on the site too; the device turns light: the game stays dark, the
  // site's choice first. Switching the site to light while the game is open turns it light.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(game.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(luminance(await background(game.locator('body')))).toBeLessThan(0.1);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await expect(game.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(luminance(await background(game.locator('body')))).toBeGreaterThan(0.8);
});

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the slot fits, plays, and the launch fallback is in view', async ({ page }) => {
    test.setTimeout(90_000);
    const { game, username } = await openSlot(page);
    // Nothing wider than the game's frame.
    const { scrollWidth, clientWidth } = await game
      .locator('html')
      .evaluate((root) => ({ scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The reels, the bet and Spin are all in the first screen of the frame.
    for (const part of [
      game.getByTestId('reels'),
      game.getByRole('combobox'),
      game.getByRole('button', { name: 'Raise bet' }),
      game.getByTestId('spin'),
    ]) {
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    await expect(page.getByTestId('game-fallback')).toBeInViewport({ ratio: 1 });

    await game.getByRole('button', { name: 'Raise bet' }).click();
    await expect(game.getByRole('combobox')).toHaveValue('2.00');
    await rigNextSpin(username, ['seven', 'lemon', 'star']);
    await game.getByTestId('spin').click();
    await expect(game.getByTestId('round-result')).toHaveText('No win this time.');
    expect(await reelNames(game)).toEqual(['Seven', 'Lemon', 'Star']);
    await expect(game.getByTestId('play-balance')).toHaveText('98.00');

    await game.getByTestId('paytable').getByText('Paytable').click();
    await expect(game.getByTestId('paytable').locator('tbody tr').first()).toBeVisible();
    const after = await game
      .locator('html')
      .evaluate((root) => ({ scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }));
    expect(after.scrollWidth).toBeLessThanOrEqual(after.clientWidth);
  });
});
