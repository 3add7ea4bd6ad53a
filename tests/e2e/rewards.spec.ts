import { expect, test } from '@playwright/test';
import { newAccount } from './accounts';
import { createPromotion, grantBonus } from './ops';
import { loginAs, openSlot, uniqueName } from './support';

test('a player signs up for a deposit bonus, deposits, claims it in the reward centre and wagers it live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // 50 % of a deposit of 20.00 → 10.00, to wager (20 + 10) × 1 = 30.00.
  const code = `E2E_BONUS_${uniqueName('').toUpperCase()}`;
  await createPromotion({
    code,
    type: 'depositBonus',
    content: { EN: { title: 'Half on top', summary: '50% of your deposit.', terms: '' } },
    startsAt: '2026-01-01T00:00:00Z',
    terms: { percent: '50', cap: '10.00', minDeposit: '10.00', wageringMultiplier: 1 },
  });
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  await page.goto('/promotions');
  const card = page.getByTestId('promotion-list').locator(`[data-code="${code}"]`);
  await card.getByRole('button', { name: 'Sign up for the bonus' }).click();
  await expect(page.getByTestId('toast')).toContainText('You are signed up for Half on top');
  await expect(card.getByTestId('promotion-status')).toHaveText('Signed up');

  await page.goto('/member/depositv2');
  await page.getByLabel('Amount').fill('20');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('balance')).toHaveText('$ 20.00', { timeout: 10_000 });
  // The deposit earned the bonus: the reward centre's red dot counts it, live.
  const nav = page.getByRole('navigation', { name: 'Member centre' });
  const rewardLink = nav.getByRole('link', { name: /Reward cent/ });
  await expect(rewardLink.getByTestId('reward-badge')).toHaveText('1');

  await rewardLink.click();
  const centre = page.getByTestId('reward-centre');
  const reward = centre.getByTestId('reward-item');
  await expect(reward).toContainText('Half on top');
  await expect(reward).toContainText('For your deposit of 20.00');
  await expect(reward).toContainText('wager 30.00 to unlock');
  // It waits 30 days, and says until when.
  const end = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
    new Date(Date.now() + 30 * 86_400_000),
  );
  await expect(reward).toContainText(`claim by ${end}`);
  await reward.getByRole('button', { name: 'Claim Half on top, 10.00' }).click();
  // A bonus to wager is its own balance (issue 28): the real balance stays, the bonus shows in
  // the account menu beside it, live.
  await expect(page.getByTestId('toast').last()).toContainText('10.00 added to your bonus balance');
  await expect(page.getByTestId('balance')).toHaveText('$ 20.00');
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('menu-bonus-balance')).toContainText('$ 10.00');
  await page.getByTestId('account-menu').click();
  await expect(rewardLink.getByTestId('reward-badge')).toHaveCount(0);
  await expect(centre.getByTestId('wagering-figures')).toHaveText(
    'Wagered 0.00 of 30.00 · 30.00 left',
  );
  await expect(centre.getByRole('progressbar', { name: /Half on top/ })).toHaveAttribute(
    'value',
    '0',
  );

  // The withdrawal page says why money cannot leave yet, before the form is filled in.
  await page.goto('/member/withdraw');
  await expect(page.getByTestId('withdraw-locked')).toContainText('30.00 more');

  // The member on another device, on the reward centre, follows the play without a reload.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await loginAs(watcher, username, password);
  await expect(watcher.getByTestId('account-menu')).toBeVisible();
  await watcher.goto('/member/rewardCenter');
  const figures = watcher.getByTestId('reward-centre').getByTestId('wagering-figures');
  await expect(figures).toHaveText('Wagered 0.00 of 30.00 · 30.00 left');

  await grantBonus(username, '50.00');
  const game = await openSlot(page, '10.00');
  await game.getByTestId('spin').click();
  await expect(figures).toHaveText('Wagered 10.00 of 30.00 · 20.00 left');
  await expect(game.getByTestId('spin')).toBeEnabled();
  await game.getByTestId('spin').click();
  await expect(figures).toHaveText('Wagered 20.00 of 30.00 · 10.00 left');
  await expect(game.getByTestId('spin')).toBeEnabled();
  await game.getByTestId('spin').click();
  // Met: the lock is gone from the reward centre and the withdrawal page.
  await expect(watcher.getByTestId('reward-lock')).toHaveCount(0);
  await expect(watcher.getByTestId('reward-history')).toContainText('Half on top');
  await watcher.goto('/member/withdraw');
  await expect(watcher.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
  await expect(watcher.getByTestId('withdraw-locked')).toHaveCount(0);
  await watcher.goto('/promotions');
  await expect(watcher.locator(`[data-code="${code}"]`).getByTestId('promotion-status')).toHaveText(
    'Closed',
  );
});

