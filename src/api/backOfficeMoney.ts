import type { Http } from './http';

/** The back office's money calls (issue 30), with the staff session's token. */
export function createMoneyApi(_http: Http, _token: () => string | null) {
  return {};
}

export type MoneyApi = ReturnType<typeof createMoneyApi>;
