import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/shared/realtime';
import { summarize, type LatencySummary } from './stats';

const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens `count` socket.io clients to `url` over WebSocket (no polling, no reconnection),
 * `CONNECT_BATCH` at a time; `authOf(i)` is the handshake `auth` of the i-th socket.
 */
export async function connectSockets(
  url: string,
  count: number,
  authOf: (index: number) => Record<string, unknown>,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  try {
    for (let first = 0; first < count; first += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - first) }, (_, k) => {
        const socket = io(url, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          timeout: CONNECT_TIMEOUT_MS,
          auth: authOf(first + k),
        });
        sockets.push(socket);
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(error));
        });
      });
      await Promise.all(batch);
    }
    return sockets;
  } catch (error) {
    closeSockets(sockets);
    throw error;
  }
}

export function closeSockets(sockets: readonly Socket[]): void {
  for (const socket of sockets) socket.disconnect();
}

export interface FanoutRun {
  rounds: number;
  /** Rounds where not every listener heard every event within the wait. */
  timedOut: number;
  /** Per listener and round: from just before the trigger to the round's last event. */
  fromStart: LatencySummary;
  /**
   * Per listener and round: from the trigger's completion (the HTTP response's arrival) to the
   * round's last event; negative when the event arrived before the response.
   */
  fromTriggered: LatencySummary;
  /** Per round: how long the trigger itself took (the HTTP round trip, for a request). */
  trigger: LatencySummary;
  elapsedMs: number;
}

/**
 * Runs `trigger` up to `rounds` times, one at a time, and times how long after it each of
 * `listeners` has heard `perRound` `event`s. Stops starting rounds after `budgetMs`.
 */
export async function timeFanout(options: {
  listeners: readonly Socket[];
  event: string;
  perRound: number;
  rounds: number;
  budgetMs: number;
  waitMs?: number;
  trigger: (round: number) => Promise<void>;
}): Promise<FanoutRun> {
  const { listeners, perRound } = options;
  let current: { seen: number[]; arrivals: number[]; left: number; done: () => void } | null = null;
  const handlers = listeners.map((socket, index) => {
    const handler = () => {
      if (!current) return;
      current.seen[index]! += 1;
      if (current.seen[index] === perRound) {
        current.arrivals[index] = performance.now();
        current.left -= 1;
        if (current.left === 0) current.done();
      }
    };
    socket.on(options.event, handler);
    return handler;
  });

  const fromStart: number[] = [];
  const fromTriggered: number[] = [];
  const triggerMs: number[] = [];
  let timedOut = 0;
  let rounds = 0;
  const started = performance.now();
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      if (performance.now() - started > options.budgetMs) break;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        current = {
          seen: listeners.map(() => 0),
          arrivals: listeners.map(() => Number.NaN),
          left: listeners.length,
          done: () => resolve(true),
        };
        timer = setTimeout(() => resolve(false), options.waitMs ?? 5_000);
      });
      const before = performance.now();
      await options.trigger(round);
      const triggered = performance.now();
      const complete = await heard;
      clearTimeout(timer);
      const { arrivals } = current!;
      current = null;
      rounds += 1;
      triggerMs.push(triggered - before);
      if (!complete) timedOut += 1;
      for (const arrival of arrivals) {
        if (Number.isNaN(arrival)) continue;
        fromStart.push(arrival - before);
        fromTriggered.push(arrival - triggered);
      }
    }
  } finally {
    listeners.forEach((socket, index) => socket.off(options.event, handlers[index]));
  }
  return {
    rounds,
    timedOut,
    fromStart: summarize(fromStart),
    fromTriggered: summarize(fromTriggered),
    trigger: summarize(triggerMs),
    elapsedMs: performance.now() - started,
  };
}
