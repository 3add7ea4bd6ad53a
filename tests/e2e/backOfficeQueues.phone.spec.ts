import { test } from '@playwright/test';
import { feedbackFlow, redemptionsFlow } from './backOfficeQueuesFlows';

/** The back office's feedback and redemptions (issue 30) on a 360 px phone: no screen wider. */
test.use({ viewport: { width: 360, height: 780 } });

test('support answers a feedback on a phone', ({ page }) => feedbackFlow(page));

test('marketing decides redemptions on a phone', ({ page }) => redemptionsFlow(page));
