import { test } from '@playwright/test';
import { adminSetupFlow, fourEyesFlow } from './backOfficeFlows';

/** The operator's back office (issue 30) at desktop width: the flows in backOfficeFlows.ts. */
test('an admin sets up two-factor sign-in and verifies the audit trail', ({ page }) =>
  adminSetupFlow(page));

test("a clerk's bonus above the amount waits until a second clerk approves it", ({ page }) =>
  fourEyesFlow(page));
