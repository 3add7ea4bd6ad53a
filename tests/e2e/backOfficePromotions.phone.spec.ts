import { test } from '@playwright/test';
import { economicsFlow, goodsFlow, promotionFlow } from './backOfficePromotionsFlows';

/** The back office's promotions (issue 30) on a phone: the same flow, no screen wider. */
test('marketing checks a rebate against the returns budget on a phone', ({ page }) =>
  promotionFlow(page));

test('marketing changes a good on a phone', ({ page }) => goodsFlow(page));

test('risk reads the returns budget on a phone', ({ page }) => economicsFlow(page));
