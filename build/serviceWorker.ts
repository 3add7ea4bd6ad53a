import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The service worker of the installable web app (issue 16), built into the site:
 * - /sw.js from src/pwa/serviceWorker.ts, its version the hash of this build's files, so every
 *   deploy that changes the site is a new worker (browsers compare the script's bytes);
 * - /offline.html, the page the worker shows for a page load the network could not answer,
 *   with the `downloads.offline` texts of every shipped language, and /offline.js, its script.
 * Both scripts keep their fixed names (a worker's address must not change between builds) and
 * must stand alone: a classic worker script cannot import; the build fails if one does.
 * Written by hand rather than with vite-plugin-pwa / Workbox: see docs/decisions.md (issue 16).
 */
const WORKER = { source: 'src/pwa/serviceWorker.ts', fileName: 'sw.js' };
const OFFLINE_SCRIPT = { source: 'src/pwa/offlinePage.ts', fileName: 'offline.js' };
const OFFLINE_PAGE = 'offline.html';
const VERSION_PLACEHOLDER = '__SW_VERSION__';
const LOCALES_DIR = 'src/i18n/locales/sections';

type OfflineTexts = Record<string, { title: string; body: string; retry: string }>;

/** The offline page's texts per language (the sections' `downloads.offline`). */
export function offlineTexts(dir = LOCALES_DIR): OfflineTexts {
  const texts: OfflineTexts = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const locale = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      downloads?: { offline?: OfflineTexts[string] };
    };
    const offline = locale.downloads?.offline;
    if (offline) texts[file.replace(/\.json$/, '')] = offline;
  }
  if (!texts.en) throw new Error(`${dir}/en.json has no downloads.offline texts`);
  return texts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A page of its own (no app bundle: nothing else may be cached), in the design's colours
 * (src/ui/styles/tokens.css), light or dark as the device prefers. "Try again" is a link to the
 * page's own address (the worker answers the failed address with this page), so it works
 * without the script too.
 */
export function offlineHtml(texts: OfflineTexts): string {
  const en = texts.en!;
  // `<` escaped so no text can close the script element.
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <meta name="theme-color" content="#1d1b33" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(en.title)}</title>
    <style>
      :root { color-scheme: light dark; --bg: #f4f3fa; --surface: #ffffff; --text: #1b1a2e; --muted: #55536e; --accent: #f0b429; --on-accent: #1b1a2e; --focus: #3b6df0; }
      @media (prefers-color-scheme: dark) { :root { --bg: #12111f; --surface: #1d1b33; --text: #f1f0fa; --muted: #b0aece; --accent: #f2c14e; --focus: #7aa2ff; } }
      * { box-sizing: border-box; }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem; background: var(--bg); color: var(--text); font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif; }
      main { max-width: 28rem; width: 100%; text-align: center; background: var(--surface); border-radius: 16px; padding: 2rem 1.5rem; }
      h1 { font-size: 1.375rem; margin: 1rem 0 0.5rem; }
      p { color: var(--muted); line-height: 1.5; margin: 0 0 1.5rem; }
      a { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 1.5rem; border-radius: 999px; background: var(--accent); color: var(--on-accent); font-weight: 600; text-decoration: none; }
      a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main data-testid="offline-page">
      <svg width="56" height="56" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#1d1b3a" /><path d="M16 5l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#e0a526" /></svg>
      <h1 data-text="title">${escapeHtml(en.title)}</h1>
      <p data-text="body">${escapeHtml(en.body)}</p>
      <a href="" data-text="retry">${escapeHtml(en.retry)}</a>
    </main>
    <script type="application/json" id="offline-texts">${json}</script>
    <script src="/${OFFLINE_SCRIPT.fileName}"></script>
  </body>
</html>
`;
}

export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    buildStart() {
      for (const entry of [WORKER, OFFLINE_SCRIPT]) {
        this.emitFile({ type: 'chunk', id: path.resolve(entry.source), fileName: entry.fileName });
      }
    },
    generateBundle(_options, bundle) {
      const page = offlineHtml(offlineTexts());
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE, source: page });
      const files = Object.keys(bundle)
        .filter((name) => !name.startsWith(WORKER.fileName))
        .sort();
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(page)
        .digest('hex')
        .slice(0, 16);
      for (const entry of [WORKER, OFFLINE_SCRIPT]) {
        const chunk = bundle[entry.fileName];
        if (chunk?.type !== 'chunk') throw new Error(`${entry.fileName} was not built`);
        if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0 || chunk.exports.length) {
          throw new Error(`${entry.fileName} must stand alone (no imports or exports)`);
        }
        if (/\bexport\s*\{/.test(chunk.code)) {
          throw new Error(`${entry.fileName} has an export: a classic script cannot`);
        }
      }
      const worker = bundle[WORKER.fileName];
      if (worker?.type !== 'chunk' || !worker.code.includes(VERSION_PLACEHOLDER)) {
        throw new Error(`${WORKER.fileName} lost its version placeholder`);
      }
      worker.code = worker.code.replaceAll(VERSION_PLACEHOLDER, version);
    },
  };
}
