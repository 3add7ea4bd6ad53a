import { test } from '@playwright/test';
import {
  economicsFlow,
  goodsFlow,
  promotionFlow,
  promotionRolesFlow,
} from './backOfficePromotionsFlows';

/** The back office's promotions (issue 30) at desktop width: backOfficePromotionsFlows.ts. */
test('marketing checks a rebate against the returns budget, saves it within and closes it', ({
  page,
}) => promotionFlow(page));

test('finance reads the promotions without writing; support has no promotions tab', ({ page }) =>
  promotionRolesFlow(page));

test('marketing adds a good to the points mall, changes its stock and takes it off', ({ page }) =>
  goodsFlow(page));

test('risk reads the returns budget, tightest line first', ({ page }) => economicsFlow(page));
