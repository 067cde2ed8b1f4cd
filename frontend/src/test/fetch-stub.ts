/**
 * A stand-in for the HTTP API in component tests: global fetch answers from a route table
 * (`'GET /api/home'` -> handler). Calls are recorded with their parsed JSON body. Unknown routes get 404.
 */
export interface StubCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  request: Request;
}

export type StubReply = { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;
export type StubHandler = (call: StubCall) => StubReply;

export interface FetchStub {
  calls: StubCall[];
  /** Calls to one route, e.g. 'PUT /api/home'. */
  callsTo(route: string): StubCall[];
  restore(): void;
}

export function stubFetch(routes: Record<string, StubHandler | { status?: number; json?: unknown }>): FetchStub {
  const original = globalThis.fetch;
  const calls: StubCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const text = await request.clone().text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const call: StubCall = { method, path: url.pathname, url, body, request };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ error: { status: 404, message: 'Not found' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    const reply = await (typeof route === 'function' ? route(call) : route);
    const status = reply.status ?? 200;
    return new Response(reply.json === undefined ? null : JSON.stringify(reply.json), { status, headers: { 'content-type': 'application/json' } });
  };
  globalThis.fetch = fake as typeof fetch;
  return {
    calls,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** A promise with its resolve function, to hold a response until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
