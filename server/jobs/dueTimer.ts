/** The longest sleep: another process may have scheduled work this one did not hear of. */
export const DUE_POLL_MS = 30_000;

/**
 * A job that runs at the moment its work falls due rather than on the jobs' 30-second tick:
 * `run` does what is due and answers how long to sleep until the next (null: nothing known,
 * look again after DUE_POLL_MS). `wake()` makes it look at once (e.g. this process just
 * scheduled something). Every process runs one; the job's advisory lock keeps the work once.
 * Returns a stop function that waits for a run under way.
 */
export function startDueTimer(options: {
  name: string;
  run: () => Promise<number | null>;
  log: (message: string) => void;
}): { stop: () => Promise<void>; wake: () => void } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(ms, DUE_POLL_MS)));
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (current) {
      again = true; // Woken during a run: look again right after it.
      return;
    }
    current = options
      .run()
      .then(
        (sleep) => schedule(sleep ?? DUE_POLL_MS),
        (error: unknown) => {
          options.log(`job ${options.name} failed, retried: ${(error as Error).message}`);
          schedule(DUE_POLL_MS);
        },
      )
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  run();
  return {
    wake: () => schedule(0),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
