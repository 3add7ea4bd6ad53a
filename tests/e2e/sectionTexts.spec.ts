import { expect, type Page, test } from '@playwright/test';
import { agentLogin, loginAs } from './support';

/** A key of the sections' namespace shown as such: its texts had not arrived. */
const RAW_KEY = /\b(member|withdraw|agentOffice|contracts|salary|pattern|pager)\.[A-Za-z]/;

async function expectNoRawKeys(page: Page) {
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

test.describe('the sections’ texts (a namespace of their own, src/i18n/setup.ts)', () => {
  test('the member centre opens with its texts, and follows a language change', async ({
    page,
  }) => {
    await loginAs(page, 'player1');
    await expect(page.getByTestId('open-login')).toHaveCount(0);
    await page.goto('/member/withdraw');
    const nav = page.getByTestId('member-centre').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'My contracts' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
    await expectNoRawKeys(page);

    await page.getByTestId('language-select').first().selectOption('ES');
    await expect(nav.getByRole('link', { name: 'Mis contratos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Retirar' })).toBeVisible();
    await expectNoRawKeys(page);
  });

  test('the back office opens with its texts on a first visit', async ({ page }) => {
    await agentLogin(page, 'agent2');
    await page.goto('/agentHome/agentContracts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contracts' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.goto('/agentHome/agentAnnouncement');
    await expect(page.getByTestId('agent-announcements')).toBeVisible();
    await expectNoRawKeys(page);
  });
});
