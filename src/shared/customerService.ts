/**
 * Customer-service links travel obfuscated (spec 3: "the last 8 characters are the decryption
 * key"). This hides the live-chat address from naive scrapers; it is not secrecy.
 * Format: base64url(utf8(url) XOR key) followed by the 8-character key.
 */
const KEY_LENGTH = 8;

function xorWithKey(bytes: Uint8Array, key: string): Uint8Array {
  const keyBytes = new TextEncoder().encode(key);
  return bytes.map((byte, i) => byte ^ (keyBytes[i % keyBytes.length] ?? 0));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function obfuscateCustomerServicePath(url: string, key: string): string {
  if (key.length !== KEY_LENGTH || !/^[A-Za-z0-9]+$/.test(key)) {
    throw new Error(`customer-service key must be ${KEY_LENGTH} letters or digits`);
  }
  return toBase64Url(xorWithKey(new TextEncoder().encode(url), key)) + key;
}

/** Returns null for anything that does not decode to an http(s) or site-relative URL. */
export function revealCustomerServicePath(path: string): string | null {
  if (path.length <= KEY_LENGTH) return null;
  try {
    const key = path.slice(-KEY_LENGTH);
    const url = new TextDecoder().decode(
      xorWithKey(fromBase64Url(path.slice(0, -KEY_LENGTH)), key),
    );
    return /^(https?:\/\/|\/)/.test(url) ? url : null;
  } catch {
    return null;
  }
}

/** Spec 3 "Customer service entry": its type and its obfuscated path. */
export interface CustomerServiceEntry {
  /**
   * What kind of service it is, as the operator names it (`config/platform.json`): `LIVE` is
   * the live chat (the site's own at `/chat`, or a third party's address), `HELP` the help
   * centre; any other name is shown as customer service too.
   */
  csType: string;
  path: string;
}

export interface RevealedCustomerService {
  csType: string;
  url: string;
  /** A path of this site (opened in the page, keeping the session) or another site's address. */
  internal: boolean;
}

/**
 * The entry the site's customer-service links open: the first configured entry whose path
 * reveals a usable address (the operator lists them by preference), or null when none does.
 */
export function chooseCustomerService(
  entries: readonly CustomerServiceEntry[],
): RevealedCustomerService | null {
  for (const entry of entries) {
    const url = revealCustomerServicePath(entry.path);
    // "//host" is another site, however it starts.
    if (url !== null) return { csType: entry.csType, url, internal: /^\/(?!\/)/.test(url) };
  }
  return null;
}
