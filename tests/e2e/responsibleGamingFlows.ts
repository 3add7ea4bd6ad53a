import { expect, type Page } from '@playwright/test';
import { newAccount } from './accounts';
import { ageSessions, grantBonus, opsCommand } from './ops';
import { loginAs, openLogin, openSlot } from './support';

/**
 * The responsible-gaming flows (issue 17), run on the desktop (responsibleGaming.spec.ts) and
 * on a phone (responsibleGaming.phone.spec.ts). `look` runs at each screen worth checking (the
 * phone checks that the document fits its width there).
 */
export type Look = (page: Page) => Promise<void>;
const nothing: Look = async () => undefined;

async function deposit(page: Page, amount: string) {
  await page.goto('/member/depositv2');
  await page.getByLabel('Amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
}

export async function depositLimitFlow(page: Page, look: Look = nothing) {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/responsibleGaming');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Responsible gaming');
  const deposits = page.getByTestId('rg-limits-deposit');
  await deposits.getByLabel('Daily limit').fill('100');
  await deposits.getByTestId('rg-save-deposit').click();
  await expect(deposits.getByRole('status')).toHaveText('Saved.');
  await expect(deposits).toContainText('Used 0.00 of 100.00, 100.00 left');
  await look(page);

  // The deposit page says what the limit leaves before anything is typed, and offers only
  // quick amounts within it (issue 34, finding 10).
  await page.goto('/member/depositv2');
  await expect(page.getByTestId('deposit-limit-left')).toHaveText(
    'Your deposit limit allows 100.00 more for now.',
  );
  await expect(page.getByLabel('Amount')).toHaveAccessibleDescription(
    'From 10.00 to 50,000.00 per deposit.',
  );
  const quick = page.getByTestId('deposit-quick-amounts').getByRole('button');
  await expect(quick).toHaveText(['50.00', '100.00']);
  await quick.first().click();
  await expect(page.getByLabel('Amount')).toHaveValue('50.00');
  await deposit(page, '80');
  await expect(page.getByTestId('deposit-status')).toContainText('80.00 has been added', {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Make another deposit' }).click();
  await expect(page.getByTestId('deposit-limit-left')).toHaveText(
    'Your deposit limit allows 20.00 more for now.',
  );
  await expect(page.getByTestId('deposit-quick-amounts')).toHaveCount(0);
  await deposit(page, '30');
  await expect(page.getByRole('alert')).toHaveText(
    'Your daily deposit limit of 100.00 leaves 20.00 today.',
  );
  await look(page);
  await page.getByLabel('Amount').fill('20');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-status')).toBeVisible();

  await page.goto('/member/responsibleGaming');
  await expect(deposits).toContainText('Used 100.00 of 100.00, 0.00 left');
  // A raise waits for the cooling-off delay; the page says when it applies.
  await deposits.getByLabel('Daily limit').fill('500');
  await deposits.getByTestId('rg-save-deposit').click();
  await expect(deposits).toContainText('becomes 500.00 on');
  await expect(deposits.getByLabel('Daily limit')).toHaveValue('100.00');
  await expect(page.getByTestId('rg-history-table')).toContainText('500.00');

  // The operator's view (npm run ops -- rg <account>) shows the same.
  const { stdout } = await opsCommand('rg', username);
  const view = JSON.parse(stdout) as {
    limits: { kind: string; period: string; limit: string; pending: { limit: string } | null }[];
    history: { subject: string; actor: string; old: string | null; new: string | null }[];
  };
  expect(
    view.limits.find((limit) => limit.kind === 'deposit' && limit.period === 'day'),
  ).toMatchObject({ limit: '100.00', pending: { limit: '500.00' } });
  expect(
    view.history
      .filter((item) => item.subject === 'limit.deposit.day')
      .map((item) => [item.actor, item.old, item.new]),
  ).toEqual([
    ['member', '100.00', '500.00'],
    ['member', null, '100.00'],
  ]);
}

export async function realityCheckFlow(page: Page, look: Look = nothing) {
  await page.clock.install();
  const { username, password } = await newAccount();
  await grantBonus(username, '50.00');
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/responsibleGaming');
  const session = page.getByTestId('rg-session');
  await session.getByLabel('Reality check').selectOption('15');
  await session.getByTestId('rg-save-session').click();
  await expect(session.getByRole('status')).toHaveText('Saved.');

  const game = await openSlot(page, '1.00');
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('round-result')).toBeVisible();
  const reality = page.locator('dialog[data-modal="realityCheck"]');
  await expect(reality).toBeHidden();

  await page.clock.fastForward('15:00');
  await expect(reality).toBeVisible();
  await expect(reality).toContainText('You have been playing for 15 min');
  await expect(reality.getByTestId('reality-net')).toHaveText(/^[−+]?\d+\.\d{2}$/);
  // Over the game: both are open, and what is on top at the reminder's middle is the reminder.
  await expect(page.locator('dialog[data-modal="game"]')).toBeVisible();
  const onTop = await reality.evaluate((dialog) => {
    const box = dialog.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return dialog.contains(hit);
  });
  expect(onTop).toBe(true);
  await look(page);

  await reality.getByTestId('reality-keep').click();
  await expect(reality).toBeHidden();
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('spin')).toBeEnabled();

  // The next one comes 15 minutes later; "stop playing" closes the game and logs out.
  await page.clock.fastForward('15:00');
  await expect(reality).toContainText('You have been playing for 30 min');
  await reality.getByTestId('reality-stop').click();
  await expect(page.locator('dialog[data-modal="game"]')).toBeHidden();
  await expect(page.getByTestId('open-login')).toBeVisible();
}

