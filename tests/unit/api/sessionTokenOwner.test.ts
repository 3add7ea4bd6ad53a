import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readToken, takeTokenFromUrl, writeToken } from '../../../src/api/sessionToken';
import { SESSION_KEYS } from '../../../src/shared/identity';

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * One owner of the session token (issue 29): one storage key (SESSION_KEYS.token), one module
 * that writes it (src/api/sessionToken.ts), called by the session service only.
 */
describe('the session token', () => {
  it('is written by the session service only, under one key', () => {
    const writers: string[] = [];
    const keys: string[] = [];
    for (const file of sources('src')) {
      const text = readFileSync(file, 'utf8');
      const name = path.relative('.', file);
      if (/\bwriteToken\(/.test(text) && !name.endsWith('api/sessionToken.ts')) writers.push(name);
      const setsKey = /setItem\(\s*(SESSION_KEYS\.token|'token'|"token")/.test(text);
      if (setsKey && !name.endsWith('api/sessionToken.ts')) keys.push(name);
      if (/\b(TOKEN_KEY|tokenKey)\s*=\s*'token'/.test(text)) keys.push(name);
    }
    expect(writers).toEqual(['src/app/session.ts']);
    expect(keys).toEqual([]);
  });

  it('takes a token from the URL out of the address bar and hands it over', () => {
    const replaced: string[] = [];
    const history = {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url),
    } as unknown as History;
    const location = { href: 'https://site.test/agentHome?token=abc&x=1#top' } as Location;
    expect(takeTokenFromUrl(location, history)).toBe('abc');
    expect(replaced).toEqual(['/agentHome?x=1#top']);
    expect(takeTokenFromUrl({ href: 'https://site.test/' } as Location, history)).toBeNull();
  });

  it('reads and writes the one key', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as unknown as Storage;
    writeToken(storage, 't1');
    expect(store.get(SESSION_KEYS.token)).toBe('t1');
    expect(readToken(storage)).toBe('t1');
  });
});
