import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/serviceWorker';
import { staticGraph } from './build/staticGraph';

/** The static code of the site's entry and of the demo vendor's game page (build/staticGraph.ts). */
const SITE_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const siteCode = staticGraph(SITE_ENTRY);
const playCode = staticGraph('src/play/main.tsx');
/** The site's code the game page uses too: with the shared libraries, so the page needs no other. */
const playShared = new Set([...playCode].filter((id) => !/[\\/]src[\\/]play[\\/]/.test(id)));
/** The announcement pop-ups over every page and their board (one chunk: they come together). */
const popupsCode = new Set([
  ...staticGraph('src/ui/announcements/AnnouncementPopups.tsx'),
  ...staticGraph('src/ui/announcements/AnnouncementBoard.tsx'),
]);
const SHARED_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|ky|use-sync-external-store)[\\/]/;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  // The web app's service worker and offline page (/sw.js, /offline.html); brotli and gzip
  // copies of the build, served by @fastify/static with preCompressed.
  plugins: [react(), serviceWorker(), precompress()],
  resolve: {
    // rxjs's default export is its ES5 build (downlevelled, with tslib's helpers); its
    // `es2015` build is the same code as the modern syntax the site targets, smaller and
    // quicker to run.
    conditions: ['es2015', ...defaultClientConditions],
    // React 19 has useSyncExternalStore: the libraries' shim of it for older Reacts is left out.
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/vendor/useSyncExternalStoreShim.ts', import.meta.url),
        ),
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    // `npm run dev`: Vite serves the site with hot reload, the real server answers the API.
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/lotto': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads it to preload the page language's texts.
    manifest: true,
    // The demo vendor's game page is its own entry: games never load the site's bundle.
    rollupOptions: {
      input: { main: 'index.html', play: 'play.html' },
      // A feature's index.ts re-exports its public pieces; without this, every module a barrel
      // names follows the barrel into the first download when one piece (the shell's reward
      // badge) is used there. The UI's own modules do nothing on import but define things.
      treeshake: {
        moduleSideEffects: (id: string) => !/\/src\/ui\/.*\.tsx?$/.test(id),
      },
      // The first download in few files (Lighthouse's slow 4G pays a round trip per handful of
      // requests): the site's own first-render code in one chunk, the libraries it shares with
      // the demo vendor's game page (and the code they share) in another, so the game page still
      // loads nothing else of the site. Sections and their shared pieces stay split on demand.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              tags: ['$initial'],
              test: (id: string) => SHARED_LIBRARIES.test(id) || playShared.has(id),
              priority: 4,
            },
            {
              name: 'site',
              tags: ['$initial'],
              // Not the entry module itself: it stays the entry's chunk (its start() runs there).
              test: (id: string) => siteCode.has(id) && !playCode.has(id) && id !== SITE_ENTRY,
              priority: 3,
            },
            {
              // The design system's pieces and the hooks and helpers most sections use.
              name: 'kit',
              test: (id: string) =>
                /[\\/]src[\\/](ui[\\/](components|hooks|core)|api[\\/]apiErrors)[\\/.]/.test(id) &&
                !playCode.has(id),
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'popups',
              test: (id: string) =>
                popupsCode.has(id) && /[\\/]src[\\/]/.test(id) && !playCode.has(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'tests/testers/**/*.test.ts',
      'tests/abuse/**/*.test.ts',
    ],
    globalSetup: ['tests/support/postgresGlobalSetup.ts'],
    // Every answer of a test server held to the API's document (issue 32).
    setupFiles: ['tests/support/answerContractSetup.ts'],
    // A cap for a test that hangs, not a speed goal: the tests wait for states, and a test that
    // starts server processes on a busy 2-core machine (three workers, or the e2e suite beside
    // them: issue 35) can take well over 30 s doing nothing wrong.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // `expect.poll` waits for a state; Vitest's default gives up after 1 s, which a busy machine
    // passes doing nothing wrong (the back office's figures nudge, coalesced for a second, was
    // heard after the poll gave up: CI red once). A poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
    // Vitest's default is one worker per core but one; on a 2-core machine that is one, while
    // much of a server test is waiting (sockets, timers, the PostgreSQL process, the one-login-a-
    // second throttle). Two workers took the suite from ~376 s to ~246 s; three, with the
    // modules kept between files (isolate: false: each file re-imported the whole server, 400 s
    // of the run), took the identity tests from 126 s to 81 s, with the same results. A file
    // must therefore not rely on module state another file may have set (tests/unit/
    // password.test.ts resets the password cost the test servers lower).
    maxWorkers: Math.max(3, availableParallelism() + 1),
    isolate: false,
  },
});