/**
 * The session limit bounds a sitting (logging out and in does not restart it): at the limit
 * the notice says when the break ends, and a login before then is refused, saying so.
 */
export async function sessionLimitFlow(page: Page, look: Look = nothing) {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/responsibleGaming');
  const session = page.getByTestId('rg-session');
  await expect(session).toContainText('logging out and in again does not restart it');
  await expect(session).toContainText('after a break of 1 h');
  // 31 minutes of this sitting pass on the server; a 30-minute limit applies at once.
  await ageSessions(username, 31);
  await session.getByLabel('Session limit').selectOption('30');
  await session.getByTestId('rg-save-session').click();
  const notice = page.getByTestId('session-limit-reached');
  await expect(notice).toContainText('Play stops here; you can log in again after');
  await look(page);
  await notice.getByTestId('session-limit-logout').click();
  await expect(page.getByTestId('open-login')).toBeVisible();

  const popup = await openLogin(page);
  await popup.getByLabel('Username').fill(username);
  await popup.getByLabel('Password', { exact: true }).fill(password);
  await popup.getByTestId('login-submit').click();
  await expect(popup.getByTestId('login-error')).toContainText(
    'You reached your session limit of 30 minutes. You can log in again after',
  );
  await look(page);
}

export async function selfExclusionFlow(page: Page, look: Look = nothing) {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/responsibleGaming');
  const card = page.getByTestId('rg-exclusion');
  await card.getByLabel('Duration').selectOption('6m');
  await card.getByTestId('rg-exclusion-submit').click();
  await expect(card.getByRole('alert')).toBeVisible();
  await card.getByLabel('Your password').fill('wrong-one-1');
  await card.getByTestId('rg-exclusion-submit').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Exclude me' }).click();
  await expect(card.getByRole('alert')).toHaveText('The current password is not correct.');

  await card.getByLabel('Your password').fill(password);
  await card.getByTestId('rg-exclusion-submit').click();
  const confirm = page.getByRole('alertdialog');
  const end = new Date();
  end.setUTCMonth(end.getUTCMonth() + 6);
  await expect(confirm).toContainText(`cannot log in until`);
  await expect(confirm).toContainText(String(end.getFullYear()));
  await look(page);
  await confirm.getByRole('button', { name: 'Exclude me' }).click();
  const done = page.getByRole('alertdialog');
  await expect(done).toContainText('You have excluded yourself until');
  await expect(done).toContainText('You are now logged out.');
  await done.getByRole('button').click();
  await expect(page.getByTestId('open-login')).toBeVisible();

  const popup = await openLogin(page);
  await popup.getByLabel('Username').fill(username);
  await popup.getByLabel('Password', { exact: true }).fill(password);
  await popup.getByTestId('login-submit').click();
  const refusal = popup.getByTestId('login-error');
  await expect(refusal).toContainText('You have excluded yourself until');
  await expect(refusal).toContainText(String(end.getFullYear()));
  await look(page);

  // The operator can only extend it: now for good, and the login says so.
  await opsCommand('rg', 'extend', username, '--permanent');
  // The site takes one login a second per account and address: a person pressing again too
  // soon is asked to wait, and presses again.
  await expect(async () => {
    await popup.getByTestId('login-submit').click();
    await expect(refusal).toHaveText('You have excluded yourself permanently.', {
      timeout: 1_500,
    });
  }).toPass({ timeout: 15_000 });
}
