import { readFile } from 'node:fs/promises';
import { type PlatformConfig, platformConfigSchema } from './schema';

export async function loadPlatformConfig(file: string): Promise<PlatformConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read configuration ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = platformConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration ${file}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
