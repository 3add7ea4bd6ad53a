import { expect, test } from '@playwright/test';
import { newAccount } from './accounts';
import { grantBonus } from './ops';
import { loginAs } from './support';

/**
 * Missions with the shipped configuration: "Bet 100.00 on lottery today" pays 0.10 (wagered
 * once) to the reward centre. Two number draws of 50.00 complete it; the missionLeaderboard
 * and reward-centre red dots count it until it is claimed.
 */
test('a mission completes after lottery bets and its reward is claimed, the red dots clearing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { username, password } = await newAccount();
  await grantBonus(username, '300.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  await page.goto('/member/missionLeaderboard');
  const mission = page.getByTestId('mission-list').locator('[data-code="DAILY_LOTTERY_100"]');
  await expect(mission.getByTestId('mission-progress')).toHaveText('0.00 / 100.00 · Reward 0.10');
  await expect(
    page.getByTestId('mission-leaderboard-table').or(page.getByText(/No mission completed/)),
  ).toBeVisible();

  await page.goto('/lott');
  await page
    .getByTestId('game-centre-LOTT')
    .getByRole('button', { name: 'Play now' })
    .first()
    .click();
  const draw = page.frameLocator('.lottery-frame');
  // The vendor's card opens the lottery lobby; Bet opens a game's betting view.
  await draw.getByRole('link', { name: 'Bet' }).first().click();
  await expect(draw.getByTestId('draw')).toBeEnabled();
  await draw.getByRole('combobox').selectOption('50.00');
  await draw.getByTestId('draw').click();
  await expect(draw.getByTestId('round-result')).toBeVisible();
  await expect(draw.getByTestId('draw')).toBeEnabled();
  await draw.getByTestId('draw').click();
  await expect(draw.getByTestId('round-result')).toBeVisible();

  await page.goto('/member/missionLeaderboard');
  const nav = page.getByRole('navigation', { name: 'Member centre' });
  await expect(nav.getByRole('link', { name: /Mission/ }).getByTestId('mission-badge')).toHaveText(
    '1',
  );
  await expect(mission).toContainText('Completed');
  await expect(mission.getByTestId('mission-progress')).toContainText('100.00 / 100.00');
  await expect(page.getByTestId('mission-rank')).toContainText('with 1 mission completed');

  await nav.getByRole('link', { name: /Reward cent/ }).click();
  const reward = page
    .getByTestId('reward-waiting')
    .getByTestId('reward-item')
    .filter({ hasText: 'Bet 100.00 on lottery today' });
  await reward.getByRole('button', { name: /^Claim/ }).click();
  await expect(page.getByTestId('toast').last()).toContainText('0.10 added to your bonus balance');
  await expect(nav.getByRole('link', { name: /Mission/ }).getByTestId('mission-badge')).toHaveCount(
    0,
  );
});
