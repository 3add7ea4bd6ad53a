import {
  nextPromotionState,
  type PromotionContext,
  type PromotionEvent,
  type PromotionState,
} from '../../../src/shared/promotions';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

/**
 * Sends one event to a participation under a row lock and stores what the shared machine
 * answers (src/shared/promotions.ts): the one place the server changes a member's state in a
 * promotion. A refused event is `promotion_state` (409): the page shows the state now.
 */
export async function applyParticipationEvent(
  tx: Queryable,
  participationId: string,
  event: PromotionEvent,
): Promise<{ state: PromotionState; context: PromotionContext }> {
  const [row] = await tx.query<{ state: PromotionState; context: PromotionContext }>(
    'select state, context from promotion_participations where id = $1 for update',
    [participationId],
  );
  if (!row) throw new ApiError(404, 'not_found', 'No such participation.');
  const next = nextPromotionState(row.state, row.context, event);
  if (!next) {
    throw new ApiError(409, 'promotion_state', 'This promotion has changed meanwhile.', {
      state: row.state,
    });
  }
  await tx.query(
    `update promotion_participations set state = $2, context = $3, updated_at = now()
     where id = $1`,
    [participationId, next.state, JSON.stringify(next.context)],
  );
  return next;
}
