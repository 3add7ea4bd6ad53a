import { type Browser, expect, type Page } from '@playwright/test';
import { newAccount } from './accounts';
import { noSideways, signedInAs } from './backOfficeFlows';
import { loginAs } from './support';

/**
 * The back office's withdrawals queue and members pages (issue 30) in the real browser, the
 * flows the desktop and phone specs run (backOfficeMembers.spec.ts, .phone.spec.ts).
 */

const staffToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('supportToken'));

/** A member, in a browser of their own, with a deposit and a payment password set. */
async function memberWithFunds(browser: Browser, amount: string) {
  const account = await newAccount();
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, account.username, account.password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/member/depositv2');
  await page.getByLabel('Amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-status')).toContainText('has been added', {
    timeout: 15_000,
  });
  await page.goto('/member/withdraw');
  const setForm = page.getByTestId('payment-password-form');
  await setForm.getByLabel('Login password').fill(account.password);
  await setForm.getByLabel('Payment password', { exact: true }).fill('123456');
  await setForm.getByLabel('Confirm payment password').fill('123456');
  await setForm.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByText(/Withdraw between/)).toBeVisible();
  return { ...account, page, close: () => context.close() };
}

/** `amount` as typed ("2500"); the page confirms it grouped ("2,500.00"). */
async function requestWithdrawal(member: Page, amount: string, shown: string) {
  await member.getByLabel('Payment password').fill('123456');
  await member.getByLabel('Amount').fill(amount);
  await member.getByTestId('withdraw-submit').click();
  await expect(member.getByText(`Withdrawal of ${shown} requested.`)).toBeVisible();
}

/**
 * Finance has the queue open; a member asks for a withdrawal above the demo channel's own
 * payout limit, and it appears without a reload; the clerk reads the member's ledger beside it
 * and pays it (the member's page shows it paid, live); a second one is rejected with a reason
 * and the amount is back in the member's balance.
 */
export async function withdrawalsQueueFlow(page: Page, browser: Browser) {
  await signedInAs(page, ['finance'], 'withdrawals');
  const panel = page.getByTestId('withdrawals-panel');
  await expect(panel.getByLabel('Show', { exact: true })).toHaveValue('requested');
  await noSideways(page);

  const member = await memberWithFunds(browser, '5000');
  try {
    await requestWithdrawal(member.page, '2500', '2,500.00');
    const queue = page.getByTestId('withdrawal-queue');
    const row = queue.locator('tr', { hasText: member.username });
    await expect(row).toContainText('2,500.00');

    await row.getByRole('button', { name: member.username }).click();
    const ledger = page.getByTestId('member-ledger');
    await expect(ledger).toContainText(`Ledger of ${member.username}`);
    await expect(ledger).toContainText('+5,000.00');
    await expect(ledger).toContainText('-2,500.00');
    await noSideways(page);

    await row.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('toast').last()).toContainText(/Withdrawal #\d+ paid\./);
    await expect(row).toHaveCount(0);
    await expect(
      member.page
        .getByTestId('withdrawal-list')
        .locator('li')
        .first()
        .getByTestId('withdrawal-status'),
    ).toHaveText('Paid: please confirm receipt');

    // A rejection asks why first; the amount goes back to the member.
    await requestWithdrawal(member.page, '2100', '2,100.00');
    await expect(member.page.getByTestId('balance')).toHaveText('$ 400.00');
    const second = queue.locator('tr', { hasText: member.username });
    await expect(second).toContainText('2,100.00');
    await second.getByRole('button', { name: 'Reject' }).click();
    await second.getByRole('button', { name: 'Reject and return the amount' }).click();
    await expect(second.getByRole('alert')).toHaveText(
      'Say why it is rejected: it is kept in the audit trail.',
    );
    await second.getByLabel('Reason').fill('Payee name does not match');
    await second.getByRole('button', { name: 'Reject and return the amount' }).click();
    await expect(page.getByTestId('toast').last()).toContainText('rejected');
    await expect(member.page.getByTestId('balance')).toHaveText('$ 2,500.00');
    // The ledger beside the queue, still open, shows the amount coming back without a reload.
    await expect(ledger).toContainText('Withdrawal returned');

    // Every status: both are there, with what became of them.
    await panel.getByLabel('Show', { exact: true }).selectOption('');
    await page.getByLabel("Member's account").fill(member.username);
    await page.getByRole('button', { name: 'Filter' }).click();
    // Each row named by the member too: until the filter's answer arrives the table still shows
    // every member's withdrawals (other tests' rejected ones among them).
    const mine = queue.locator('tr', { hasText: member.username });
    await expect(mine.filter({ hasText: 'Rejected' })).toContainText('2,100.00');
    await expect(mine.filter({ hasText: 'Paid, waiting for the member' })).toContainText(
      '2,500.00',
    );
    await expect(mine).toHaveCount(2);
  } finally {
    await member.close();
  }
}

