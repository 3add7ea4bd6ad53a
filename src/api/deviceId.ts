import { EARLY_CALL_KEYS } from '../shared/earlyCalls';

const KEY = EARLY_CALL_KEYS.deviceId;

/**
 * This browser's device id: a random id kept in local storage, made on first use, sent as
 * `Device-Id` so the server can tell an invited friend registering on the inviter's own device
 * (issue 14). Null when storage is unavailable (private modes): nothing is sent then.
 */
export function deviceId(storage: Storage): string | null {
  try {
    const known = storage.getItem(KEY);
    if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
    const made = crypto.randomUUID().replaceAll('-', '');
    storage.setItem(KEY, made);
    return made;
  } catch {
    return null;
  }
}
