import { test } from '@playwright/test';
import {
  agentsFlow,
  maintenanceFlow,
  staffFlow,
  supportHasNoAdminTabs,
} from './backOfficeAdminFlows';

/** The back office's staff, system and agents pages (issue 30) at desktop width. */
test('an admin adds a staff member with roles, changes their roles and resets their two-factor', ({
  page,
}) => staffFlow(page));

test('a risk officer opens an agent in the tree, sets a rate and reads its contracts', ({ page }) =>
  agentsFlow(page));

test('support has no staff, system or agents tab, and the server refuses them', ({ page }) =>
  supportHasNoAdminTabs(page));

// Maintenance closes the one shared e2e site: serial, short, and switched off in `finally`.
test.describe('maintenance', () => {
  test.describe.configure({ mode: 'serial' });
  test('an admin switches maintenance on and off; the player site follows', ({ page }) =>
    maintenanceFlow(page));
});
