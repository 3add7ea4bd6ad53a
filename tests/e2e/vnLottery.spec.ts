import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { newAccount } from './accounts';
import { drawVnNow, grantBonus } from './ops';
import { loginAs, placeVnSlip } from './support';

/**
 * Issue 34, finding 4: the Vietnam lottery as a Vietnamese player expects it. A player chooses
 * a northern city from the compact chooser (the game opens right under it, in view), builds a
 * slip of lô, đề and xiên lines on the 00–99 grid with a unit and a multiplier, places it on the
 * draw taking bets, and sees it settled at the draw against the prize tiers: the ticket's win,
 * the results table by tier, and the site's balance moving live. On a desktop and a 390 px phone.
 */

async function journey(page: Page, phone: boolean, gameCode: string) {
  test.setTimeout(150_000);
  const { username, password } = await newAccount();
  await grantBonus(username, '300.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('$ 300.00');

  // No game yet: the chooser and a prompt, no vendor code anywhere.
  await page.goto('/vnLottery');
  await expect(page.getByTestId('lottery-prompt')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('TCG_LOTTO_VN');
  const hanoi = page
    .getByTestId('lottery-menu')
    .locator(`[data-testid="lottery-city"][data-game-code="${gameCode}"]`);
  await hanoi.click();
  await expect(page).toHaveURL(new RegExp(`gameCode=${gameCode}`));
  await expect(hanoi).toHaveAttribute('aria-current', 'page');
  // The game is right there, in view.
  await expect(page.getByTestId('lottery-game')).toBeInViewport();
  const game = page.frameLocator('.lottery-frame');
  await expect(game.getByTestId('vn-lotto')).toBeVisible();
  await expect(game.getByTestId('vn-countdown')).toBeVisible();
  await expect(game.locator('body')).not.toContainText('TCG_LOTTO_VN');

  // Lô 2 số on 27 and 45 at 1.00 × 2; đề 27 at 1.00; xiên 2 on 27 + 45 at 1.00.
  await game.getByTestId('vn-bet-type-lo2').click();
  await game.getByTestId('vn-number-27').click();
  await game.getByTestId('vn-number-45').click();
  await game.getByTestId('vn-unit').selectOption('1.00');
  await game.getByTestId('vn-multiplier').fill('2');
  await game.getByTestId('vn-add').click();
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(2);
  await game.getByTestId('vn-bet-type-de').click();
  await game.getByTestId('vn-number-27').click();
  await game.getByTestId('vn-multiplier').fill('1');
  await game.getByTestId('vn-add').click();
  await game.getByTestId('vn-bet-type-xien2').click();
  await game.getByTestId('vn-number-27').click();
  await game.getByTestId('vn-number-45').click();
  await game.getByTestId('vn-add').click();
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(4);
  await expect(game.getByTestId('vn-slip-total')).toContainText('6.00');
  if (phone) await expectNoSidewaysScroll(page);

  const numero = await placeVnSlip(game);
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText('$ 294.00');
  const ticket = game.getByTestId('vn-ticket').filter({ hasText: numero }).first();
  await expect(ticket).toHaveAttribute('data-status', 'open');

  // The draw: 27 twice among the lô numbers, 45 once, the special prize …127. Lô 27: 2.00 × 3.5
  // × 2 = 14.00; lô 45: 7.00; đề 27: 95.00; xiên 27 + 45: 17.00 — 133.00.
  expect(await drawVnNow(gameCode, numero)).toEqual({ settled: 1, voided: 0 });
  await expect(ticket).toHaveAttribute('data-status', 'settled', { timeout: 20_000 });
  await expect(ticket).toContainText('133.00');
  await expect(page.getByTestId('balance')).toHaveText('$ 427.00');
  const results = game.getByTestId('vn-results');
  await expect(results.getByTestId('vn-result-tier-DB')).toContainText('40127', {
    timeout: 20_000,
  });
  await expect(results.getByTestId('vn-result-tier-G7')).toContainText('19');
  if (phone) await expectNoSidewaysScroll(page);
}

/** No part of the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a Vietnam lottery slip is placed from the chooser and settled at its draw, on a desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Hanoi here, Hai Phong on the phone: each test draws its own city's draw.
  await journey(page, false, 'TCG_LOTTO_VN-LOTT-001');
});

test("a 3 càng line past the house's limit on its number is refused on that line, nothing charged", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { username, password } = await newAccount();
  await grantBonus(username, '50.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('balance')).toHaveText('$ 50.00');
  await page.goto('/vnLottery?gameCode=TCG_LOTTO_VN-LOTT-003');
  const game = page.frameLocator('.lottery-frame');
  await expect(game.getByTestId('vn-lotto')).toBeVisible();
  // The e2e server caps 3 càng at 950.00 a number (playwright.config.ts): one 1.00 line. A lô
  // line, then 3 càng 127 at 1.00 × 2 (1 900.00 if it comes out).
  await game.getByTestId('vn-bet-type-lo2').click();
  await game.getByTestId('vn-number-27').click();
  await game.getByTestId('vn-add').click();
  await game.getByTestId('vn-bet-type-bacang').click();
  await game.getByTestId('vn-bacang-input').fill('127');
  await game.getByTestId('vn-multiplier').fill('2');
  await game.getByTestId('vn-add').click();
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(2);
  const refusal = game.getByTestId('vn-line-error');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await expect(game.getByTestId('vn-place')).toBeEnabled({ timeout: 60_000 });
    await game.getByTestId('vn-place').click();
    const moved = game.getByTestId('vn-error');
    await expect(refusal.or(moved).first()).toBeVisible();
    if (await refusal.isVisible()) break;
    await expect(moved).toContainText(/draw/i);
  }
  // On the 3 càng line only, naming the number and the stake it still takes.
  const lines = game.getByTestId('vn-slip-line');
  await expect(lines.nth(1)).toHaveAttribute('data-refused', 'true');
  await expect(lines.nth(1).getByTestId('vn-line-error')).toHaveText(
    /^127 is at the house's limit for this draw: at most \D*1\.00 more stake is accepted on it\.$/,
  );
  await expect(lines.nth(0).getByTestId('vn-line-error')).toHaveCount(0);
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('balance')).toHaveText('$ 50.00');
});

const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

test.describe('on a 390 px phone', () => {
  test.use(phone);
  test('the same slip, chosen, placed and settled on a phone', async ({ page }) => {
    await journey(page, true, 'TCG_LOTTO_VN-LOTT-002');
  });
});
