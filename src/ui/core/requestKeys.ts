/**
 * The idempotency key of a money or message request (ARCHITECTURE, Money): made once per
 * attempt in the view, reused when the same request is sent again after a network error.
 */
export { newIdempotencyKey } from '../../shared/idempotency';
