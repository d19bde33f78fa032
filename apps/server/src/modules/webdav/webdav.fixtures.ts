import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { authed, signUp, startTestApp, type TestApp } from '../../test/harness.js';

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

/** A test app listening on 127.0.0.1 for real clients (litmus, rclone, node:http) and one subscriber on its mount. */
export async function listeningDav(dialect: 'sqlite' | 'postgres'): Promise<{ t: TestApp; u: DavUser; port: number }> {
  const t = await startTestApp(dialect);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, u: await davUser(t), port: (t.app.server.address() as { port: number }).port };
}

/** `listeningDav` for a whole describe block: started before its tests, closed after; read the fields inside tests. */
export function listeningDavSuite(dialect: 'sqlite' | 'postgres'): { t: TestApp; u: DavUser; port: number } {
  const suite = {} as { t: TestApp; u: DavUser; port: number };
  beforeAll(async () => void Object.assign(suite, await listeningDav(dialect)));
  afterAll(() => suite.t.close());
  return suite;
}
