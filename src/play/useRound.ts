import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../api/wallet';
import type { RoundAnswer } from './playApi';

export type RoundState =
  | {
      kind: 'idle';
      last: RoundAnswer | null;
      error: string | null;
      /** The refusal's `value` (a responsible-gaming limit's figures). */
      errorValue?: unknown;
    }
  | { kind: 'playing'; last: RoundAnswer | null };

/**
 * One round at a time: the round id is kept until the server answers, so a retry after a
 * network error replays the same round instead of betting twice.
 */
export function useRound(play: (roundId: string) => Promise<RoundAnswer>) {
  const [state, setState] = useState<RoundState>({ kind: 'idle', last: null, error: null });
  const roundId = useRef(newIdempotencyKey());
  const start = useCallback(async () => {
    setState((current) => ({ kind: 'playing', last: current.last }));
    try {
      const answer = await play(roundId.current);
      roundId.current = newIdempotencyKey();
      setState({ kind: 'idle', last: answer, error: null });
      return answer;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown_error';
      // Refused rounds never happened: the next try is a new round.
      if (code !== 'network_error') roundId.current = newIdempotencyKey();
      const errorValue = (error as { value?: unknown }).value ?? null;
      setState((current) => ({ kind: 'idle', last: current.last, error: code, errorValue }));
      return null;
    }
  }, [play]);
  return { state, start };
}
