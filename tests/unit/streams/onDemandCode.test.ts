import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type CodeLoadState, onDemandCode } from '../../../src/streams/onDemandCode';
import { createRealtime, type PlatformSocket } from '../../../src/streams/realtime';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

describe('onDemandCode', () => {
  it('keeps its callers waiting through a failed load and serves them all on "Try again"', async () => {
    const outcomes: ('fail' | 'ok')[] = ['fail', 'fail', 'ok'];
    let loads = 0;
    const code = onDemandCode(async () => {
      loads += 1;
      if (outcomes.shift() === 'fail') throw chunkError();
      return { io: 'module' };
    });
    const states: CodeLoadState[] = [];
    code.state$.subscribe((state) => states.push(state));
    let served = 0;
    void code.get().then(() => (served += 1));
    void code.get().then(() => (served += 1));
    await tick();
    // One attempt for both callers; it failed, and nobody got an error.
    expect(loads).toBe(1);
    expect(states.at(-1)).toBe('failed');
    expect(code.failures()).toBe(1);
    // A caller arriving now waits too: no new attempt behind the person's back.
    void code.get().then(() => (served += 1));
    await tick();
    expect(loads).toBe(1);
    code.retry();
    await tick();
    expect(states.at(-1)).toBe('failed');
    code.retry();
    await tick();
    expect(loads).toBe(3);
    expect(served).toBe(3);
    expect(states).toEqual(['idle', 'loading', 'failed', 'loading', 'failed', 'loading', 'loaded']);
    // Loaded: no more attempts, "Try again" does nothing.
    code.retry();
    expect(await code.get()).toEqual({ io: 'module' });
    expect(loads).toBe(3);
  });

  it('a realtime whose client came after a failed load fetches its snapshots again on connect', async () => {
    let fail = true;
    const socket = {
      connected: false,
      recovered: false,
      handlers: new Map<string, ((...args: unknown[]) => void)[]>(),
      on(name: string, handler: () => void) {
        socket.handlers.set(name, [...(socket.handlers.get(name) ?? []), handler]);
      },
      off() {},
      connect() {},
      disconnect() {},
      io: { on() {}, off() {} },
      fire(name: string) {
        if (name === 'connect') socket.connected = true;
        for (const handler of socket.handlers.get(name) ?? []) handler();
      },
    };
    const code = onDemandCode(async () => {
      if (fail) throw chunkError();
      return socket;
    });
    const realtime = createRealtime(async () => (await code.get()) as unknown as PlatformSocket, {
      loadFailures: code.failures,
    });
    let refetches = 0;
    realtime.reconnected$.subscribe(() => (refetches += 1));
    const state = firstValueFrom(realtime.connectionState$);
    expect(await state).toBe('connecting');
    await tick();
    fail = false;
    code.retry();
    await tick();
    // Its first connect: the pushes of the time without a client were missed.
    socket.fire('connect');
    expect(refetches).toBe(1);
  });
});
