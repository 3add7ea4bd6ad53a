import { test } from '@playwright/test';
import { adminSetupFlow, fourEyesFlow } from './backOfficeFlows';

/**
 * The operator's back office (issue 30) on a phone (the `phone` project: Pixel 7, touch): the
 * same flows as the desktop's, each checking that no screen is wider than the phone's.
 */
test('an admin sets up two-factor sign-in on a phone and verifies the audit trail', ({ page }) =>
  adminSetupFlow(page));

test('a second clerk approves a bonus on a phone', ({ page }) => fourEyesFlow(page));
