import { test } from '@playwright/test';
import { settingsFlow } from './backOfficeSettingsFlows';

/** The back office's VIP levels and missions (issue 30) on a phone: no screen wider. */
test('VIP levels and missions on a phone', ({ page }) => settingsFlow(page));
