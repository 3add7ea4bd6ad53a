import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The budget the issue sets for the home route's initial JavaScript (gzip). */
export const JS_BUDGET_BYTES = 150 * 1024;

export interface BundleReport {
  files: { file: string; gzip: number; brotli: number }[];
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
}

/**
 * The bytes the server sends for `file` in `encoding`: the build's pre-compressed copy
 * (build/precompress.ts: gzip level 9, brotli quality 11), which @fastify/static serves as is;
 * compressed the same way here when a copy is missing.
 */
async function sentSize(distDir: string, file: string, encoding: 'gz' | 'br'): Promise<number> {
  const copy = path.join(distDir, `${file}.${encoding}`);
  if (existsSync(copy)) return (await readFile(copy)).length;
  const source = await readFile(path.join(distDir, file));
  return encoding === 'gz'
    ? gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length
    : brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length;
}

/**
 * What the home route downloads before it can render, as sent (gzip, and brotli beside it): the entry script, the chunks index.html
 * preloads, the stylesheet, and the English texts (always fetched as the fallback language).
 */
export async function measureHomeBundle(distDir = 'dist'): Promise<BundleReport> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  // The first page's English texts by the build's manifest: the sections' English texts are a
  // chunk of the same name, fetched later.
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const english = manifest['src/i18n/locales/en.json']?.file;
  const files = [...new Set([...referenced, ...(english ? [`/${english}`] : [])])];
  const report: BundleReport = { files: [], jsGzip: 0, jsBrotli: 0, cssGzip: 0 };
  for (const file of files) {
    const gzip = await sentSize(distDir, file, 'gz');
    const brotli = await sentSize(distDir, file, 'br');
    report.files.push({ file, gzip, brotli });
    if (file.endsWith('.css')) report.cssGzip += gzip;
    else {
      report.jsGzip += gzip;
      report.jsBrotli += brotli;
    }
  }
  return report;
}
