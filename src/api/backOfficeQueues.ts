import type { Http } from './http';

/** The back office's queues calls (issue 30), with the staff session's token. */
export function createQueuesApi(_http: Http, _token: () => string | null) {
  return {};
}

export type QueuesApi = ReturnType<typeof createQueuesApi>;
