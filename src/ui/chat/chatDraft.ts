/** The unsent text of a chat, kept in the tab's session storage under `key` ('' when none). */
export function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps (or, when empty, forgets) the unsent text of a chat; without storage, nothing. */
export function keepDraft(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // No storage: the draft lives as long as the page.
  }
}
