import path from 'node:path';
import { PGLITE_TEMPLATE_FILE, writePgliteTemplate } from '../server/seed/pgliteTemplate';

/**
 * The build's last step: the embedded database's template for a first start
 * (server/seed/pgliteTemplate.ts), beside the compiled server.
 */
const started = performance.now();
const made = await writePgliteTemplate();
const took = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `${made ? 'made' : 'copied from the cache'} ${path.relative(process.cwd(), PGLITE_TEMPLATE_FILE)} (${took} s)\n`,
);
