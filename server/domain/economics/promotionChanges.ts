import type { PromotionDefinition } from '../../config/promotions';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { upsertPromotion } from '../promotions/catalogue';
import { refuseOverBudgetPromotion } from './storedBudget';

/** Keeps two operator changes from each passing the returns budget without the other. */
const PROMOTION_BUDGET_LOCK = 7_201_028;

/**
 * The operator's `promotion create|update` (issue 14), checked against the returns budget
 * (issue 28, finding 3) with the promotions as stored, in the transaction that saves it: a
 * rebate promotion that would take a game type's returns at some VIP level over its edge less
 * the margin is refused (409 `returns_budget_exceeded`, itemised). `create` of a code that
 * exists is `promotion_exists`.
 */
export async function saveOperatorPromotion(
  deps: Pick<Platform, 'db' | 'config' | 'clock'>,
  definition: PromotionDefinition,
  mode: 'create' | 'update',
): Promise<{ code: string; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [PROMOTION_BUDGET_LOCK]);
    if (mode === 'create') {
      const [seen] = await tx.query('select 1 from promotions where code = $1', [definition.code]);
      if (seen) {
        throw new ApiError(
          409,
          'promotion_exists',
          `Promotion ${definition.code} exists: use update.`,
        );
      }
    }
    await refuseOverBudgetPromotion(tx, deps.config, deps.clock.now(), definition);
    return upsertPromotion(tx, definition, { onlyNew: mode === 'create' });
  });
}
