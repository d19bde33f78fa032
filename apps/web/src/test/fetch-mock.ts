import { vi } from 'vitest';

export interface MockRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/**
 * Replaces global fetch. Routes are "METHOD /path" (query ignored); an unmatched call answers 404.
 * Returns the mock and the list of requests seen.
 */
export function mockFetch(routes: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // Plain text body.
      }
    }
    const request = { url, method, headers, body };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ status: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
