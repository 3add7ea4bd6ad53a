import type { Queryable } from '../../db/types';

/**
 * Accepts each nonce once (replay protection for encrypted payloads and proof-of-work
 * solutions). Returns false when the nonce was seen before. Expired rows are swept lazily.
 */
export async function claimNonce(db: Queryable, nonce: string, ttlMs: number): Promise<boolean> {
  const rows = await db.query(
    `insert into used_nonces (nonce, expires_at) values ($1, now() + make_interval(secs => $2))
     on conflict (nonce) do nothing returning nonce`,
    [nonce, ttlMs / 1000],
  );
  if (Math.random() < 0.01) await db.query('delete from used_nonces where expires_at < now()');
  return rows.length === 1;
}
