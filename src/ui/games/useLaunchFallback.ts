import { useCallback, useState } from 'react';
import { gamesFeature } from '../../app/features/games';
import { useFeature } from '../core/useFeature';
import { useSession } from '../core/session/useSession';

/**
 * The game popup's way out when the game does not open in its frame (issue 16): a member's
 * launch is moved to a new address on the site (GCS_gameLaunchFB) and opened in the whole
 * window; a guest's free trial, which has no session to move it with, opens its own address
 * there. A failure leaves the popup as it was, with the reason.
 */
export function useLaunchFallback() {
  const gamesModule = useFeature(gamesFeature);
  const { isLogin } = useSession();
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
        const moved = await gamesModule.launchFallback(launch);
        window.location.assign(moved.url);
      } catch (error) {
        setState({ kind: 'failed', code: (error as { code?: string }).code ?? 'unknown_error' });
      }
    },
    [gamesModule, isLogin],
  );
  return { state, open };
}
