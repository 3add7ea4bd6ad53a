import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { newAccount } from './accounts';
import { newStaff } from './ops';

/**
 * The operator's back office (issue 30) in the real browser, the flows the desktop and phone
 * specs run (backOffice.spec.ts, backOffice.phone.spec.ts): an
 * admin made by the command line signs in, sets up two-factor sign-in from the QR code's
 * secret, keeps the recovery codes, and reads and verifies the audit trail; a finance clerk's
 * bonus above the four-eyes amount waits until a second clerk approves it in the back office;
 * the clerk who asked sees it but cannot decide it.
 */

/** The authenticator app's code, `ahead` steps of 30 seconds from now. */
export const appCode = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

/** A staff member with two-factor sign-in set up through the API (as in a first session). */
export async function staffWithApp(request: APIRequestContext, roles: string[]) {
  const staff = await newStaff('Clerk', roles);
  const login = await request.post('/wps/support/session', {
    data: { name: staff.name, password: staff.password },
  });
  const { token } = ((await login.json()) as { value: { token: string } }).value;
  const headers = { authorization: `Bearer ${token}` };
  const setup = await request.post('/wps/support/two-factor/setup', { headers });
  const { secret } = ((await setup.json()) as { value: { secret: string } }).value;
  await request.post('/wps/support/two-factor/confirm', {
    headers,
    data: { code: await appCode(secret) },
  });
  return { ...staff, secret, token };
}

export async function signIn(page: Page, staff: { name: string; password: string }) {
  await page.goto('/backoffice');
  const form = page.getByTestId('support-login');
  await expect(form.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await expect(form).toContainText("For the operator's staff: your staff account");
  await form.getByLabel('Staff name').fill(staff.name);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  return form;
}

export const noSideways = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

/**
 * A fresh staff member of these roles, two-factor set up, signed in to the back office in the
 * page (the code is the next time step's: the set-up used this one's). Opens `tab` when given.
 */
export async function signedInAs(page: Page, roles: string[], tab?: string) {
  const staff = await staffWithApp(page.request, roles);
  const form = await signIn(page, staff);
  await form.getByLabel('Code').fill(await appCode(staff.secret, 1));
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByTestId('back-office').getByRole('button', { name: 'Log out' }),
  ).toBeVisible();
  if (tab) await page.goto(`/backoffice/${tab}`);
  return staff;
}

export async function adminSetupFlow(page: Page) {
  const admin = await newStaff('Admin', ['admin']);
  await signIn(page, admin);
  const setup = page.getByTestId('two-factor-setup');
  await expect(setup).toContainText('The back office needs a code from an authenticator app');
  await setup.getByRole('button', { name: 'Set up the app' }).click();
  await expect(setup.getByTestId('qr-code')).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').textContent()) ?? '';
  await setup.getByLabel('Code').fill(await appCode(secret));
  await setup.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await noSideways(page);
  await codes.getByRole('button', { name: 'I have saved them' }).click();

  // An admin sees the queue and the trail; the trail names who made the account.
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  const trail = page.getByTestId('audit-list');
  await expect(trail).toContainText('staff.add');
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verdict')).toHaveText(
    /^The audit trail is intact: \d+ rows checked\.$/,
  );
  await noSideways(page);
}

export async function fourEyesFlow(page: Page) {
  const player = await newAccount();
  const asker = await staffWithApp(page.request, ['finance']);
  const approver = await staffWithApp(page.request, ['finance']);
  const asked = await page.request.post('/ops/bonus', {
    headers: { authorization: `Bearer ${asker.token}` },
    data: {
      account: player.username,
      amount: '900.00',
      reason: 'VIP goodwill',
      idempotencyKey: `e2e-${asker.name}`,
    },
  });
  expect(asked.status()).toBe(202);
  const { id } = ((await asked.json()) as { value: { pending: { id: string } } }).value.pending;

  // The clerk who asked sees it, and cannot decide it.
  const form = await signIn(page, asker);
  await form.getByLabel('Code').fill(await appCode(asker.secret, 1));
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Approvals' }).click();
  const card = page.locator(`[data-testid="approval"][data-id="${id}"]`);
  await expect(card).toContainText('900.00');
  await expect(card).toContainText('You asked for this: another person decides it.');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logged out once the sign-in form is back: a page loaded before the logout's answer would
  // still hold the ending session's token.
  await expect(page.getByTestId('support-login')).toBeVisible();

  const second = await signIn(page, approver);
  await second.getByLabel('Code').fill(await appCode(approver.secret, 1));
  await second.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Approvals' }).click();
  await expect(card).toContainText(`${player.username} · “VIP goodwill”`);
  await noSideways(page);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`#${id} approved and done.`);
  await expect(card).toHaveCount(0);

  // Live: the clerk asks again while the approver's queue is open; it shows without a reload.
  const again = await page.request.post('/ops/bonus', {
    headers: { authorization: `Bearer ${asker.token}` },
    data: {
      account: player.username,
      amount: '700.00',
      reason: 'Second goodwill',
      idempotencyKey: `e2e-${asker.name}-2`,
    },
  });
  expect(again.status()).toBe(202);
  const next = ((await again.json()) as { value: { pending: { id: string } } }).value.pending.id;
  await expect(page.locator(`[data-testid="approval"][data-id="${next}"]`)).toContainText('700.00');
}
