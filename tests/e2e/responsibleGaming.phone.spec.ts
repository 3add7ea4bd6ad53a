import { expect, type Page, test } from '@playwright/test';
import {
  depositLimitFlow,
  realityCheckFlow,
  selfExclusionFlow,
  sessionLimitFlow,
} from './responsibleGamingFlows';

// Each flow logs in, moves money and waits for the server's answers twice or more: on a busy
// machine that is more than the default half minute.
test.describe.configure({ timeout: 90_000 });

/**
 * Responsible gaming (issue 17) on a phone (the `phone` project: Pixel 7 emulation, touch; its
 * file name ends in phone.spec.ts, so the desktop project leaves it out): the same three flows
 * as the desktop's, and at each of their screens the document keeps to the phone's width.
 */
async function documentFits(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('a daily deposit limit refuses the deposit that would pass it, on a phone', ({ page }) =>
  depositLimitFlow(page, documentFits));

test('the reality check comes over a running game, on a phone', ({ page }) =>
  realityCheckFlow(page, documentFits));

test('self-exclusion logs out and the login says until when, on a phone', ({ page }) =>
  selfExclusionFlow(page, documentFits));

test("the session limit ends the sitting and the login names the break's end, on a phone", ({
  page,
}) => sessionLimitFlow(page, documentFits));
