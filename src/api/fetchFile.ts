import { ApiError } from './http';

/**
 * A GET answered with a file on success and an envelope otherwise (a chat picture, the audit
 * trail's CSV), with the caller's credentials: its own small fetch, since the Http client reads
 * envelopes only. A lost network is `network_error`; a refusal is the envelope's code.
 */
export async function fetchFile(
  path: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers, signal, credentials: 'omit' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network_error', 'Network link abnormal, please try again.', null);
  }
  if (response.ok) return response.blob();
  const envelope = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
  } | null;
  throw new ApiError(
    envelope?.code ?? 'unknown_error',
    envelope?.message ?? `Unexpected response (HTTP ${response.status}).`,
    response.status,
  );
}
