import type { AppStores } from '../../shared/system';

/** The two download pages (spec 2 "app download QR codes (iOS, Android)"). */
export const PLATFORMS = ['ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** `/downloads/:platform`'s parameter (paths match case-insensitively); null: not a platform. */
export function parsePlatform(value: string | undefined): Platform | null {
  const lower = value?.toLowerCase();
  return PLATFORMS.find((platform) => platform === lower) ?? null;
}

/** The page's own address, which its QR code carries to a phone (no query, no hash). */
export function downloadPageUrl(origin: string, platform: Platform): string {
  return `${origin}/downloads/${platform}`;
}

/**
 * What a download page offers:
 * - `store`: the operator's store page (config `appStores`), whatever the browser;
 * - `installed`: the page is already running as the installed web app, or was just installed;
 * - `prompt`: Android (Chromium) offered its install dialog: a button opens it;
 * - `androidMenu`: no offer (another browser, already installed, or not yet offered): how to
 *   install from the browser's menu;
 * - `iosSteps`: Safari has no install dialog: Share → Add to Home Screen, step by step.
 */
export type DownloadChoice =
  | { kind: 'store'; url: string }
  | { kind: 'installed' }
  | { kind: 'prompt' }
  | { kind: 'androidMenu' }
  | { kind: 'iosSteps' };

export function chooseDownload({
  platform,
  stores,
  standalone,
  canPrompt,
  installed = false,
}: {
  platform: Platform;
  stores: AppStores | undefined;
  standalone: boolean;
  canPrompt: boolean;
  /** Installed during this visit (the browser said `appinstalled`). */
  installed?: boolean;
}): DownloadChoice {
  const store = stores?.[platform];
  // The server accepts only https store pages; a page never links anything else out.
  if (store?.startsWith('https://')) return { kind: 'store', url: store };
  if (standalone || installed) return { kind: 'installed' };
  if (platform === 'ios') return { kind: 'iosSteps' };
  return canPrompt ? { kind: 'prompt' } : { kind: 'androidMenu' };
}
