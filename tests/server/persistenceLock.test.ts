import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/db/pglite';
import { killServerProcesses, startServerProcess } from '../support/serverProcess';

/** Issue 13: two processes on one embedded database folder would drift apart; the second is refused. */
describe('one process per embedded database folder', () => {
  const dirs: string[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'platform-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await killServerProcesses();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses a second server on the same DATA_DIR, saying why, and the first keeps serving', async () => {
    const dataDir = await newDir();
    const first = await startServerProcess({ dataDir });
    const second = await startServerProcess({ dataDir, readyTimeoutMs: 60_000 }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(second).toContain('is in use by process');
    expect(second).toContain('DATABASE_URL');
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    // A clean stop releases the folder: the next start takes it.
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    const third = await startServerProcess({ dataDir });
    expect(await third.stop()).toEqual({ code: 0, signal: null });
    // Three server starts: on a busy machine each can take many seconds.
  }, 180_000);

  it('takes over a lock left by a process that is gone (a SIGKILL)', async () => {
    const dataDir = path.join(await newDir(), 'pglite');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(`${dataDir}.lock`, String(gone));
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
    // A lock held by a running process is refused (the parent of this test runner is one).
    await writeFile(`${dataDir}.lock`, String(process.ppid));
    await expect(lockDataDir(dataDir)).rejects.toThrow(`in use by process ${process.ppid}`);
  });
});
