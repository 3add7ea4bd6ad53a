import { test } from '@playwright/test';
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
 * Responsible gaming (issue 17) through the real site on the desktop: a daily deposit limit set
 * in the member centre refuses the deposit that would pass it, saying what is left; the reality
 * check comes over a running game after the chosen minutes (Playwright's clock); a
 * self-exclusion logs the player out and the login then says until when. The same flows run on
 * a phone in responsibleGaming.phone.spec.ts.
 */

test('a daily deposit limit refuses the deposit that would pass it, with what is left', ({
  page,
}) => depositLimitFlow(page));

test('the reality check comes over a running game after the chosen minutes', ({ page }) =>
  realityCheckFlow(page));

test('self-exclusion logs the player out and the login then says until when', ({ page }) =>
  selfExclusionFlow(page));

test("the session limit ends the sitting and the login names the break's end", ({ page }) =>
  sessionLimitFlow(page));
