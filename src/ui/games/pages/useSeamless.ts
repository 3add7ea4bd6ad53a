import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';
import { useQuery } from '../../hooks/useQuery';

/** The /seamless section's data: which vendors draw on the main wallet (the balance is live). */
export function useSeamless() {
  const gamesModule = useFeature(gamesFeature);
  return useQuery('seamless-wallet', (signal) => gamesModule.seamless.get(signal));
}
