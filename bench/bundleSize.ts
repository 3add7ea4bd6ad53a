import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget the issue sets for the home route's initial JavaScript (gzip). */
export const JS_BUDGET_BYTES = 150 * 1024;

export interface BundleReport {
  files: { file: string; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
}

/**
 * What the home route downloads before it can render: the entry script, the chunks index.html
 * preloads, the stylesheet, and the English texts (always fetched as the fallback language).
 */
export async function measureHomeBundle(distDir = 'dist'): Promise<BundleReport> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  const assets = await import('node:fs/promises').then((fs) =>
    fs.readdir(path.join(distDir, 'assets')),
  );
  const english = assets.find((name) => /^en-[\w-]+\.js$/.test(name));
  const files = [...new Set([...referenced, ...(english ? [`/assets/${english}`] : [])])];
  const report: BundleReport = { files: [], jsGzip: 0, cssGzip: 0 };
  for (const file of files) {
    const gzip = gzipSync(await readFile(path.join(distDir, file))).length;
    report.files.push({ file, gzip });
    if (file.endsWith('.css')) report.cssGzip += gzip;
    else report.jsGzip += gzip;
  }
  return report;
}