test('a player forfeits a bonus from the reward centre after confirming, and the lock lifts', async ({
  page,
}) => {
  const code = `E2E_FORFEIT_${uniqueName('').toUpperCase()}`;
  await createPromotion({
    code,
    type: 'depositBonus',
    content: { EN: { title: 'Forfeit me', summary: '', terms: '' } },
    startsAt: '2026-01-01T00:00:00Z',
    terms: { percent: '100', cap: '15.00', minDeposit: '10.00', wageringMultiplier: 20 },
  });
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/promotions');
  const card = page.getByTestId('promotion-list').locator(`[data-code="${code}"]`);
  await card.getByRole('button', { name: 'Sign up for the bonus' }).click();
  await expect(card.getByTestId('promotion-status')).toHaveText('Signed up');
  await page.goto('/member/depositv2');
  await page.getByLabel('Amount').fill('10');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('balance')).toHaveText('$ 10.00', { timeout: 10_000 });

  // The promotion's card sends the member to the reward centre to claim.
  await page.goto('/promotions');
  await card.getByRole('link', { name: 'Claim in the reward centre' }).click();
  await page
    .getByTestId('reward-centre')
    .getByRole('button', { name: /^Claim/ })
    .click();
  await expect(page.getByTestId('wagering-figures')).toContainText('400.00 left');
  await expect(page.getByTestId('wagering-balance')).toContainText('10.00');
  await expect(page.getByTestId('balance')).toHaveText('$ 10.00');

  await page.getByTestId('forfeit-bonus').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Forfeit this bonus?');
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('reward-lock')).toBeVisible();
  await page.getByTestId('forfeit-bonus').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Forfeit bonus' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('10.00 returned');
  await expect(page.getByTestId('balance')).toHaveText('$ 10.00');
  await expect(page.getByTestId('reward-lock')).toHaveCount(0);
});

test('a member joins a raffle from its card and sees tickets from play, with the draw’s commitment', async ({
  page,
}) => {
  const code = `E2E_RAFFLE_${uniqueName('').toUpperCase()}`;
  await createPromotion({
    code,
    type: 'raffle',
    content: { EN: { title: 'Lucky draw', summary: 'Tickets from play.', terms: '' } },
    startsAt: '2026-01-01T00:00:00Z',
    terms: {
      ticketPer: '10.00',
      drawAt: '2099-01-01T00:00:00Z',
      prizes: [{ amount: '50.00', count: 2 }],
      wageringMultiplier: 1,
    },
  });
  const { username, password } = await newAccount();
  await grantBonus(username, '100.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/promotions');
  const card = page.getByTestId('promotion-list').locator(`[data-code="${code}"]`);
  await expect(card.getByTestId('raffle-details')).toContainText('2 prizes of 50.00');
  await card.getByText('How the draw works').click();
  await expect(card.locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(card.getByTestId('promotion-status')).toHaveText('Joined');
  await expect(card.getByTestId('raffle-tickets')).toHaveText(/You have 0 tickets of \d+\./);

  const game = await openSlot(page, '20.00');
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('spin')).toBeEnabled();
  await page.locator('dialog[data-modal="game"]').getByRole('button', { name: /close/i }).click();
  await page.goto('/promotions');
  await expect(card.getByTestId('raffle-tickets')).toHaveText(/You have 2 tickets of \d+\./);
});
