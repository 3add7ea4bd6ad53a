import { test } from '@playwright/test';
import {
  membersRiskFlow,
  membersSupportFlow,
  queueRolesFlow,
  withdrawalsQueueFlow,
} from './backOfficeMembersFlows';

/** The back office's withdrawals queue and members (issue 30) at desktop width. */
test('finance pays and rejects withdrawals from the live queue, the ledger beside them', ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  return withdrawalsQueueFlow(page, browser);
});

test('risk finds a member, writes a note, disables and enables the account', ({ page }) =>
  membersRiskFlow(page));

test('support reads a member masked and cannot change it', ({ page }) => membersSupportFlow(page));

test('marketing has neither page, and its calls are refused', ({ page }) => queueRolesFlow(page));
