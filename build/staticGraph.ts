import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `import … from './x'` and `export … from './x'`, not `import type`/`export type` (erased). */
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

const resolveModule = (from: string, specifier: string): string | null => {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.(ts|tsx|json)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
};

/**
 * The project's own modules an entry imports statically, directly or through others (relative
 * imports only; dynamic `import()` and packages left out): what the bundler's chunk groups
 * (vite.config.ts) need to know of an entry's code, read from the sources without a build.
 */
export function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.json')) return;
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const target = resolveModule(file, match[1]!);
      if (target) visit(target);
    }
  };
  visit(path.resolve(entry));
  return seen;
}
