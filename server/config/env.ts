import path from 'node:path';
import { z } from 'zod';

/** Environment variables; every one is documented in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PLATFORM_CONFIG: z.string().default('config/platform.json'),
  /** proxy-addr trust setting, e.g. "loopback" or "10.0.0.0/8"; unset = trust no proxy. */
  TRUST_PROXY: z.string().optional(),
  /** Serve the built site from dist/ (off under `npm run dev`, where Vite serves it). */
  SERVE_STATIC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).default(1),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (!parsed.data.DATABASE_URL && parsed.data.WEB_CONCURRENCY > 1) {
    // PGlite is one connection owned by one process (ARCHITECTURE, Storage).
    throw new Error(
      'WEB_CONCURRENCY > 1 needs DATABASE_URL: the embedded database is single-process.',
    );
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
