import { test } from '@playwright/test';
import { settingsFlow, settingsReadOnlyFlow } from './backOfficeSettingsFlows';

/** The back office's VIP levels and missions (issue 30) at desktop width. */
test('marketing changes VIP levels and missions against the returns budget', ({ page }) =>
  settingsFlow(page));

test('finance reads VIP levels and missions without changing them', ({ page }) =>
  settingsReadOnlyFlow(page));
