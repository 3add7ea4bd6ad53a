/**
 * The idempotency key of a money or message request (ARCHITECTURE, Money): made once per
 * attempt, reused when the same request is sent again after a network error.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID().replaceAll('-', '');
