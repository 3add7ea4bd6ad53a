import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { rooms } from '../server/realtime/io';
import type { WinnerEntry } from '../src/shared/games';
import { type PlatformServer, startPlatformServer } from './support/platformServer';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';

/**
 * The winner feed in a browser: the real server (in this process, in-memory PGlite, serving the
 * built dist/) and the home page in headless Chromium. Once the winner board is on screen and the
 * page's socket has moved to WebSocket, the server announces 1,000 `winner` events a second for
 * 5 s to the public room, with random amounts: straight to the room, past the server's own
 * coalescing (server/realtime/winnerFeed.ts sends at most one a second from each process), so
 * what is measured is the page's own defence against a flood (many processes, a feed changed
 * later). In the page: the longest main-thread task and the total long-task time
 * (PerformanceObserver 'longtask', installed before navigation), animation frames counted
 * against the 60 a second expected (and those dropped, from gaps between frames), and the
 * winner board's DOM mutation batches (a MutationObserver; the store folds events in every
 * 250 ms, so about 4 a second are expected while the board changes), and from the DevTools
 * protocol's Performance metrics the main thread's busy time (all tasks, and script alone) and
 * the layouts and style recalculations in the window.
 *
 * The baseline, in the same run: the same page for the same length of time with no events,
 * measured just before.
 */

export const WINNER_RATE = 1_000;
export const WINNER_WINDOW_MS = 5_000;
/** After the board shows: lazy chunks, images, the socket's upgrade; not measured. */
const SETTLE_MS = 1_500;
/** Both windows run this much past the last event: the last batch reaches the screen ≤ 250 ms later. */
const TAIL_MS = 300;
const FRAME_MS = 1000 / 60;
const TIMEOUT_MS = 30_000;
/** The shared flags but --disable-gpu: frames are what this part counts. */
const BROWSER_ARGS = CHROMIUM_ARGS.filter((flag) => flag !== '--disable-gpu');

export interface PageWindow {
  ms: number;
  longTasks: number;
  longestTaskMs: number;
  longTaskTotalMs: number;
  frames: number;
  expectedFrames: number;
  /** Frames missed, from gaps between animation frames (a gap of n frame times misses n − 1). */
  dropped: number;
  /** Gaps between frames longer than two frame times. */
  gaps: number;
  longestGapMs: number;
  /** MutationObserver callbacks on the winner board (one per DOM update batch). */
  mutationBatches: number;
  mutations: number;
  /** `winner` messages the page's WebSocket received in the window. */
  received: number;
  /** Renderer main thread, from Performance.getMetrics: time in tasks and in script, in ms. */
  taskMs: number;
  scriptMs: number;
  layouts: number;
  styleRecalcs: number;
}

export interface WinnerFeedFigures {
  ratePerSecond: number;
  windowMs: number;
  skipped?: string;
  idle?: PageWindow;
  loaded?: PageWindow & { sent: number };
}

/** In the page before any of its scripts: long tasks, frames and `winner` messages, recorded. */
function instrument() {
  interface Bench {
    tasks: { start: number; duration: number }[];
    frames: number[];
    winners: number[];
    mutations: { at: number; records: number }[];
  }
  const bench: Bench = { tasks: [], frames: [], winners: [], mutations: [] };
  (window as unknown as { __bench: Bench }).__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const frame = (at: number) => {
    bench.frames.push(at);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // socket.io's messages: count the winner events (`42["winner",…]`) as they arrive.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.startsWith('42["winner"'))
          bench.winners.push(performance.now());
      });
    }
  };
}

