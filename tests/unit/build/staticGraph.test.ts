import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../../build/staticGraph';

/** The entries' static code that vite.config.ts groups into the first download's chunks. */
describe('staticGraph', () => {
  it('follows static imports and re-exports, not type-only imports nor import()', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'graph-'));
    await mkdir(path.join(dir, 'lib'));
    const files: Record<string, string> = {
      'entry.tsx': [
        "import { a } from './a';",
        "import type { T } from './typesOnly';",
        'import {',
        '  b,',
        "} from './lib';",
        "export { c } from './c';",
        "const later = () => import('./lazy');",
        "import 'react';",
      ].join('\n'),
      'a.ts': "import data from './data.json';\nexport const a = data;",
      'data.json': '{}',
      'typesOnly.ts': 'export type T = 1;',
      'lib/index.ts': 'export const b = 1;',
      'c.ts': 'export const c = 1;',
      'lazy.ts': 'export const lazy = 1;',
    };
    for (const [name, code] of Object.entries(files)) await writeFile(path.join(dir, name), code);
    const graph = [...staticGraph(path.join(dir, 'entry.tsx'))].map((file) =>
      path.relative(dir, file),
    );
    expect(graph.sort()).toEqual(['a.ts', 'c.ts', 'data.json', 'entry.tsx', 'lib/index.ts']);
  });

  it("keeps the game page's code apart from the site's first screen", () => {
    const site = staticGraph('src/main.tsx');
    const play = staticGraph('src/play/main.tsx');
    expect(site.has(path.resolve('src/ui/app/routes.tsx'))).toBe(true);
    expect(play.has(path.resolve('src/play/PlayApp.tsx'))).toBe(true);
    expect(play.has(path.resolve('src/ui/app/routes.tsx'))).toBe(false);
  });
});
