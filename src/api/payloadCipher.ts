/**
 * Seals an (E) payload the way the server opens it (ARCHITECTURE, Payload encryption):
 * a random string k; header = RSA-OAEP(SHA-256) of reverse(k), via jsencrypt's encryptOAEP;
 * body = { iv, data }, data = AES-256-GCM under SHA-256(k) of { ts, payload }.
 * Runs in the browser and in Node (tests) alike: WebCrypto plus jsencrypt.
 */
export interface SealedPayload {
  header: string;
  body: { iv: string; data: string };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 62 symbols: the bias of `% 62` on a byte is under 1 %, harmless for a one-time key.
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function sealPayload(
  publicKeyPem: string,
  payload: unknown,
  now = Date.now(),
): Promise<SealedPayload> {
  const { JSEncrypt } = await import('jsencrypt');
  const secret = randomString(32);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const header = rsa.encryptOAEP([...secret].reverse().join(''));
  if (!header) throw new Error('RSA encryption failed');

  const keyBytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify({ ts: now, payload }));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext),
  );
  return { header, body: { iv: toBase64(iv), data: toBase64(sealed) } };
}
