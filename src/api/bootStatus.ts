import { BOOT_STATUS_ID, type SystemStatusResponse } from '../shared/system';

/**
 * The status answer the server wrote into the page (BOOT_STATUS_ID), taken once: the element is
 * removed, so every later status read asks the server. Null when the page has none (the dev
 * server's page, a page the service worker kept) or it cannot be read.
 */
export function takeBootStatus(doc: Document = document): SystemStatusResponse | null {
  const element = doc.getElementById(BOOT_STATUS_ID);
  if (!element) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as SystemStatusResponse | null;
    return value && typeof value === 'object' && 'info' in value ? value : null;
  } catch {
    return null;
  }
}
