import { expect, type Page, test } from '@playwright/test';
import { newAccount } from './accounts';
import { loginAs } from './support';

// The smallest valid PNG, as a user's screenshot would arrive.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function deposit(page: Page, amount: string, expected: string) {
  await page.goto('/member/depositv2');
  await page.getByLabel('Amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('balance')).toHaveText(expected, { timeout: 10_000 });
}

async function requestWithdrawal(page: Page, amount: string) {
  await page.getByLabel('Amount').fill(amount);
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText(`Withdrawal of ${amount} requested.`)).toBeVisible();
}

/** The newest withdrawal card; the demo channel pays it within seconds, live over the socket. */
async function newestPaid(page: Page) {
  const card = page.getByTestId('withdrawal-list').locator('li').first();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Paid: please confirm receipt', {
    timeout: 15_000,
  });
  return card;
}

test('withdrawal: payment password, held amount, partially then all received, not received with a proof; the records list it all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await deposit(page, '500', '$ 500.00');

  await page.goto('/member/withdraw');
  // A new account has no payment password yet: set one, proven with the login password.
  const setForm = page.getByTestId('payment-password-form');
  await setForm.getByLabel('Login password').fill(password);
  await setForm.getByLabel('Payment password', { exact: true }).fill('123456');
  await setForm.getByLabel('Confirm payment password').fill('654321');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByText('The two payment passwords are not the same.')).toBeVisible();
  await setForm.getByLabel('Confirm payment password').fill('123456');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByText(/Withdraw between 50\.00 and 20,000\.00/)).toBeVisible();
  await expect(page.getByText('No withdrawals yet.')).toBeVisible();

  await page.getByLabel('Payment password').fill('111111');
  await page.getByLabel('Amount').fill('100');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('The payment password is not correct.')).toBeVisible();
  // Under the payment password, not under the amount (issue 34, finding 6).
  await expect(page.getByLabel('Payment password')).toHaveAccessibleDescription(
    'The payment password is not correct.',
  );
  await expect(page.getByLabel('Amount')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('balance')).toHaveText('$ 500.00');

  // What can be withdrawn is shown, and Max fills it in (issue 34, finding 10).
  await expect(page.getByTestId('withdrawable')).toContainText('Withdrawable now: 500.00');
  await page.getByTestId('withdraw-max').click();
  await expect(page.getByLabel('Amount')).toHaveValue('500.00');
  await page.getByLabel('Payment password').fill('123456');
  await requestWithdrawal(page, '100.00');
  await expect(page.getByTestId('balance')).toHaveText('$ 400.00');
  // Requested: the form is empty again, the withdrawable amount follows the balance.
  await expect(page.getByLabel('Amount')).toHaveValue('');
  await expect(page.getByLabel('Payment password')).toHaveValue('');
  await expect(page.getByTestId('withdrawable')).toContainText('400.00');

  // Partially received: the page computes what remains; then the rest arrives.
  let card = await newestPaid(page);
  await card.getByRole('button', { name: 'Partially received' }).click();
  await card.getByLabel('Amount received').fill('60');
  await expect(card.getByText('Remaining: 40.00')).toBeVisible();
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Partially received');
  await expect(card.getByText('Received 60.00, remaining 40.00.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Received', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'All received' }).click();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Received');
  await expect(card.getByRole('button')).toHaveCount(0);

  // Not received: a proof image is required, and only png or jpg.
  await page.getByLabel('Payment password').fill('123456');
  await requestWithdrawal(page, '50.00');
  await expect(page.getByTestId('balance')).toHaveText('$ 350.00');
  card = await newestPaid(page);
  await card.getByRole('button', { name: 'Not received' }).click();
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Attach a proof image (png or jpg).')).toBeVisible();
  await card
    .getByLabel(/Proof image/)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('The image must be a png or jpg file.')).toBeVisible();
  await card
    .getByLabel(/Proof image/)
    .setInputFiles({ name: 'bank-statement.png', mimeType: 'image/png', buffer: png });
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Reported not received');
  // The held amount waits for support: nothing returned yet.
  await expect(page.getByTestId('balance')).toHaveText('$ 350.00');

  // The account record lists every movement; the type filter narrows it.
  await page.goto('/member/transactionHistory');
  const account = page.getByTestId('account-records');
  await expect(account.locator('tbody tr')).toHaveCount(3);
  await expect(account.locator('tbody tr').nth(0)).toContainText('Withdrawal');
  await expect(account.locator('tbody tr').nth(0)).toContainText('-50.00');
  await expect(account.locator('tbody tr').nth(1)).toContainText('-100.00');
  await expect(account.locator('tbody tr').nth(2)).toContainText('Deposit');
  await account.getByLabel('Type').selectOption('deposit');
  await account.getByTestId('account-records-search').click();
  await expect(account.locator('tbody tr')).toHaveCount(1);
  await expect(account.locator('tbody tr')).toContainText('500.00');

  await page.goto('/member/personalProfit');
  const totals = page.getByTestId('profit-records-totals');
  await expect(totals).toContainText('500.00');
  await expect(totals).toContainText('150.00');

  await page.goto('/member/bonusDetails');
  await expect(page.getByText('No bonuses in this period.')).toBeVisible();
  await page.goto('/member/personalHistoryCopy');
  await expect(page.getByText('No bets in this period.')).toBeVisible();
});

test('records refuse a reversed date range with a clear message', async ({ page }) => {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/transactionHistory');
  const view = page.getByTestId('account-records');
  await expect(view.getByText('No account movements in this period.')).toBeVisible();
  await view.getByLabel('From').fill('2026-11-20');
  await view.getByLabel('To').fill('2026-11-10');
  await view.getByTestId('account-records-search').click();
  await expect(view.getByRole('alert')).toHaveText(
    'Choose a start date before the end date, at most 92 days apart.',
  );
});
