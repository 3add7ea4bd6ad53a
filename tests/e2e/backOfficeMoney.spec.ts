import { test } from '@playwright/test';
import { dashboardFlow, dashboardRolesFlow } from './backOfficeMoneyFlows';

/** The back office's dashboard (issue 30) at desktop width: backOfficeMoneyFlows.ts. */
test("today's bonus cost moves live when a bonus is granted elsewhere", ({ page }) =>
  dashboardFlow(page));

test('marketing has no dashboard, and its call is refused', ({ page }) => dashboardRolesFlow(page));
