import { expect, test } from '@playwright/test';
import { agentsFlow, staffFlow, supportHasNoAdminTabs } from './backOfficeAdminFlows';
import { noSideways, signedInAs } from './backOfficeFlows';

/**
 * The back office's staff and agents pages (issue 30) on a phone (no sideways scroll). The
 * maintenance switch, which closes the whole shared site, runs at desktop width only.
 */
test('on a phone, an admin adds a staff member, changes their roles and resets their two-factor', ({
  page,
}) => staffFlow(page));

test('on a phone, a risk officer opens an agent, sets a rate and reads its contracts', ({ page }) =>
  agentsFlow(page));

test('on a phone, support has no staff, system or agents tab', ({ page }) =>
  supportHasNoAdminTabs(page));

test('on a phone, the system page shows the maintenance state', async ({ page }) => {
  await signedInAs(page, ['admin'], 'system');
  await expect(page.getByTestId('maintenance-state')).toHaveText('The site is open to players.');
  await expect(page.getByRole('button', { name: 'Switch maintenance on' })).toBeVisible();
  await noSideways(page);
});
