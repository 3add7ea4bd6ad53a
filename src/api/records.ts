import type { Page, RecordsQuery } from '../shared/records';
import type { Http } from './http';

/** The records pages' calls (src/shared/records.ts). */
export const recordEndpoints = {
  bets: '/wps/records/bets',
  account: '/wps/records/account',
  profit: '/wps/records/profit',
  bonus: '/wps/records/bonus',
  deposits: '/wps/deposit/records',
} as const;

export type RecordKind = keyof typeof recordEndpoints;

export function createRecordsApi(http: Http) {
  return {
    fetch<T>(
      kind: RecordKind,
      query: Partial<RecordsQuery>,
      signal?: AbortSignal,
    ): Promise<Page<T>> {
      const searchParams: Record<string, string | number> = {};
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') searchParams[key] = value;
      }
      return http.get<Page<T>>(recordEndpoints[kind], { searchParams, signal });
    },
  };
}

export type RecordsApi = ReturnType<typeof createRecordsApi>;
