import { expect, type Page } from '@playwright/test';
import { noSideways, signedInAs } from './backOfficeFlows';
import { uniqueName } from './support';

/**
 * The back office's promotions (issue 30) in the real browser, run by the desktop and phone
 * specs: marketing drafts a LIVE rebate, checks it against the returns budget (2 % is over: the
 * lines are shown and saving is held), lowers it until the budget holds, previews its texts in
 * two languages, saves it and closes it; finance reads the list without writing; support has no
 * promotions tab at all.
 */
export async function promotionFlow(page: Page) {
  await signedInAs(page, ['marketing'], 'promotions');
  const panel = page.getByTestId('promotions-panel');
  await panel.getByRole('button', { name: 'New promotion' }).click();
  const editor = page.getByTestId('promotion-editor');
  const code = uniqueName('E2E_RB_').toUpperCase();
  await editor.getByLabel('Code').fill(code);
  await editor.getByLabel('Type').selectOption('rebate');
  const terms = editor.getByTestId('promotion-terms');
  await terms.getByLabel('Percent').fill('2');
  await terms.getByLabel('Game types').fill('LIVE');
  await editor.getByLabel('Title').fill('Live rebate');
  await editor.getByLabel('Summary').fill('Money back on every live bet');
  await expect(editor.getByTestId('promotion-preview')).toContainText('Live rebate');

  await editor.getByRole('button', { name: 'Check the returns budget' }).click();
  const verdict = editor.getByTestId('promotion-verdict');
  await expect(verdict).toContainText('Over the returns budget');
  await expect(verdict).toContainText('LIVE · VIP');
  await expect(verdict).toContainText(`promotion ${code}`);
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await noSideways(page);

  await terms.getByLabel('Percent').fill('0.01');
  await expect(verdict).toHaveCount(0);
  await editor.getByRole('button', { name: 'Check the returns budget' }).click();
  await expect(verdict).toContainText('Within the returns budget');

  // A second language, previewed as a player reads it.
  await editor.getByLabel('Add a language').selectOption('VI');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByRole('tab', { name: 'Tiếng Việt' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await editor.getByLabel('Title').fill('Hoàn trả trực tiếp');
  await expect(editor.getByTestId('promotion-preview')).toContainText('Hoàn trả trực tiếp');
  await editor.getByRole('tab', { name: 'English' }).click();
  await expect(editor.getByTestId('promotion-preview')).toContainText('Live rebate');
  await editor.getByRole('button', { name: 'Check the returns budget' }).click();
  await expect(verdict).toContainText('Within the returns budget');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`${code} is saved.`);

  const list = page.getByTestId('promotion-list');
  await list.getByLabel('Filter').fill(code);
  const row = list.locator('tbody tr', { hasText: code });
  await expect(row).toContainText('Rebate');
  await noSideways(page);
  await row.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`${code} is closed.`);
  await expect(row).toContainText('Closed');
}

export async function promotionRolesFlow(page: Page) {
  await signedInAs(page, ['finance'], 'promotions');
  await expect(page.getByTestId('promotions-panel')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New promotion' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logged out once the sign-in form is back (a page loaded before would keep the old token).
  await expect(page.getByTestId('support-login')).toBeVisible();

  await signedInAs(page, ['support']);
  // Support reads members and announcements, and never promotions.
  await expect(page.getByRole('tab', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Promotions' })).toHaveCount(0);
}

/** Marketing adds a good to the points mall, changes its stock and takes it off the mall. */
export async function goodsFlow(page: Page) {
  await signedInAs(page, ['marketing'], 'goods');
  await page.getByRole('button', { name: 'New good' }).click();
  const editor = page.getByTestId('goods-editor');
  const code = uniqueName('E2E_GD_').toUpperCase();
  await editor.getByLabel('Code').fill(code);
  await editor.getByLabel('Name (English)').fill('Team scarf');
  await editor.getByLabel('Points').fill('1500');
  await editor.getByLabel('Stock left').fill('5');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`${code} is saved.`);

  const list = page.getByTestId('goods-list');
  await list.getByLabel('Filter').fill(code);
  const row = list.locator('tbody tr', { hasText: code });
  await expect(row).toContainText('Team scarf');
  await expect(row).toContainText('On sale');
  await noSideways(page);
  await row.getByRole('button', { name: 'Change' }).click();
  await editor.getByLabel('Stock left').fill('3');
  await editor.getByLabel('Status').selectOption('inactive');
  await editor.getByRole('button', { name: 'Save' }).click();
  await list.getByLabel('Filter').fill(code);
  await expect(row).toContainText('Off the mall');
  await expect(row).toContainText('3');
}

/** Risk reads the returns budget: the verdict, every line, the tightest first. */
export async function economicsFlow(page: Page) {
  await signedInAs(page, ['risk'], 'economics');
  const panel = page.getByTestId('economics-panel');
  await expect(panel.getByTestId('economics-verdict')).toContainText('Every line holds.');
  const lines = panel.getByTestId('economics-lines');
  await lines.getByLabel('Filter').fill('LIVE');
  await expect(lines.locator('tbody tr').first()).toContainText('LIVE');
  await lines
    .locator('tbody tr')
    .first()
    .getByText(/returns?$/)
    .click();
  await expect(lines.locator('tbody tr').first()).toContainText('House edge');
  await noSideways(page);
}
