import path from 'node:path';
import type { FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export { sendAppShell } from './site/appShell';

/**
 * Response compression (@fastify/compress, registered before every route): brotli or gzip as
 * the client's Accept-Encoding prefers, for answers of 1 KB and more of a compressible type
 * (the plugin's list, then mime-db's: scripts, styles, JSON, HTML, SVG, the manifest). An answer
 * that already carries a Content-Encoding (a precompressed file, the HTML shell) is left alone.
 * Request bodies are not decompressed: no client of ours sends compressed ones. socket.io
 * answers its own requests on the same server before Fastify sees them, so its polling is
 * untouched.
 */
export const compressOptions: FastifyCompressOptions = {
  globalCompression: true,
  globalDecompression: false,
  threshold: 1024,
  encodings: ['br', 'gzip'],
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files whose new version must reach a browser at once, though their names never change: the
 * service worker (build/serviceWorker.ts; a stale one would keep an old build's rules) and the
 * offline page's script, which the worker fetches at install.
 */
const REVALIDATED = new Set(['sw.js', 'offline.js']);
/** Favicon, manifest, robots.txt, banners, game and avatar pictures: an hour, then revalidated. */
const SHORT = 'public, max-age=3600';

/**
 * Cache-Control of a file of the built site: hashed files under /assets/ never change (a year,
 * immutable); HTML pages, the service worker and the offline page's script are revalidated
 * every time, so a deploy shows at once; the other public files (whose names do not change with
 * their content: the web app manifest, icons) for an hour.
 */
export function staticCacheControl(staticDir: string, filePath: string): string {
  const file = path.relative(staticDir, filePath).replace(/\.(?:br|gz)$/, '');
  if (file.split(path.sep)[0] === 'assets') return IMMUTABLE;
  if (/\.html?$/i.test(file) || REVALIDATED.has(file)) return 'no-cache';
  return SHORT;
}

/**
 * Serves the built site: its files (precompressed `.br`/`.gz` siblings when the build wrote them,
 * see build/precompress.ts), and `/` and `/index.html` through the not-found handler, which
 * answers every client route with the app's HTML (sendAppShell).
 */
export async function serveSite(app: FastifyInstance, staticDir: string | null): Promise<void> {
  if (!staticDir) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', staticCacheControl(staticDir, filePath));
    },
  });
  // The home page is a client route like the others: one place renders the shell.
  for (const url of ['/', '/index.html']) app.get(url, (_request, reply) => reply.callNotFound());
}
