import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setOpsNavigator } from './api/session';
import { OPS_PERMISSIONS } from './api/types';
import { createOpsRoutes } from './router';
import { createOpsStore } from './store';

export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: SeenRequest) => { status?: number; body?: unknown };

/**
 * Stands in for the server at the network edge (global fetch): "METHOD /path" → status and JSON body. The console's
 * own code (base query, endpoints, screens) runs as it does in the browser. An unknown route answers 404.
 */
export function serveOps(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON.
    }
    const entry = { method: request.method, path: url.pathname, search: url.searchParams, headers: request.headers, body };
    seen.push(entry);
    const handler = routes[`${request.method} ${url.pathname}`];
    const answer = handler ? handler(entry) : { status: 404, body: { status: 'NOT_FOUND', message: 'Not found.' } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

/** Renders the console's routes at `path` with a fresh store, as ops/main.tsx does. */
export function renderConsole(path: string) {
  const router = createMemoryRouter(createOpsRoutes(), { initialEntries: [path] });
  setOpsNavigator((to) => router.navigate(to, { replace: true }));
  const user = userEvent.setup();
  const view = render(
    <Provider store={createOpsStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, user };
}

export const ADMIN = {
  id: '7d1f0f0e-0000-4000-8000-000000000001',
  email: 'ada@bulut.example',
  name: 'Ada Admin',
  role: 'admin' as const,
  // An admin holds every console permission.
  permissions: [...OPS_PERMISSIONS],
};

export const DASHBOARD = {
  subscribers: { total: 1200, active7d: 300, premium: 45 },
  storage: { usedBytes: 5 * 1024 ** 3, savedBytes: 2 * 1024 ** 3, series: [{ day: '2026-11-28', usedBytes: 4 * 1024 ** 3 }, { day: '2026-11-29', usedBytes: 5 * 1024 ** 3 }] },
  uploads: [{ day: '2026-11-28', count: 12, bytes: 1000, skippedBytes: 0 }, { day: '2026-11-29', count: 7, bytes: 500, skippedBytes: 200 }],
  jobs: [{ kind: 'media.process', waiting: 3, oldestWaitingSeconds: 42, failed24h: 1 }],
  errors5xxLastHour: 0,
  payments: { todayCount: 2, todayMinor: 7998, currency: 'TRY' },
  generatedAt: '2026-11-29T10:00:00.000Z',
};
