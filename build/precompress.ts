import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files worth compressing once at build time (images other than SVG already are). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|webmanifest|txt)$/i;

/** Below this size the encoding's overhead eats the gain (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * file of `dir` of at least 1 KB, when smaller than the file itself. The server (@fastify/static
 * with `preCompressed`) sends them to browsers that accept the encoding, so the big scripts are
 * never compressed per request. Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const source = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await writeFile(`${file}.br`, br);
        if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        done.push(path.relative(dir, file));
      })(),
    );
  }
  await Promise.all(work);
  return done.sort();
}

/** Vite plugin: precompresses the build output (scripts, styles, SVG, HTML, JSON, manifest). */
export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'platform-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file is written, the public folder's copies included.
    async closeBundle() {
      if (!config || config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = await precompressDir(outDir);
      config.logger.info(`precompress: ${files.length} files written as .br and .gz`);
    },
  };
}