/** In the page: a MutationObserver on the winner board (it exists once the lobby rendered). */
function observeBoard() {
  const bench = (window as unknown as { __bench: { mutations: { at: number; records: number }[] } })
    .__bench;
  const board = document.querySelector('[data-testid="winner-board"]');
  if (!board) throw new Error('no winner board');
  new MutationObserver((records) => {
    bench.mutations.push({ at: performance.now(), records: records.length });
  }).observe(board, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** In the page: what was recorded between `from` and `to` (performance.now() times). */
function collect([from, to, frameMs]: [number, number, number]) {
  const bench = (
    window as unknown as {
      __bench: {
        tasks: { start: number; duration: number }[];
        frames: number[];
        winners: number[];
        mutations: { at: number; records: number }[];
      };
    }
  ).__bench;
  const tasks = bench.tasks.filter((task) => task.start >= from && task.start < to);
  const frames = bench.frames.filter((at) => at >= from && at < to);
  let dropped = 0;
  let gaps = 0;
  let longestGap = 0;
  for (let i = 1; i < frames.length; i += 1) {
    const gap = frames[i]! - frames[i - 1]!;
    longestGap = Math.max(longestGap, gap);
    if (gap > 2 * frameMs) gaps += 1;
    dropped += Math.max(0, Math.round(gap / frameMs) - 1);
  }
  const mutations = bench.mutations.filter((batch) => batch.at >= from && batch.at < to);
  return {
    ms: to - from,
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    longTaskTotalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
    frames: frames.length,
    expectedFrames: Math.round((to - from) / frameMs),
    dropped,
    gaps,
    longestGapMs: longestGap,
    mutationBatches: mutations.length,
    mutations: mutations.reduce((sum, batch) => sum + batch.records, 0),
    received: bench.winners.filter((at) => at >= from && at < to).length,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NAMES = ['pl***1', 'pl***2', 'ga***7', 'lu***9', 'ro***3', 'ja***5'];
const GAMES: [string, string][] = [
  ['Fortune Tiger', 'PG'],
  ['Sweet Bonanza', 'PP'],
  ['Gates of Olympus', 'PP'],
  ['Mahjong Ways', 'PG'],
  ['Super Ace', 'JILI'],
];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

function randomWinner(): WinnerEntry {
  const [gameName, vassalage] = pick(GAMES);
  // 1.00 to 99,999.99, as a decimal string.
  const cents = 100 + Math.floor(Math.random() * 9_999_900);
  return {
    customerName: pick(NAMES),
    winAmount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    gameName,
    vassalage,
    at: new Date().toISOString(),
  };
}

/** Announces `rate` winners a second for `ms`, catching up every 10 ms tick; returns the count. */
async function announceWinners(server: PlatformServer, rate: number, ms: number): Promise<number> {
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const elapsed = Math.min(ms, performance.now() - started);
    const due = Math.floor((elapsed * rate) / 1000);
    for (; sent < due; sent += 1) {
      server.app.io.to(rooms.public).emit('winner', randomWinner());
    }
    if (elapsed >= ms) return sent;
    await pause(10);
  }
}

/** Until the public room has a socket on WebSocket (the page's, after socket.io's upgrade). */
async function untilPageSocket(server: PlatformServer): Promise<void> {
  const deadline = performance.now() + TIMEOUT_MS;
  while (performance.now() < deadline) {
    const sockets = server.app.io.of('/').sockets;
    const inRoom = [...sockets.values()].filter((socket) => socket.rooms.has(rooms.public));
    if (inRoom.some((socket) => socket.conn.transport.name === 'websocket')) return;
    await pause(50);
  }
  throw new Error(`the page's socket did not join the public room on WebSocket within 30 s`);
}

type Metric = 'TaskDuration' | 'ScriptDuration' | 'LayoutCount' | 'RecalcStyleCount';

async function metrics(cdp: CDPSession): Promise<Record<Metric, number>> {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => all.find((metric) => metric.name === name)?.value ?? 0;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    LayoutCount: value('LayoutCount'),
    RecalcStyleCount: value('RecalcStyleCount'),
  };
}

async function measureWindow(
  page: Page,
  cdp: CDPSession,
  work: () => Promise<void>,
): Promise<PageWindow> {
  const before = await metrics(cdp);
  const from = await page.evaluate(() => performance.now());
  await work();
  const to = await page.evaluate(() => performance.now());
  const after = await metrics(cdp);
  // Let a long task that ended the window be reported before reading.
  await pause(100);
  const recorded = await page.evaluate(collect, [from, to, FRAME_MS] as [number, number, number]);
  return {
    ...recorded,
    // TaskDuration and ScriptDuration are in seconds.
    taskMs: (after.TaskDuration - before.TaskDuration) * 1000,
    scriptMs: (after.ScriptDuration - before.ScriptDuration) * 1000,
    layouts: after.LayoutCount - before.LayoutCount,
    styleRecalcs: after.RecalcStyleCount - before.RecalcStyleCount,
  };
}

export async function measureWinnerFeed(): Promise<WinnerFeedFigures> {
  const figures: WinnerFeedFigures = { ratePerSecond: WINNER_RATE, windowMs: WINNER_WINDOW_MS };
  const staticDir = path.resolve('dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    figures.skipped = 'run npm run build first (dist/index.html is missing)';
    return figures;
  }
  const executablePath = chromiumPath() ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    figures.skipped = `no Chromium at ${executablePath} (set CHROMIUM_PATH)`;
    return figures;
  }
  const server = await startPlatformServer({ staticDir });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: BROWSER_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(TIMEOUT_MS);
    // tsx (esbuild's keepNames) wraps named functions in `__name(…)`, which the page lacks:
    // without this the functions below stop at their first inner function.
    await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await page.addInitScript(instrument);
    await page.goto(`${server.url}/`, { timeout: TIMEOUT_MS });
    await page.getByTestId('winner-board').waitFor({ state: 'visible' });
    await untilPageSocket(server);
    await page.evaluate(observeBoard);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await pause(SETTLE_MS);

    figures.idle = await measureWindow(page, cdp, async () => {
      await pause(WINNER_WINDOW_MS + TAIL_MS);
    });
    let sent = 0;
    const loaded = await measureWindow(page, cdp, async () => {
      sent = await announceWinners(server, WINNER_RATE, WINNER_WINDOW_MS);
      await pause(TAIL_MS);
    });
    figures.loaded = { ...loaded, sent };
  } catch (error) {
    figures.skipped = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await browser?.close();
    await server.close();
  }
  return figures;
}
