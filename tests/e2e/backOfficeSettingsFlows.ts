import { expect, type Page } from '@playwright/test';
import { noSideways, signedInAs } from './backOfficeFlows';

/**
 * The back office's VIP levels and missions (issue 30) in the real browser, the flows the
 * desktop and phone specs run: marketing lowers a level's daily withdrawal limit (it pays less:
 * saved at once, and read back after a reload), sees a rebate that would beat the house refused
 * before saving, and sends a higher mission reward for a second person's approval; finance reads
 * the same page without a way to change it.
 */
export async function settingsFlow(page: Page) {
  await signedInAs(page, ['marketing'], 'vip');
  const panel = page.getByTestId('settings-panel');
  const platinum = panel.getByTestId('settings-level-4');
  const limit = platinum.getByLabel('Daily withdrawal limit (empty: none)');
  const before = Number(await limit.inputValue());
  const lower = (before - 1).toFixed(2);
  await limit.fill(lower);
  await panel.getByRole('button', { name: 'Check against the returns budget' }).click();
  await expect(panel.getByTestId('settings-verdict')).toContainText('Within the returns budget');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('VIP levels and missions saved');
  await noSideways(page);
  await page.reload();
  await expect(
    panel.getByTestId('settings-level-4').getByLabel(/Daily withdrawal limit/),
  ).toHaveValue(lower);
  await expect(panel.getByTestId('settings-source')).toContainText('Last saved by staff:');

  // A rebate that beats the house: itemised, and Save stays off.
  const rebate = panel.getByTestId('settings-level-5').getByLabel('Rebate % (all games)');
  await rebate.fill('2.00');
  await panel.getByRole('button', { name: 'Check against the returns budget' }).click();
  await expect(panel.getByTestId('settings-verdict')).toContainText('Over the returns budget');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await rebate.fill('0.55');

  // Paying more (a mission's reward up) waits for a second person.
  const reward = panel.getByTestId('settings-mission-WEEKLY_DEPOSIT_2').getByLabel('Reward', {
    exact: true,
  });
  await reward.fill((Number(await reward.inputValue()) + 0.01).toFixed(2));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    "Waiting for a second person's approval",
  );
}

export async function settingsReadOnlyFlow(page: Page) {
  await signedInAs(page, ['finance'], 'vip');
  const panel = page.getByTestId('settings-panel');
  await expect(panel.getByTestId('settings-level-0')).toBeVisible();
  await expect(
    panel.getByTestId('settings-level-0').getByLabel('Valid bets to reach it'),
  ).toHaveAttribute('readonly', '');
  await expect(panel.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await noSideways(page);
}
