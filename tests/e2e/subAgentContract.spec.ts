import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { grantBonus } from './ops';
import { agentLogin, loginAs, openSlot, uniqueName } from './support';

// Issue 34, finding 1: an upline offers its sub-agent a real-time salary contract, and the
// sub-agent answers it where it works, in the back office: the notice links to the contracts
// page, the offer waits there first with who earns what, Accept makes it active on both sides
// and the salary page lists it as held. On a desktop a player of the sub-agent's team then bets
// and both salary pages rise live by the model's split (the sub-agent 1.00%, the upline the
// difference to its 1.50%).

const E2E = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;

/** A fresh top agent (the development tools' test data) holding `rate` % real-time salary. */
async function freshTopAgent(rate: string): Promise<{ username: string; password: string }> {
  const response = await fetch(`${E2E}/wps/dev/accounts/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rates: { realTimeSalary: rate } }),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value: { username: string; password: string };
  };
  expect(envelope.success).toBe(true);
  return envelope.value;
}

/** The welcome of a first login, when it shows: out of the way. */
async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('alertdialog').filter({ hasText: 'Welcome!' });
  if (await welcome.isVisible().catch(() => false)) {
    await welcome
      .getByRole('button')
      .first()
      .click()
      .catch(() => undefined);
  }
  await expect(welcome).toBeHidden({ timeout: 10_000 });
}

/** Opens a back office page from its navigation: the side list, or the phone's drawer. */
async function openPage(page: Page, phone: boolean, name: string) {
  if (phone) {
    await page.getByTestId('agent-menu-toggle').click();
    await page.locator('#agent-nav-drawer').getByRole('link', { name }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Back office pages' })
      .getByRole('link', { name })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** No part of the page is wider than the screen (a phone at 360 px scrolls only downwards). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function subAgentAnswersTheOffer(
  page: Page,
  browser: Browser,
  phone: boolean,
  options: BrowserContextOptions,
  earn = false,
) {
  test.setTimeout(earn ? 180_000 : 120_000);
  // The upline: an agent of the test's own with the operator's 1.50% real-time rate (as the
  // demo's agent1), who opens a sub-agent in its team.
  const upline = await freshTopAgent('1.5');
  await agentLogin(page, upline.username, upline.password);
  await dismissWelcome(page);
  await openPage(page, phone, 'Add account');
  const register = page.getByTestId('register-center');
  const downline = uniqueName('sa');
  await register.getByLabel('Username').fill(downline);
  await register.getByLabel('Password', { exact: true }).fill('abc12345');
  await register.getByLabel('Confirm password').fill('abc12345');
  await register.getByLabel('Account type').selectOption({ label: 'Sub-agent' });
  await register.getByTestId('register-center-submit').click();
  await expect(page.getByTestId('register-center-done')).toContainText(downline);

  // The upline offers it a real-time salary contract at 1.00%, told who earns what.
  await openPage(page, phone, 'Contracts');
  const offer = page.getByTestId('offer-contract');
  await offer.getByLabel('Downline').selectOption({ label: downline });
  await offer.getByLabel('Rate (%)').fill('1.00');
  await expect(offer.getByTestId('offer-split')).toContainText(
    `${downline} will be paid 1.00% of their team's valid bets; you keep the difference`,
  );
  await offer.getByRole('button', { name: 'Offer contract' }).click();
  await expect(offer.getByRole('status')).toHaveText(`Contract offered to ${downline}.`);
  const given = page.getByTestId('given-contracts').getByTestId('contract').first();
  await expect(given.getByTestId('contract-status')).toHaveText('Offered: waiting for the answer');
  await expect(given.getByTestId('contract-who-earns')).toHaveText(
    `You offer ${downline} this contract at 1.00%: ${downline} is paid 1.00% of their team's valid bets; you keep the difference up to the rate you hold.`,
  );
  // Nothing waits for the upline's own answer: the offers made to it are below, empty.
  await expect(page.getByTestId('offered-to-me')).toContainText(
    'No contract has been offered to you.',
  );
  if (phone) await expectNoSidewaysScroll(page);

  // The sub-agent, in its own browser, logs in to the back office (choosing its own password:
  // the upline chose the first one) and finds the offer's notice among its messages.
  const downlineContext = await browser.newContext(options);
  const sub = await downlineContext.newPage();
  await sub.goto('/agent');
  await sub.getByLabel('Username').fill(downline);
  await sub.getByLabel('Password', { exact: true }).fill('abc12345');
  await sub.getByTestId('login-submit').click();
  const change = sub.locator('dialog[data-modal="changePassword"]');
  await change.getByLabel('New password', { exact: true }).fill('fresh1234');
  await change.getByLabel('Confirm new password').fill('fresh1234');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(sub).toHaveURL(/\/agentHome$/);
  await dismissWelcome(sub);

  // The contracts page's entry counts the offer waiting for an answer.
  if (phone) await sub.getByTestId('agent-menu-toggle').click();
  await expect(sub.getByTestId('agent-nav-agentContracts')).toHaveAccessibleName(
    'Contracts 1 waiting for your answer',
  );
  if (phone) await sub.keyboard.press('Escape');

  await openPage(sub, phone, 'Messages');
  const notice = sub
    .getByTestId('agent-inbox-item')
    .filter({ hasText: 'Real-time salary contract' })
    .first();
  await notice.getByRole('button', { name: /Real-time salary contract/ }).click();
  await expect(notice).toContainText(
    `${upline.username} offers you a Real-time salary contract at 1.00%. You are paid 1.00% of your team's valid bets (yours included); ${upline.username} keeps the difference.`,
  );
  await notice.getByRole('link', { name: 'Open contracts' }).click();
  await expect(sub).toHaveURL(/\/agentHome\/agentContracts$/);

  // The offer waits first on the page, with who earns what, and is accepted there.
  const sections = sub.getByTestId('agent-page-agentContracts').locator('section[data-testid]');
  await expect(sections.first()).toHaveAttribute('data-testid', 'offered-to-me');
  const offeredToMe = sub.getByTestId('offered-to-me');
  await expect(
    offeredToMe.getByRole('heading', { name: /^Contracts offered to me/ }),
  ).toContainText('1 waiting for your answer');
  const mine = offeredToMe.getByTestId('my-contracts').getByTestId('contract').first();
  await expect(mine).toContainText(upline.username);
  await expect(mine.getByTestId('contract-status')).toHaveText('Offered: waiting for the answer');
  await expect(mine.getByTestId('contract-who-earns')).toHaveText(
    `${upline.username} offers you this contract at 1.00%: you are paid 1.00% of your team's valid bets (yours included); ${upline.username} keeps the difference.`,
  );
  if (phone) await expectNoSidewaysScroll(sub);
  // By keyboard: the Accept button takes the focus and Enter answers.
  await mine.getByRole('button', { name: 'Accept' }).focus();
  await sub.keyboard.press('Enter');
  await expect(mine.getByTestId('contract-status')).toHaveText('Approved');
  await expect(mine.getByTestId('contract-who-earns')).toHaveText(
    `You are paid 1.00% of your team's valid bets (yours included); ${upline.username} keeps the difference.`,
  );
  await expect(mine.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  // Answered: nothing waits any more, and the list stayed where it was.
  await expect(offeredToMe.getByRole('heading', { name: /^Contracts offered to me/ })).toHaveText(
    'Contracts offered to me',
  );
  await expect(sections.first()).toHaveAttribute('data-testid', 'offered-to-me');

  // The upline's page heard it live: active on its side too, with its share said.
  await expect(given.getByTestId('contract-status')).toHaveText('Approved');
  await expect(given.getByTestId('contract-who-earns')).toHaveText(
    `${downline} is paid 1.00% of their team's valid bets; you keep the difference up to the rate you hold.`,
  );

  // The sub-agent's real-time salary page is there now, and lists the contract it holds.
  await openPage(sub, phone, 'Real-time salary');
  await expect(sub.getByTestId('salary-realTimeSalary')).toBeVisible();
  const held = sub.getByTestId('salary-held-contracts').getByTestId('contract');
  await expect(held).toHaveCount(1);
  await expect(held).toContainText(upline.username);
  await expect(held.getByTestId('contract-status')).toHaveText('Approved');
  await expect(sub.getByRole('heading', { level: 2, name: 'Contracts I hold' })).toBeVisible();
  // It offered none of its own.
  await expect(sub.getByTestId('salary-contracts')).toContainText('No contracts yet.');
  if (phone) await expectNoSidewaysScroll(sub);

  // And the upline's salary page lists it among the contracts it offered.
  await openPage(page, phone, 'Real-time salary');
  const offered = page.getByTestId('salary-contracts').getByTestId('contract');
  await expect(offered).toHaveCount(1);
  await expect(offered).toContainText(downline);
  await expect(offered.getByTestId('contract-status')).toHaveText('Approved');
  await expect(page.getByTestId('salary-held-contracts')).toContainText(
    'You hold no contract of this type.',
  );
  if (earn) await teamPlayerEarnsTheSubAgent(page, sub, browser, phone, options);
  await downlineContext.close();
}

/**
 * The earn leg (issue 34: "the sub-agent's salary page rises"): the sub-agent opens a player in
 * its team, the player bets 50.00 of real money, and both salary pages move live, without a
 * reload: the sub-agent is paid its 1.00% (0.50), the upline its difference to 1.50% (0.25).
 */
async function teamPlayerEarnsTheSubAgent(
  upline: Page,
  sub: Page,
  browser: Browser,
  phone: boolean,
  options: BrowserContextOptions,
) {
  await openPage(sub, phone, 'Add account');
  const register = sub.getByTestId('register-center');
  const player = uniqueName('sp');
  await register.getByLabel('Username').fill(player);
  await register.getByLabel('Password', { exact: true }).fill('abc12345');
  await register.getByLabel('Confirm password').fill('abc12345');
  await register.getByLabel('Account type').selectOption({ label: 'Player' });
  await register.getByTestId('register-center-submit').click();
  await expect(sub.getByTestId('register-center-done')).toContainText(player);
  await grantBonus(player, '100.00');

  await openPage(sub, phone, 'Real-time salary');
  const subAccrued = sub.getByTestId('salary-accrued');
  await expect(subAccrued).toHaveText('0.00');
  const uplineAccrued = upline.getByTestId('salary-accrued');
  await expect(uplineAccrued).toBeVisible();
  const uplineStart = amountOf(await uplineAccrued.textContent());

  const playerContext = await browser.newContext(options);
  const bettor = await playerContext.newPage();
  await loginAs(bettor, player, 'abc12345');
  // An account its agent opened chooses its own password first.
  const change = bettor.locator('dialog[data-modal="changePassword"]');
  await expect(change.or(bettor.getByTestId('account-menu')).first()).toBeVisible();
  if (await change.isVisible()) {
    await change.getByLabel('New password', { exact: true }).fill('fresh1234');
    await change.getByLabel('Confirm new password').fill('fresh1234');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change).toBeHidden();
  }
  const game = await openSlot(bettor, '50.00');
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('round-result')).toBeVisible();

  // Both pages heard it: the sub-agent's 1.00% and the upline's 0.50% difference.
  await expect(subAccrued).toHaveText('0.50');
  await expect.poll(async () => amountOf(await uplineAccrued.textContent())).toBe(uplineStart + 25);
  await playerContext.close();
}

/** "1,234.56" in cents. */
const amountOf = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test.describe('a sub-agent answers its upline’s contract in the back office', () => {
  test('on a desktop: the notice links to the offer, accepted, active on both sides, then its team earns it', async ({
    page,
    browser,
  }) => {
    await subAgentAnswersTheOffer(page, browser, false, {}, true);
  });
});

const phoneOptions: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};

test.describe('a sub-agent answers its upline’s contract on a 360 px phone', () => {
  test.use(phoneOptions);
  test('on a phone: the same, through the page menu', async ({ page, browser }) => {
    await subAgentAnswersTheOffer(page, browser, true, phoneOptions);
  });
});
