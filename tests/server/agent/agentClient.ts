import { expect } from 'vitest';
import { parseSignedMoney, toMoneyString } from '../../../src/shared/money';
import type { Page } from '../../../src/shared/records';
import { bearer } from '../../support/identityClient';
import { call, type TestServer } from '../../support/testServer';

type Query = Record<string, string | number | undefined>;

/** The range that holds all the seeded play (14 days back) and nothing of tomorrow. */
export function wideRange(): { from: string; to: string } {
  const now = Date.now();
  return {
    from: new Date(now - 20 * 86_400_000).toISOString(),
    to: new Date(now + 60_000).toISOString(),
  };
}

export function pathOf(path: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return `${path}?${search.toString()}`;
}

/** One call of an agent report; the envelope's status, code and value. */
export function agentCall(server: TestServer, token: string, path: string, query: Query = {}) {
  return call(server, pathOf(path, query), { headers: bearer(token) });
}

/** One page of a report; fails the test on a refusal. */
export async function pageOf<T>(
  server: TestServer,
  token: string,
  path: string,
  query: Query = {},
): Promise<Page<T>> {
  const reply = await agentCall(server, token, path, query);
  if (!reply.body.success) {
    throw new Error(`${path}: ${reply.status} ${reply.body.code} ${reply.body.message}`);
  }
  return reply.body.value as Page<T>;
}

/** Every row of a report, page after page, and the totals each page reported. */
export async function allRows<T>(
  server: TestServer,
  token: string,
  path: string,
  query: Query = {},
): Promise<{ rows: T[]; totals: Page<T>['totals']; total: number }> {
  const rows: T[] = [];
  let page = 1;
  let first: Page<T> | null = null;
  for (;;) {
    const current = await pageOf<T>(server, token, path, { ...query, page, pageSize: 50 });
    first ??= current;
    expect(current.totals).toEqual(first.totals);
    expect(current.total).toBe(first.total);
    rows.push(...current.items);
    if (page * 50 >= current.total) break;
    page += 1;
  }
  return { rows, totals: first.totals, total: first.total };
}

/** Σ of a money column over rows, as a wire amount. */
export function sum<T>(rows: T[], pick: (row: T) => string): string {
  return toMoneyString(rows.reduce((total, row) => total + parseSignedMoney(pick(row)), 0n));
}
