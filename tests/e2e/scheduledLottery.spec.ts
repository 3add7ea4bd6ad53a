import AxeBuilder from '@axe-core/playwright';
import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { newAccount } from './accounts';
import { drawLotteryNow, grantBonus } from './ops';
import { loginAs, placeVnSlip } from './support';

/**
 * Issue 34, finding 4, the other scheduled lotteries: a /lottery game (Lucky Numbers, five
 * digits; Fast 3, three dice) is no longer the instant digit draw. The player picks the group's
 * bet types (a digit at a position, the last two digits; a dice sum, big/small), builds a slip
 * with a unit and a multiplier, places it on the draw taking bets, sees the ticket wait for its
 * draw and then settled with its win, the draw among the last results and the balance moved. On
 * a desktop and on a 360 px phone without sideways scrolling.
 */

/** No serious or critical axe-core finding (WCAG 2.x A and AA) on the page and its game frame. */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const found = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
  expect(found).toEqual([]);
}

/** No part of the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openGame(page: Page, gameCode: string) {
  const { username, password } = await newAccount();
  await grantBonus(username, '300.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('balance')).toHaveText('$ 300.00');
  await page.goto(`/lottery?gameCode=${gameCode}`);
  const game = page.frameLocator('.lottery-frame');
  await expect(game.getByTestId('vn-lotto')).toBeVisible();
  await expect(game.getByTestId('vn-countdown')).toBeVisible();
  // Not the instant digit game.
  await expect(game.getByTestId('draw')).toHaveCount(0);
  return game;
}

test('a Lucky Numbers slip is placed on its draw and settled against the drawn digits', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const game = await openGame(page, 'LOTT-LOTT-003');

  // Digit 7 at the second position and at the fifth, 1.00 × 2 each; last two 45 at 1.00.
  await game.getByTestId('vn-bet-type-digit').click();
  await game.getByTestId('draw-position').selectOption('2');
  await game.getByTestId('vn-number-7').click();
  await game.getByTestId('vn-unit').selectOption('1.00');
  await game.getByTestId('vn-multiplier').fill('2');
  await game.getByTestId('vn-add').click();
  await game.getByTestId('draw-position').selectOption('5');
  await game.getByTestId('vn-number-7').click();
  await game.getByTestId('vn-add').click();
  await game.getByTestId('vn-bet-type-last2').click();
  await game.getByTestId('vn-number-45').click();
  await game.getByTestId('vn-multiplier').fill('1');
  await game.getByTestId('vn-add').click();
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(3);
  await expect(game.getByTestId('vn-slip-total')).toContainText('5.00');
  // The slip can still be edited: the second line goes.
  await game
    .getByTestId('vn-slip-line')
    .nth(1)
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(game.getByTestId('vn-slip-line')).toHaveCount(2);
  await expect(game.getByTestId('vn-slip-total')).toContainText('3.00');

  const numero = await placeVnSlip(game);
  await expect(page.getByTestId('balance')).toHaveText('$ 297.00');
  const ticket = game.getByTestId('vn-ticket').filter({ hasText: numero }).first();
  await expect(ticket).toHaveAttribute('data-status', 'open');

  // The draw 3 7 0 4 5: the 7 second pays 2.00 × 9.5 = 19.00, the last two 45 pay 95.00.
  expect(await drawLotteryNow('LOTT-LOTT-003', numero, [3, 7, 0, 4, 5])).toEqual({
    settled: 1,
    voided: 0,
  });
  await expect(ticket).toHaveAttribute('data-status', 'settled', { timeout: 20_000 });
  await expect(ticket).toContainText('114.00');
  await expect(page.getByTestId('balance')).toHaveText('$ 411.00');
  const result = game.locator(`[data-testid="draw-result"][data-numero="${numero}"]`);
  await expect(result).toContainText('37045', { timeout: 20_000 });
});

const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
};

test.describe('on a 360 px phone', () => {
  test.use(phone);
  test('a Fast 3 slip of a sum and big/small, placed and settled on a phone', async ({ page }) => {
    test.setTimeout(150_000);
    const game = await openGame(page, 'LOTT-LOTT-005');
    await game.getByTestId('vn-bet-type-diceSum').click();
    await game.getByTestId('vn-number-11').click();
    await game.getByTestId('vn-add').click();
    await game.getByTestId('vn-bet-type-diceBigSmall').click();
    await game.getByTestId('vn-number-big').click();
    await game.getByTestId('vn-add').click();
    await expect(game.getByTestId('vn-slip-line')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    const numero = await placeVnSlip(game);
    const ticket = game.getByTestId('vn-ticket').filter({ hasText: numero }).first();
    await expect(ticket).toHaveAttribute('data-status', 'open');
    // 5 + 5 + 1 = 11, big: 7.60 + 1.95.
    expect(await drawLotteryNow('LOTT-LOTT-005', numero, [5, 5, 1])).toEqual({
      settled: 1,
      voided: 0,
    });
    await expect(ticket).toHaveAttribute('data-status', 'settled', { timeout: 20_000 });
    await expect(ticket).toContainText('9.55');
    await expect(page.getByTestId('balance')).toHaveText('$ 307.55');
    await expectNoSidewaysScroll(page);
  });
});
