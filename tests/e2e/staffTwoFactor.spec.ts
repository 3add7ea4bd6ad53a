import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { newStaff } from './ops';

/**
 * Two-factor sign-in for staff (issue 30) in the real browser: a staff member who set up an
 * authenticator app signs in to the console with name and password, is asked for the code, is
 * told when it is wrong, and gets in with the right one.
 */
test('a staff member with two-factor sign-in is asked for the code, and gets in with it', async ({
  page,
}) => {
  const staff = await newStaff('Two Factor');
  // The set-up, as the staff member does it once (a QR code's secret, a first code).
  const login = await page.request.post('/wps/support/session', {
    data: { name: staff.name, password: staff.password },
  });
  const { token } = ((await login.json()) as { value: { token: string } }).value;
  const headers = { authorization: `Bearer ${token}` };
  const setup = await page.request.post('/wps/support/two-factor/setup', { headers });
  const { secret } = ((await setup.json()) as { value: { secret: string } }).value;
  const confirmed = await page.request.post('/wps/support/two-factor/confirm', {
    headers,
    data: { code: await generate({ secret }) },
  });
  expect(confirmed.ok()).toBe(true);

  await page.goto('/support');
  const form = page.getByTestId('support-login');
  await form.getByLabel('Staff name').fill(staff.name);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Enter the code from your authenticator app (or a recovery code).',
  );
  const code = form.getByLabel('Code');
  await code.fill('000000');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toHaveText('That code is not right, or was used already.');
  // The next step's code (the set-up took this one's: a code works once).
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('support-console')).toBeVisible();
});
