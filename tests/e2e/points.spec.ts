import { expect, test } from '@playwright/test';
import { newAccount } from './accounts';
import { grantBonus, opsCommand, upsertGoods } from './ops';
import { loginAs, openSlot, uniqueName } from './support';

/**
 * The points mall with the shipped rates (1 point per 1.00 of slot bets; 100 points convert to
 * 0.10): points earned by play are converted to money and spent on a good the operator adds,
 * whose redemption the operator approves.
 */
test('points earned by play are converted to money and redeemed for goods the operator approves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const code = `E2E_${uniqueName('').toUpperCase()}`;
  await upsertGoods({
    code,
    name: { EN: 'Lucky keyring' },
    image: '/goods/voucher.svg',
    points: 50,
    amount: '1.00',
    quantity: 3,
    status: 'active',
  });
  const { username, password } = await newAccount();
  await grantBonus(username, '200.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  const game = await openSlot(page, '50.00');
  for (let spin = 0; spin < 3; spin++) {
    await game.getByTestId('spin').click();
    await expect(game.getByTestId('spin')).toBeEnabled();
  }
  await page.locator('dialog[data-modal="game"]').getByRole('button', { name: /close/i }).click();

  await page.goto('/pointMall');
  await expect(page.getByTestId('point-balance')).toHaveText('150');
  // 100 points to money: the header's balance rises by 0.10 (read once the page has it: the
  // header's numbers come after the first screen).
  await expect(page.getByTestId('balance')).toHaveText(/\d/);
  const before = (await page.getByTestId('balance').textContent()) ?? '';
  await page.getByLabel('Points to convert').fill('120');
  await page.getByTestId('convert-points').click();
  await expect(page.getByText('Enter a multiple of 100 points.')).toBeVisible();
  await page.getByLabel('Points to convert').fill('100');
  await expect(page.getByTestId('convert-points')).toHaveText('Convert for 0.10');
  await page.getByTestId('convert-points').click();
  await expect(page.getByTestId('toast').last()).toContainText('100 points converted');
  await expect(page.getByTestId('point-balance')).toHaveText('50');
  const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  await expect
    .poll(async () => amount((await page.getByTestId('balance').textContent()) ?? ''))
    .toBeCloseTo(amount(before) + 0.1, 2);

  // The good: 50 points and 1.00, with the payment password (a new account sets one first).
  const card = page.getByTestId('goods-list').locator(`[data-code="${code}"]`);
  await expect(card).toContainText('50 points + 1.00');
  await expect(card).toContainText('3 left');
  await card.getByRole('button', { name: 'Redeem Lucky keyring' }).click();
  const dialog = page.locator('dialog[data-modal="redeem"]');
  await dialog.getByLabel('Payment password').fill('123456');
  await dialog.getByTestId('redeem-submit').click();
  await expect(dialog.getByText('Set a payment password first.')).toBeVisible();
  await dialog.getByRole('button', { name: /close/i }).click();

  await page.goto('/member/withdraw');
  const setForm = page.getByTestId('payment-password-form');
  await setForm.getByLabel('Login password').fill(password);
  await setForm.getByLabel('Payment password', { exact: true }).fill('135790');
  await setForm.getByLabel('Confirm payment password').fill('135790');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByTestId('withdraw-submit')).toBeVisible();

  await page.goto('/pointMall');
  await card.getByRole('button', { name: 'Redeem Lucky keyring' }).click();
  await dialog.getByLabel('Payment password').fill('135790');
  await dialog.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('toast').last()).toContainText('Lucky keyring redeemed');
  await expect(page.getByTestId('point-balance')).toHaveText('0');
  await expect(card).toContainText('2 left');

  await page.getByRole('tab', { name: 'Redeem history' }).click();
  const history = page.getByTestId('redemptions');
  await expect(history).toContainText('Lucky keyring');
  await expect(history).toContainText('In process');
  const waiting = JSON.parse((await opsCommand('redeem', 'list')).stdout) as {
    id: string;
    goods: { code: string };
  }[];
  const mine = waiting.find((one) => one.goods.code === code)!;
  await opsCommand('redeem', 'approve', mine.id);
  await page.reload();
  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await expect(page.getByTestId('redemptions')).toContainText('Approved');
  await page.getByRole('tab', { name: 'Points history' }).click();
  await expect(page.getByTestId('point-history')).toContainText('Converted to money');
  await expect(page.getByTestId('point-history')).toContainText('Earned by play');
});
