import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { authed, signUp, startTestApp, type DIALECTS, type TestApp } from '../../test/harness.js';

export interface DavUser {
  accountId: string;
  token: string;
  email: string;
  password: string;
  /** A DAV request signed in with the user's app password (or `as` another Basic credential). */
  dav(method: string, path: string, o?: { headers?: Record<string, string>; body?: string | Buffer; as?: string; ip?: string }): Promise<LightMyRequestResponse>;
}

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Signs a subscriber up through the API and creates an app password of the scope the way Settings does. */
export async function withAppPassword(t: TestApp, scope: 'files' | 'contacts') {
  const { user, token, accountId } = await signUp(t);
  const created = await t.app.inject({ method: 'POST', url: '/api/app-passwords', headers: authed(token), payload: { name: 'Laptop', scope } });
  if (created.statusCode !== 201) throw new Error(`app password: ${created.body}`);
  return { user, token, accountId, password: created.json().password as string };
}

/** A subscriber with a files app password (or `scope`), and DAV requests on the files mount signed in with it. */
export async function davUser(t: TestApp, scope: 'files' | 'contacts' = 'files'): Promise<DavUser> {
  const { user, token, accountId, password } = await withAppPassword(t, scope);
  return {
    accountId,
    token,
    email: user.email,
    password,
    dav: (method, path, o = {}) =>
      t.app.inject({
        method: method as 'GET',
        url: `/dav/files${path}`,
        ...(o.ip ? { remoteAddress: o.ip } : {}),
        headers: { authorization: o.as ?? basic(user.email, password), ...o.headers },
        ...(o.body !== undefined ? { payload: o.body } : {}),
      }),
  };
}

/** The hrefs of a multistatus answer, decoded. */
export const hrefs = (res: LightMyRequestResponse) => [...res.body.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]!));

/** What `listeningDavServer` hands a suite once its `beforeAll` has run. */
export interface ListeningDavServer {
  t: TestApp;
  u: DavUser;
  /** The loopback port the app listens on, for clients that speak real HTTP (litmus, node:http). */
  port: number;
}

/**
 * For the suite it is called in: an app listening on a free loopback port and a subscriber with a files app password,
 * closed after the suite. Read its fields inside tests (they are set by the suite's `beforeAll`).
 */
export function listeningDavServer(dialect: (typeof DIALECTS)[number]): ListeningDavServer {
  const server = {} as ListeningDavServer;
  beforeAll(async () => {
    server.t = await startTestApp(dialect);
    await server.t.app.listen({ port: 0, host: '127.0.0.1' });
    server.port = (server.t.app.server.address() as { port: number }).port;
    server.u = await davUser(server.t);
  });
  afterAll(() => server.t.close());
  return server;
}
