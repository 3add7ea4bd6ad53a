/** Reads an envelope response: status, and the parsed body. */
export async function call(
  server: { url: string },
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{
  status: number;
  body: { success: boolean; value: unknown; code?: string; message?: string };
}> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(server.url + path, { ...init, headers, body });
  return { status: response.status, body: await response.json() };
}
