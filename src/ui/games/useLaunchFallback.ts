import { useCallback, useMemo, useState } from 'react';
import { createLaunchFallbackApi } from '../../api/launchFallback';
import { useServices } from '../core/ServicesContext';
import { useSession } from '../core/session/useSession';

/**
 * The game popup's way out when the game does not open in its frame (issue 16): a member's
 * launch is moved to a new address on the site (GCS_gameLaunchFB) and opened in the whole
 * window; a guest's free trial, which has no session to move it with, opens its own address
 * there. A failure leaves the popup as it was, with the reason.
 */
export function useLaunchFallback() {
  const { http } = useServices();
  const { isLogin } = useSession();
  const api = useMemo(() => createLaunchFallbackApi(http), [http]);
  const [state, setState] = useState<
    { kind: 'idle' | 'moving' } | { kind: 'failed'; code: string }
  >({ kind: 'idle' });
  const open = useCallback(
    async (url: string) => {
      const launch = new URL(url, window.location.origin).searchParams.get('launch');
      if (!isLogin || !launch) {
        window.location.assign(url);
        return;
      }
      setState({ kind: 'moving' });
      try {
        const moved = await api.fallback(launch);
        window.location.assign(moved.url);
      } catch (error) {
        setState({ kind: 'failed', code: (error as { code?: string }).code ?? 'unknown_error' });
      }
    },
    [api, isLogin],
  );
  return { state, open };
}
