import { cp } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import packageJson from './package.json' with { type: 'json' };

/**
 * The server compiled for production (`npm run build` writes it to dist-server/; `npm start` and
 * the Docker image run `node dist-server/main.js`): one ES module per entry, the runtime
 * dependencies (package.json `dependencies`) left as imports, so `npm ci --omit=dev` is enough
 * to run it and tsx, a development dependency, is not needed. A test holds every import of the
 * output to `dependencies` and Node's own modules.
 */
const external = [
  ...Object.keys(packageJson.dependencies),
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

/** Files the server reads next to its own module (import.meta.url): copied beside the bundle. */
function copyServerFiles(): Plugin {
  let outDir = 'dist-server';
  return {
    name: 'copy-server-files',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      await cp('server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
      await cp('server/seed/catalogue.json', path.join(outDir, 'catalogue.json'));
    },
  };
}

export default defineConfig({
  plugins: [copyServerFiles()],
  publicDir: false,
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: { main: 'server/main.ts', ops: 'server/ops/cli.ts' },
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      // Every file in one folder: the server finds its migrations and catalogue beside it.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
