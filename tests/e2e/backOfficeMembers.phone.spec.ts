import { test } from '@playwright/test';
import { membersRiskFlow, withdrawalsQueueFlow } from './backOfficeMembersFlows';

/** The back office's withdrawals queue and members (issue 30) on a phone: no screen wider. */
test('the withdrawals queue on a phone', ({ page, browser }) => {
  test.setTimeout(120_000);
  return withdrawalsQueueFlow(page, browser);
});

test("a member's file on a phone", ({ page }) => membersRiskFlow(page));
