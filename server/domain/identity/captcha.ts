import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types';
import type { CaptchaImage } from '../../../src/shared/identity';
import { ApiError } from '../../platform/apiError';
import { sha256 } from './secrets';

const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * Captcha images drawn by the server (svg-captcha renders glyphs as noisy paths, not text).
 * The answer is stored hashed, case-insensitive, usable once.
 */
export async function issueCaptcha(db: Queryable): Promise<CaptchaImage & { answer: string }> {
  // Loaded at the first captcha, not at start (it reads its font then): most starts draw none soon.
  const { default: svgCaptcha } = await import('svg-captcha');
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1iIlL',
    color: true,
    width: 120,
    height: 44,
  });
  const captchaId = randomBytes(16).toString('base64url');
  await db.query(
    `insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [captchaId, sha256(drawn.text.toLowerCase()), CAPTCHA_TTL_MS / 1000],
  );
  if (Math.random() < 0.02) await db.query('delete from captchas where expires_at < now()');
  return {
    captchaId,
    image: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}`,
    answer: drawn.text,
  };
}

/** Checks and burns a captcha; a wrong or reused answer is `captcha_invalid`. */
export async function verifyCaptcha(
  db: Queryable,
  captchaId: string | undefined,
  answer: string | undefined,
) {
  const invalid = new ApiError(400, 'captcha_invalid', 'Captcha check failed.', { captcha: true });
  if (!captchaId || !answer)
    throw new ApiError(400, 'captcha_required', 'Please enter the captcha.', { captcha: true });
  const [row] = await db.query<{ answer_hash: Buffer }>(
    `update captchas set used_at = now() where id = $1 and used_at is null and expires_at > now()
     returning answer_hash`,
    [captchaId],
  );
  if (!row) throw invalid;
  const given = sha256(answer.trim().toLowerCase());
  const stored = Buffer.from(row.answer_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw invalid;
}
