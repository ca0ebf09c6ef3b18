/**
 * tRPC calls as the admin's browser makes them, unbatched with the superjson envelope: the request
 * (for inject or fetch), the call over real HTTP, and the answer read from the response body.
 */

/** A tRPC answer: the HTTP status, and the data or the error's code and message. */
export interface TrpcAnswer {
  status: number;
  data?: unknown;
  code?: string;
  message?: string;
}

/** The parts of a tRPC response body (superjson envelope) a test reads: the data, or the error's code and message. */
export function answerOf(status: number, body: unknown): TrpcAnswer {
  const { result, error } = body as {
    result?: { data?: { json?: unknown } };
    error?: { json?: { message?: string; data?: { code?: string } } };
  };
  return { status, data: result?.data?.json, code: error?.json?.data?.code, message: error?.json?.message };
}

/** The address and body of an unbatched tRPC call (superjson envelope); `input` undefined sends none. */
export function trpcRequest(kind: 'query' | 'mutation', procedure: string, input: unknown) {
  const json = input === undefined ? undefined : JSON.stringify({ json: input });
  return kind === 'query'
    ? {
        method: 'GET' as const,
        url: `/api/trpc/${procedure}${json === undefined ? '' : `?input=${encodeURIComponent(json)}`}`,
      }
    : { method: 'POST' as const, url: `/api/trpc/${procedure}`, body: json ?? '' };
}

/** A tRPC response body as the client receives it (superjson envelope), with the validation errors of a refused input. */
export interface TrpcErrorBody {
  error?: {
    json: {
      message: string;
      code: number;
      data: { code: string; httpStatus: number; zodError?: { fieldErrors: Record<string, string[]> } | null };
    };
  };
  result?: { data: { json: unknown } };
}

/**
 * A tRPC call over real HTTP to `origin` as the admin's browser makes it (superjson envelope,
 * unbatched), with `headers` (a `cookie`…): the status and the JSON body.
 */
export async function fetchTrpc(
  origin: string,
  kind: 'query' | 'mutation',
  procedure: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: TrpcErrorBody }> {
  const { method, url, body } = trpcRequest(kind, procedure, input);
  const res = await fetch(origin + url, {
    method,
    headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as TrpcErrorBody };
}

/** fetchTrpc's answer read as TrpcAnswer (data, error code and message). */
export async function fetchTrpcAnswer(...args: Parameters<typeof fetchTrpc>): Promise<TrpcAnswer> {
  const { status, body } = await fetchTrpc(...args);
  return answerOf(status, body);
}
