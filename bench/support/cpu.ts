import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Where a load's CPU went, read from Linux's /proc: the whole machine (every core, busy time),
 * this node process (the server, and the load worker thread beside it) and every PostgreSQL
 * process (the backends serving the pool, and the cluster's own). Null elsewhere.
 */
export interface CpuSample {
  machineMs: number;
  nodeMs: number;
  postgresMs: number;
  /** Wall time of the sample, for the machine's share. */
  atMs: number;
}

export interface CpuSpent {
  /** Busy time of all cores, ms. */
  machineMs: number;
  nodeMs: number;
  postgresMs: number;
  wallMs: number;
  /** Busy time over the cores' time (1 = every core busy the whole time). */
  machineShare: number;
  cores: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(stat: string): number {
  // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function postgresTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') {
        ticks += ticksOf(stat);
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

export function cpuSample(): CpuSample | null {
  try {
    const all = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const [user, nice, system, , , irq, softirq, steal] = all.map(Number);
    const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
    return {
      machineMs: busy * TICK_MS,
      nodeMs: ticksOf(readFileSync('/proc/self/stat', 'utf8')) * TICK_MS,
      postgresMs: postgresTicks() * TICK_MS,
      atMs: performance.now(),
    };
  } catch {
    return null;
  }
}

export function cpuSpent(before: CpuSample | null, after: CpuSample | null): CpuSpent | null {
  if (!before || !after) return null;
  const wallMs = after.atMs - before.atMs;
  const cores = availableParallelism();
  const machineMs = after.machineMs - before.machineMs;
  return {
    machineMs,
    nodeMs: after.nodeMs - before.nodeMs,
    postgresMs: after.postgresMs - before.postgresMs,
    wallMs,
    machineShare: wallMs > 0 ? machineMs / (wallMs * cores) : 0,
    cores,
  };
}
