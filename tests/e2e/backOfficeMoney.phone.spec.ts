import { test } from '@playwright/test';
import { dashboardFlow } from './backOfficeMoneyFlows';

/** The back office's dashboard (issue 30) on a phone: the same flow, no screen wider. */
test("today's figures move live on a phone", ({ page }) => dashboardFlow(page));
