/**
 * The browser's offer to install the site as an app (Chromium's `beforeinstallprompt`), kept
 * from the start of the page: the event fires once, early, usually before the download page's
 * chunk has loaded. The browser's own mini-infobar is held back (preventDefault): the download
 * page offers the install where a player looks for it, with a button.
 */

/** Chromium's event (not in the DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallState {
  /** The browser offered an install that has not been used yet. */
  canPrompt: boolean;
  /** Installed during this visit (`appinstalled`). */
  installed: boolean;
  /** The player closed the install dialog without installing. */
  dismissed: boolean;
}

let offer: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false, dismissed: false };
const listeners = new Set<() => void>();

function update(next: InstallState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts listening (once per page, from main.tsx). */
export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    update({ ...state, canPrompt: true });
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    update({ canPrompt: false, installed: true, dismissed: false });
  });
}

export function installState(): InstallState {
  return state;
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  update({ ...state, canPrompt: false });
  try {
    await current.prompt();
    const { outcome } = await current.userChoice;
    if (outcome === 'accepted') update({ ...state, installed: true, dismissed: false });
    else update({ ...state, dismissed: true });
    return outcome;
  } catch {
    update({ ...state, dismissed: true });
    return 'unavailable';
  }
}

/** Running as the installed app (Android/desktop: display-mode; iOS Safari: navigator.standalone). */
export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}
