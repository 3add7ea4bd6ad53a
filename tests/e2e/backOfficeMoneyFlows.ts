import { expect, type Page } from '@playwright/test';
import { newAccount } from './accounts';
import { noSideways, signedInAs } from './backOfficeFlows';
import { grantBonus } from './ops';

/** Hundredths of a money string ("1,234.50" is never shown here: the figures are plain). */
const cents = (text: string | null) => Math.round(Number(text ?? 'NaN') * 100);

/**
 * The back office's dashboard (issue 30) in the real browser: a finance clerk watches today's
 * figures, a bonus is granted elsewhere (the command line), and the bonus cost moves by exactly
 * that much without a reload; a marketing manager has no dashboard.
 */
export async function dashboardFlow(page: Page) {
  await signedInAs(page, ['finance'], 'dashboard');
  const cost = page.getByTestId('dashboard-today-bonusCost');
  await expect(cost).toHaveText(/^-?\d+\.\d{2}$/);
  const before = cents(await cost.textContent());
  await noSideways(page);
  const player = await newAccount();
  await grantBonus(player.username, '12.34');
  await expect.poll(async () => cents(await cost.textContent())).toBe(before + 1234);
  await expect(page.getByTestId('dashboard-days')).toBeVisible();
  // The 30 days as charts too (uPlot, loaded with the first chart), each with its numbers.
  for (const chart of ['cash', 'result', 'play']) {
    await expect(page.getByTestId(`dashboard-chart-${chart}`).locator('canvas')).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-chart-result')).toContainText('GGR');
  await noSideways(page);
}

export async function dashboardRolesFlow(page: Page) {
  await signedInAs(page, ['marketing']);
  await expect(page.getByRole('tab', { name: 'Promotions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveCount(0);
  const refused = await page.request.get('/ops/dashboard', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('supportToken'))}`,
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden_role');
}
