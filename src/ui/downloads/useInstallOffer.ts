import { useSyncExternalStore } from 'react';
import {
  installState,
  isStandalone,
  promptInstall,
  subscribeInstallState,
  type InstallState,
} from '../../pwa/installPrompt';

const serverState: InstallState = { canPrompt: false, installed: false, dismissed: false };

/** The browser's install offer (src/pwa/installPrompt.ts) as the download page sees it. */
export function useInstallOffer(): InstallState & {
  standalone: boolean;
  install: typeof promptInstall;
} {
  const state = useSyncExternalStore(subscribeInstallState, installState, () => serverState);
  return { ...state, standalone: isStandalone(), install: promptInstall };
}
