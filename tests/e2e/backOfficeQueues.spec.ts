import { test } from '@playwright/test';
import {
  feedbackFlow,
  feedbackRolesFlow,
  redemptionsFlow,
  redemptionsReadOnlyFlow,
} from './backOfficeQueuesFlows';

/** The back office's feedback and redemptions (issue 30) at desktop width: the flows file. */
test('support reads a feedback with its image and answers it', ({ page }) => feedbackFlow(page));

test('marketing has no feedback tab, and its call is refused', ({ page }) =>
  feedbackRolesFlow(page));

test('marketing approves one redemption and rejects another with a refund', ({ page }) =>
  redemptionsFlow(page));

test('finance reads the redemptions without deciding, and its decision is refused', ({ page }) =>
  redemptionsReadOnlyFlow(page));
