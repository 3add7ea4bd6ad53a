import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device ids the server issues (issue 28, finding 5): an opaque random id, signed with the
 * server's secret (`secret:device-hmac`), kept by the browser in an HttpOnly cookie. Only an id
 * this server signed is trusted; anything else (a client-made id, a forged or altered one) is a
 * new device and gets a fresh id. A browser that drops the cookie is a new device too: the
 * self-referral check then still compares addresses up the whole referral chain.
 */
export interface DeviceIds {
  /** A new device: its id (what is stored against members) and the signed token it keeps. */
  issue(): { id: string; token: string };
  /** The id a token carries when this server signed it; null for anything else. */
  verify(token: string | null | undefined): string | null;
}

/** 16 random bytes, URL-safe: 22 characters (DEVICE_PATTERN of the referrals). */
const ID = /^[A-Za-z0-9_-]{22}$/;
/** HMAC-SHA-256, URL-safe: 43 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export function createDeviceIds(secret: string): DeviceIds {
  const sign = (id: string) =>
    createHmac('sha256', secret).update(`device:${id}`).digest('base64url');
  return {
    issue() {
      const id = randomBytes(16).toString('base64url');
      return { id, token: `${id}.${sign(id)}` };
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 80) return null;
      const [id = '', signature = '', ...rest] = token.split('.');
      if (rest.length > 0 || !ID.test(id) || !SIGNATURE.test(signature)) return null;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
