import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Queryable } from '../db/types';

export interface RsaKeys {
  privateKey: KeyObject;
  /** SPKI PEM, as jsencrypt reads it. */
  publicKeyPem: string;
}

/**
 * A secret generated once and kept in `system_settings`, so every server process of a
 * deployment (they share the database, not a folder) and every restart use the same one.
 * ARCHITECTURE says "kept in the data folder"; a folder would split a multi-process site.
 */
async function sharedSecret(db: Queryable, key: string, create: () => string): Promise<string> {
  // Read first: a restart finds it (issue 31: an RSA key pair made only to be thrown away was a
  // fifth of every start); a first start makes one, and the first process to store it wins.
  const [stored] = await db.query<{ value: string }>(
    'select value from system_settings where key = $1',
    [key],
  );
  if (stored) return stored.value;
  await db.query(
    `insert into system_settings (key, value) values ($1, $2) on conflict (key) do nothing`,
    [key, JSON.stringify(create())],
  );
  const [row] = await db.query<{ value: string }>(
    'select value from system_settings where key = $1',
    [key],
  );
  return row!.value;
}

/** The key pair for encrypted (E) calls (ARCHITECTURE, Payload encryption). */
export async function loadOrCreateRsaKeys(db: Queryable): Promise<RsaKeys> {
  const pem = await sharedSecret(db, 'secret:rsa-private-key', () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const privateKey = createPrivateKey(pem);
  return {
    privateKey,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The HMAC secret that signs proof-of-work challenges. */
export function loadOrCreateChallengeSecret(db: Queryable): Promise<string> {
  return sharedSecret(db, 'secret:challenge-hmac', () => randomBytes(32).toString('base64url'));
}

/** The HMAC secret that signs the device ids the server issues (issue 28, finding 5). */
export function loadOrCreateDeviceSecret(db: Queryable): Promise<string> {
  return sharedSecret(db, 'secret:device-hmac', () => randomBytes(32).toString('base64url'));
}