/** Marketing sees neither page, and the server refuses its calls. */
export async function queueRolesFlow(page: Page) {
  await signedInAs(page, ['marketing']);
  await expect(page.getByRole('tab', { name: 'Promotions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Withdrawals' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveCount(0);
  const headers = { authorization: `Bearer ${await staffToken(page)}` };
  for (const path of ['/ops/withdrawals', '/ops/members?q=m']) {
    const refused = await page.request.get(path, { headers });
    expect(refused.status(), path).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('forbidden_role');
  }
}

/**
 * Risk finds a member by account, reads the file (wallets, ledger, responsible gaming,
 * sessions), writes a note, disables the account (the member can no longer log in) and
 * enables it again.
 */
export async function membersRiskFlow(page: Page) {
  const member = await newAccount();
  await signedInAs(page, ['risk'], 'members');
  const panel = page.getByTestId('members-panel');
  await expect(panel.getByTestId('member-results')).toBeVisible();
  await panel.getByLabel('Find a member').fill(member.username);
  await panel.getByRole('button', { name: 'Search' }).click();
  const results = panel.getByTestId('member-results');
  await expect(results).toContainText(`${member.username}@example.test`);
  await noSideways(page);
  await results.getByRole('button', { name: member.username }).click();

  const file = page.getByTestId('member-file');
  await expect(file.getByTestId('member-summary')).toContainText(member.username);
  await expect(file.getByTestId('member-email')).toHaveText(`${member.username}@example.test`);
  await expect(file.getByTestId('member-rg')).toContainText('Not excluded');
  await expect(file.getByTestId('member-activity')).toContainText('Live');
  await noSideways(page);

  const notes = file.getByTestId('member-notes');
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Write the note first.');
  await notes.getByLabel('New note').fill('Asked about deposit limits by phone.');
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes).toContainText('Asked about deposit limits by phone.');
  await expect(notes).toContainText('staff:');

  const summary = file.getByTestId('member-summary');
  await summary.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    `${member.username} is disabled: every session ended.`,
  );
  await expect(summary).toContainText('Disabled');
  await expect(file.getByTestId('member-activity')).not.toContainText('Live');
  await summary.getByRole('button', { name: 'Enable' }).click();
  await expect(summary).toContainText('Active');
}

/** Support reads the same file with the contact details masked, and cannot change it. */
export async function membersSupportFlow(page: Page) {
  const member = await newAccount();
  await signedInAs(page, ['support'], 'members');
  const panel = page.getByTestId('members-panel');
  await panel.getByLabel('Find a member').fill(member.username);
  await panel.getByRole('button', { name: 'Search' }).click();
  await panel.getByTestId('member-results').getByRole('button', { name: member.username }).click();
  const file = page.getByTestId('member-file');
  await expect(file.getByTestId('member-email')).toHaveText(
    `${member.username[0]}***@example.test`,
  );
  await expect(file).toContainText('partly hidden for your role');
  await expect(file.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  const refused = await page.request.post(`/ops/members/${member.username}/status`, {
    headers: { authorization: `Bearer ${await staffToken(page)}` },
    data: { status: 'disabled' },
  });
  expect(refused.status()).toBe(403);
  await noSideways(page);
}
