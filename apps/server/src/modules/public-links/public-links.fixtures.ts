import type { TestApp } from '../../test/harness.js';
import { authed } from '../../test/harness.js';

/** The share-link API as the web client calls it: the owner's calls with a session, the visitor's with the link token. */
export function linkApi(t: TestApp) {
  const owner = (token: string) => ({
    create: (body: unknown) => t.app.inject({ method: 'POST', url: '/api/v2/share/public', headers: authed(token), payload: body as object }),
    list: (q = '') => t.app.inject({ method: 'GET', url: `/api/share/public${q}`, headers: authed(token) }),
    expire: (uuid: string, expirationDate: string | null) =>
      t.app.inject({ method: 'POST', url: '/api/share/public/updateExpirationDate', headers: authed(token), payload: { uuid, expirationDate } }),
    password: (uuid: string, password: string | null) =>
      t.app.inject({ method: 'POST', url: '/api/share/public/password', headers: authed(token), payload: { uuid, password } }),
    remove: (uuids: string[]) => t.app.inject({ method: 'DELETE', url: '/api/share/public', headers: authed(token), payload: { uuids } }),
    /** Creates a link and returns it with its token. */
    async link(body: Record<string, unknown>) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/share/public', headers: authed(token), payload: body });
      if (res.statusCode !== 200) throw new Error(`createPublicShare ${res.statusCode} ${res.body}`);
      const share = res.json() as { uuid: string; url: string; fileUuidList: string[]; itemCount: number; hasPassword: boolean; expired: boolean };
      return { ...share, token: new URLSearchParams(share.url.split('?')[1]).get('token')! };
    },
  });
  const visitor = (token: string, opts: { unlock?: string; ip?: string; session?: string } = {}) => {
    const headers = {
      'x-share-token': token,
      ...(opts.unlock ? { 'x-share-unlock': opts.unlock } : {}),
      ...(opts.session ? authed(opts.session) : {}),
    };
    const remoteAddress = opts.ip ?? '10.9.9.9';
    return {
      info: () => t.app.inject({ method: 'GET', url: '/api/share/visitor', headers, remoteAddress }),
      count: (parent?: string) =>
        t.app.inject({ method: 'GET', url: `/api/share/visitor/count${parent ? `?parentFolderUuid=${parent}` : ''}`, headers, remoteAddress }),
      files: (q = '') => t.app.inject({ method: 'GET', url: `/api/share/visitor/files${q}`, headers, remoteAddress }),
      unlock: (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/share/visitor/unlock', headers, payload: { password }, remoteAddress }),
      download: (uuids?: string[]) =>
        t.app.inject({ method: 'POST', url: '/api/share/visitor/download', headers, payload: uuids ? { uuids } : {}, remoteAddress }),
      save: (body: Record<string, unknown> = {}) =>
        t.app.inject({ method: 'POST', url: '/api/share/visitor/save', headers, payload: body, remoteAddress }),
    };
  };
  /** GETs a signed URL (download or zip) and returns the response. */
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });
  return { owner, visitor, fetchUrl };
}
