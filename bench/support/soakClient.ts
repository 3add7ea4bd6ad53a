import type { Challenge } from 'altcha-lib';
import { solveHumanChallenge } from '../../src/api/humanProof';
import { nodeSealPayload } from '../../tests/support/nodeSeal';
import type { Envelope } from './platformServer';
import { seededRandom } from '../../src/shared/seededRandom';

/**
 * The soak's HTTP side (issue 35): a bounded number of requests in flight, every call timed and
 * its failures counted by code, and money calls sent again with the same idempotency key, with
 * backoff, until they are answered — as a real caller does.
 */

export { seededRandom };

/** At most `size` holders at once; the others wait in order. */
export class Gate {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/** One answer: an envelope with its status, or no answer at all (`code` says why). */
export type Reply =
  { answered: true; status: number; body: Envelope } | { answered: false; code: string };

/** A call's timing, for the latency windows: when it started (ms from the run's start). */
export interface CallSample {
  kind: string;
  startedAt: number;
  ms: number;
  /**
   * Of `ms`, the time its attempts waited at the load's own gate (`inFlight`) before being
   * sent: the load generator's queue, not the platform's. `ms - queuedMs` is what the caller
   * waited from sending (HAProxy, the servers, the network, and money calls' backoff).
   */
  queuedMs: number;
}

/** The time a call's attempts waited at the gate, added up. */
interface Queued {
  ms: number;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** Sealed with the server's RSA key, as the browser sends logins and withdrawals. */
  encrypted?: boolean;
}

const REQUEST_TIMEOUT_MS = 30_000;

export class SoakClient {
  readonly samples: CallSample[] = [];
  /** Every attempt that was not a success, by call kind and code. */
  readonly errors = new Map<string, Map<string, number>>();
  private publicKey: string | null = null;
  private readonly gate: Gate;

  constructor(
    readonly url: string,
    inFlight: number,
    /** The run's time origin (performance.now()). */
    private readonly origin: number,
    /** How long a money call is retried before the caller gives up. */
    private readonly giveUpMs = 120_000,
  ) {
    this.gate = new Gate(inFlight);
  }

  count(kind: string, code: string): void {
    const codes = this.errors.get(kind) ?? new Map<string, number>();
    codes.set(code, (codes.get(code) ?? 0) + 1);
    this.errors.set(kind, codes);
  }

  /** One attempt, through the gate. An answer is a JSON envelope; anything else is none. */
  async once(path: string, options: CallOptions = {}, queued?: Queued): Promise<Reply> {
    const asked = performance.now();
    return this.gate.run(async () => {
      if (queued) queued.ms += performance.now() - asked;
      const headers: Record<string, string> = { ...options.headers };
      let body: string | undefined;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        let payload: unknown = options.json;
        if (options.encrypted) {
          const sealed = await nodeSealPayload(await this.key(), options.json);
          headers.encryption = sealed.header;
          payload = sealed.body;
        }
        body = JSON.stringify(payload);
      }
      try {
        const response = await fetch(this.url + path, {
          method: options.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        try {
          return { answered: true, status: response.status, body: JSON.parse(text) as Envelope };
        } catch {
          // HAProxy's own pages (502, 503 with no server up, 504) are not the platform's answer.
          return { answered: false, code: `http_${response.status}` };
        }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return { answered: false, code: cause?.code ?? (error as Error).name ?? 'network' };
      }
    });
  }

  /**
   * A call as a page makes it: one attempt, timed, its failure counted. Answers the reply.
   */
  async call(kind: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const started = performance.now();
    const queued: Queued = { ms: 0 };
    const reply = await this.once(path, options, queued);
    this.samples.push({
      kind,
      startedAt: started - this.origin,
      ms: performance.now() - started,
      queuedMs: queued.ms,
    });
    if (!reply.answered) this.count(kind, reply.code);
    else if (!reply.body.success) this.count(kind, reply.body.code ?? `http_${reply.status}`);
    return reply;
  }

  /**
   * A money call: sent again with the same body (so the same idempotency key) until it is
   * answered, with backoff. No answer (a reset connection, HAProxy's 502/503) and the
   * platform's "maintenance", "throttled" and, for a sealed body, "decryption_failed" are not
   * final: the caller waits and sends it again.
   * Gives up after `giveUpMs`; then the reply is the last non-answer. Timed as one call, the
   * retries included: what the caller waited.
   */
  async money(kind: string, path: string, options: CallOptions): Promise<Reply> {
    const started = performance.now();
    const queued: Queued = { ms: 0 };
    let reply: Reply;
    for (let attempt = 0; ; attempt += 1) {
      reply = await this.once(path, options, queued);
      // A sealed body that a balancer sent again after a process died (the first copy's
      // nonce was taken) is refused as a replay: sealed afresh, it is sent again.
      const final =
        reply.answered &&
        !(reply.status === 503 && reply.body.code === 'maintenance') &&
        !(options.encrypted && reply.body.code === 'decryption_failed') &&
        reply.status !== 429;
      if (!reply.answered) this.count(kind, reply.code);
      else if (!reply.body.success) this.count(kind, reply.body.code ?? `http_${reply.status}`);
      if (final || performance.now() - started > this.giveUpMs) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
    }
    this.samples.push({
      kind,
      startedAt: started - this.origin,
      ms: performance.now() - started,
      queuedMs: queued.ms,
    });
    return reply;
  }

  /** The server's RSA public key (kept in the database: the same on every instance). */
  private async key(): Promise<string> {
    if (this.publicKey) return this.publicKey;
    const response = await fetch(`${this.url}/wps/session/key/rsa`);
    const body = (await response.json()) as Envelope;
    this.publicKey = (body.value as { publicKey: string }).publicKey;
    return this.publicKey;
  }

  /** The human check's proof of work, solved (the servers run with a light one). */
  async humanProof(): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const reply = await this.once('/wps/session/challenge');
      if (reply.answered && reply.body.success)
        return solveHumanChallenge((reply.body.value as { challenge: Challenge }).challenge);
      if (attempt >= 20) throw new Error('no human-check challenge from the platform');
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
    }
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
