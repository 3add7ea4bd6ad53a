import { devices, expect, type Locator, type Page, test } from '@playwright/test';
import { newAccount } from './accounts';
import { loginAs, openLogin } from './support';

/**
 * Each refusal under the field it belongs to (issue 34, finding 6; the table is
 * src/ui/components/forms/errorFields.ts): the field is flagged (aria-invalid) and described
 * by the message (aria-describedby), which sits between the field and the next one; the other
 * fields are not flagged. On the desktop and on a phone.
 */

/** `field` is refused with `message`, shown right under it (above `next`), and no other is. */
async function refusedUnder(
  field: Locator,
  message: string,
  { next, others = [] }: { next: Locator; others?: Locator[] },
) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ')[0]!;
  const error = field.page().locator(`[id="${describedBy}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error).toBeVisible();
  const box = async (one: Locator) => (await one.boundingBox())!;
  const [fieldBox, errorBox, nextBox] = [await box(field), await box(error), await box(next)];
  expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
  expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(nextBox.y);
  for (const other of others) await expect(other).not.toHaveAttribute('aria-invalid');
}

async function wrongPasswordAtLogin(page: Page) {
  const { username, password } = await newAccount();
  const popup = await openLogin(page);
  const usernameBox = popup.getByLabel('Username');
  const passwordBox = popup.getByLabel('Password', { exact: true });
  await usernameBox.fill(username);
  await passwordBox.fill('wrong-password1');
  await popup.getByTestId('login-submit').click();
  // The refusal keeps its test id (other specs read it) wherever it shows.
  await expect(popup.getByTestId('login-error')).toHaveText('Username or password is incorrect.');
  await refusedUnder(passwordBox, 'Username or password is incorrect.', {
    next: popup.getByTestId('login-submit'),
    others: [usernameBox],
  });
  await expect(popup.getByRole('alert')).toHaveCount(1);

  // Fixed, the refusal goes and the member is in.
  await page.waitForTimeout(1100); // the 1 s login throttle
  await passwordBox.fill(password);
  await popup.getByTestId('login-submit').click();
  // The proof of work runs in the page first: on a busy machine it takes a while.
  await expect(page.getByTestId('account-menu')).toContainText(username, { timeout: 20_000 });
}

async function wrongPaymentPasswordAtWithdrawal(page: Page) {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/withdraw');

  // Setting it up: a wrong login password is the login password's, not the new one's.
  const setForm = page.getByTestId('payment-password-form');
  const loginPassword = setForm.getByLabel('Login password');
  const paymentPassword = setForm.getByLabel('Payment password', { exact: true });
  const confirm = setForm.getByLabel('Confirm payment password');
  await loginPassword.fill('wrong-one-1');
  await paymentPassword.fill('123456');
  await confirm.fill('123456');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await refusedUnder(loginPassword, 'The current password is not correct.', {
    next: paymentPassword,
    others: [paymentPassword, confirm],
  });
  await confirm.fill('654321');
  await loginPassword.fill(password);
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await refusedUnder(confirm, 'The two payment passwords are not the same.', {
    next: setForm.getByRole('button', { name: 'Set payment password' }),
    others: [loginPassword, paymentPassword],
  });
  await confirm.fill('123456');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByText(/Withdraw between 50\.00 and 20,000\.00/)).toBeVisible();

  // The request: a wrong payment password is the payment password's, not the amount's.
  const payment = page.getByLabel('Payment password');
  const amount = page.getByLabel('Amount');
  await payment.fill('111111');
  await amount.fill('100');
  await page.getByTestId('withdraw-submit').click();
  await refusedUnder(payment, 'The payment password is not correct.', {
    next: amount,
    others: [amount],
  });
  // An amount out of range is the amount's, and the payment password is no longer flagged.
  await payment.fill('123456');
  await amount.fill('1');
  await page.getByTestId('withdraw-submit').click();
  await refusedUnder(amount, 'The amount is outside the allowed range.', {
    next: page.getByTestId('withdraw-submit'),
    others: [payment],
  });
}

test.describe('form errors under their fields', () => {
  // Each test makes an account and walks a form through several refusals.
  test.describe.configure({ timeout: 90_000 });

  test('login: a wrong password shows under the password', async ({ page }) => {
    await wrongPasswordAtLogin(page);
  });

  test('register: a taken username shows under the username', async ({ page }) => {
    const { username } = await newAccount();
    await page.goto('/register');
    const popup = page.locator('dialog[data-modal="register"]');
    const usernameBox = popup.getByLabel('Username');
    const passwordBox = popup.getByLabel('Password', { exact: true });
    await usernameBox.fill(username);
    await passwordBox.fill('abc12345');
    await popup.getByLabel('Confirm password').fill('abc12345');
    await popup.getByLabel(/I am 18 or older/).check();
    await popup.getByRole('button', { name: 'Register' }).click();
    await refusedUnder(usernameBox, 'This username is already taken.', {
      next: passwordBox,
      others: [passwordBox, popup.getByLabel('Confirm password')],
    });
    await expect(popup.getByRole('alert')).toHaveCount(1);
  });

  test('forgot password: a username and e-mail that do not match show under the e-mail', async ({
    page,
  }) => {
    const { username } = await newAccount();
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.locator('dialog[data-modal="forgotPassword"]');
    const email = forgot.getByLabel('E-mail');
    // Nothing typed: each field says so under it.
    await forgot.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(forgot.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await forgot.getByLabel('Username').fill(username);
    await email.fill(`not-${username}@example.test`);
    await forgot.getByRole('button', { name: 'Send', exact: true }).click();
    await refusedUnder(email, 'Username/email does not exist.', {
      next: forgot.getByRole('button', { name: 'Send', exact: true }),
      others: [forgot.getByLabel('Username')],
    });
  });

  test('change password: a wrong current password shows under the current password', async ({
    page,
  }) => {
    const { username, password } = await newAccount();
    await loginAs(page, username, password);
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await page.goto('/member/securityCenter');
    await page.getByTestId('change-password').click();
    const change = page.locator('dialog[data-modal="changePassword"]');
    const current = change.getByLabel('Current password');
    const next = change.getByLabel('New password', { exact: true });
    const confirm = change.getByLabel('Confirm new password');
    await current.fill('wrong999');
    await next.fill('next1234');
    await confirm.fill('next1234');
    await change.getByRole('button', { name: 'Change password' }).click();
    await refusedUnder(current, 'The current password is not correct.', {
      next,
      others: [next, confirm],
    });
    await expect(change.getByRole('alert')).toHaveCount(1);
  });

  test('withdrawal: a wrong payment password shows under the payment password, not the amount', async ({
    page,
  }) => {
    await wrongPaymentPasswordAtWithdrawal(page);
  });
});

// The same on a phone (the Pixel 7's screen, touch and user agent; Chromium as everywhere).
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

test.describe('form errors under their fields, on a phone', () => {
  test.use(phone);
  test.describe.configure({ timeout: 90_000 });

  test('login: a wrong password shows under the password', async ({ page }) => {
    await wrongPasswordAtLogin(page);
  });

  test('withdrawal: a wrong payment password shows under the payment password', async ({
    page,
  }) => {
    await wrongPaymentPasswordAtWithdrawal(page);
  });
});
