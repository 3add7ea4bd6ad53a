import { fromPromise } from 'xstate';

export interface Call<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  done: boolean;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/** A fake API: each call waits for the test to answer it; `live()` is the call in flight. */
export function fakeApi<TOutput, TInput = unknown>() {
  const calls: Call<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => calls.push({ input, signal, done: false, resolve, reject })),
  );
  const live = () => calls.findLast((call) => !call.done && !call.signal.aborted);
  async function answer(outcome: { output: TOutput } | { error: unknown }) {
    const call = live();
    if (!call) throw new Error('no call in flight');
    call.done = true;
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await new Promise((settled) => setImmediate(settled));
  }
  return { calls, logic, live, answer };
}
