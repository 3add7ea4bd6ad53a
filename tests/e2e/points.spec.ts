import { expect, test } from '@playwright/test';
import { bearer, encryptedCall, loginToken } from '../support/identityClient';
import { newAccount } from './accounts';
import { noSideways, signedInAs } from './backOfficeFlows';
import { grantBonus, opsCommand, upsertGoods } from './ops';
import { loginAs, openSlot, uniqueName } from './support';

const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

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

/**
 * A physical good (the review's finding) at phone width: its card says it is shipped and, while
 * Redeem is off, why; the redeem dialog asks where to ship it and refuses a bad part under that
 * part; the member's history and the operator's queue show the address as the member typed it
 * (markup as text), and the next redemption starts from it.
 */
test('a physical good asks for a delivery address, which the member and the operator see', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const code = `E2E_${uniqueName('').toUpperCase()}`;
  const name = `Travel mug ${code}`;
  await upsertGoods({
    code,
    name: { EN: name },
    image: '/goods/voucher.svg',
    points: 60,
    amount: '0.00',
    quantity: 3,
    status: 'active',
    kind: 'physical',
  });
  const member = await newAccount();
  const token = await loginToken(server, member.username, member.password);
  const set = await encryptedCall(
    server,
    '/wps/member/paymentPassword',
    'POST',
    { loginPassword: member.password, paymentPassword: '135790' },
    bearer(token),
  );
  expect(set.body.success, JSON.stringify(set.body)).toBe(true);
  const givePoints = async (points: number) =>
    expect(
      (
        await page.request.post('/wps/dev/points', { data: { account: member.username, points } })
      ).ok(),
    ).toBe(true);
  await givePoints(20);

  await loginAs(page, member.username, member.password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/pointMall');
  await expect(page.getByTestId('point-balance')).toHaveText('20');
  const card = page.getByTestId('goods-list').locator(`[data-code="${code}"]`);
  await expect(card).toContainText('Shipped to you');
  await expect(card.getByTestId('redeem-blocked')).toHaveText('You need 40 more points');
  await expect(card.getByRole('button', { name: `Redeem ${name}` })).toBeDisabled();
  await noSideways(page);

  await givePoints(100);
  await page.reload();
  await expect(page.getByTestId('point-balance')).toHaveText('120');
  await expect(card.getByTestId('redeem-blocked')).toHaveCount(0);
  await card.getByRole('button', { name: `Redeem ${name}` }).click();
  const dialog = page.locator('dialog[data-modal="redeem"]');
  await expect(dialog.getByText('This item is shipped. Tell us where to send it.')).toBeVisible();
  await dialog.getByLabel("Recipient's name").fill('Ann <b>Lee</b>');
  await dialog.getByLabel('Phone number').fill('12');
  await dialog.getByLabel('Street address').fill('12 Lý Thường Kiệt');
  await dialog.getByLabel('City').fill('Hà Nội');
  await dialog.getByLabel('Postcode (optional)').fill('100000');
  await dialog.getByLabel('Country').selectOption('VN');
  await dialog.getByLabel('Payment password').fill('135790');
  await dialog.getByTestId('redeem-submit').click();
  await expect(dialog.getByText('Enter a phone number of 6 to 15 digits.')).toBeVisible();
  await expect(dialog.getByLabel('Phone number')).toBeFocused();
  await noSideways(page);
  await dialog.getByLabel('Phone number').fill('+84 90 000 0001');
  await dialog.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('toast').last()).toContainText(`${name} redeemed`);
  await expect(page.getByTestId('point-balance')).toHaveText('60');
  await expect(card).toContainText('2 left');

  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await expect(page.getByTestId('redemption-delivery')).toHaveText(
    'Ship to: Ann <b>Lee</b> · +84 90 000 0001, 12 Lý Thường Kiệt, 100000 Hà Nội, Vietnam',
  );
  await noSideways(page);

  // The next one starts from the last address.
  await page.getByRole('tab', { name: 'Goods' }).click();
  await card.getByRole('button', { name: `Redeem ${name}` }).click();
  await expect(dialog.getByText('Filled in from your last delivery.')).toBeVisible();
  await expect(dialog.getByLabel("Recipient's name")).toHaveValue('Ann <b>Lee</b>');
  await expect(dialog.getByLabel('Country')).toHaveValue('VN');
  await dialog.getByRole('button', { name: /close/i }).click();

  // The operator ships it: the address in the command line's list and the back office queue.
  const waiting = JSON.parse((await opsCommand('redeem', 'list')).stdout) as {
    id: string;
    goods: { code: string };
    delivery: { recipient: string; country: string } | null;
  }[];
  const mine = waiting.find((one) => one.goods.code === code)!;
  expect(mine.delivery).toMatchObject({ recipient: 'Ann <b>Lee</b>', country: 'VN' });
  const operator = await browser.newPage({ viewport: { width: 360, height: 740 } });
  try {
    await signedInAs(operator, ['marketing'], 'redemptions');
    const row = operator.getByTestId('redemption-queue').locator('tr', {
      hasText: new RegExp(`#${mine.id}(?!\\d)`),
    });
    await expect(row.getByTestId('redemption-ship-to')).toContainText('Ann <b>Lee</b>');
    await expect(row.getByTestId('redemption-ship-to')).toContainText('100000 Hà Nội');
    await noSideways(operator);
  } finally {
    await operator.close();
  }
});
