import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { convert, withWorkDir, writeInput } from './office.convert.js';
import { authed, signUp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';

/** A signed-up account with the files API and the office calls, as the web makes them. */
export async function officeUser(t: TestApp) {
  const s = await signUp(t);
  const h = authed(s.token);
  const files = filesApi(t, s.token);
  return {
    ...s,
    files,
    projectId: await files.projectId(),
    create: (body: Record<string, unknown>, projectId?: string) =>
      t.app.inject({ method: 'POST', url: projectId ? `/api/office/files/${projectId}` : '/api/office/files', headers: h, payload: body }),
    open: (id: string, projectId?: string) => t.app.inject({ method: 'GET', url: projectId ? `/api/office/files/${projectId}/${id}` : `/api/office/files/${id}`, headers: h }),
    usage: () => files.usage(),
  };
}
export type OfficeUser = Awaited<ReturnType<typeof officeUser>>;

/** Shares a folder the way the web does: one request per role. */
export async function share(t: TestApp, owner: OfficeUser, folderId: string, invitee: OfficeUser, type: 'EDITOR' | 'VIEWER'): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/shares', headers: authed(owner.token), payload: { items: [folderId], invitees: [invitee.user.email], type, duration: 'UNLIMITED' } });
  if (res.statusCode !== 200) throw new Error(`share failed: ${res.body}`);
}

/** The WOPI host as a WOPI client (Collabora Online, ONLYOFFICE) calls it. */
export function wopiClient(t: TestApp, fileId: string, token: string) {
  const url = (suffix = '') => `/api/wopi/files/${fileId}${suffix}?access_token=${encodeURIComponent(token)}`;
  const op = (override: string, headers: Record<string, string> = {}, payload?: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: url(),
      headers: { 'x-wopi-override': override, ...(payload ? { 'content-type': 'application/octet-stream' } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  return {
    checkFileInfo: () => t.app.inject({ method: 'GET', url: url() }),
    getFile: () => t.app.inject({ method: 'GET', url: url('/contents') }),
    putFile: (body: Buffer, lock?: string) =>
      t.app.inject({
        method: 'POST',
        url: url('/contents'),
        headers: { 'x-wopi-override': 'PUT', 'content-type': 'application/octet-stream', ...(lock === undefined ? {} : { 'x-wopi-lock': lock }) },
        payload: body,
      }),
    lock: (lock: string, oldLock?: string) => op('LOCK', { 'x-wopi-lock': lock, ...(oldLock === undefined ? {} : { 'x-wopi-oldlock': oldLock }) }),
    getLock: () => op('GET_LOCK'),
    refreshLock: (lock: string) => op('REFRESH_LOCK', { 'x-wopi-lock': lock }),
    unlock: (lock: string) => op('UNLOCK', { 'x-wopi-lock': lock }),
    putRelative: (headers: Record<string, string>, body: Buffer) => op('PUT_RELATIVE', headers, body),
    rename: (name: string, lock?: string) => op('RENAME_FILE', { 'x-wopi-requestedname': name, ...(lock === undefined ? {} : { 'x-wopi-lock': lock }) }),
  };
}

/** Runs due jobs until none is left (previews, purges). */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await t.app.jobs.runDue()) === 0) return;
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

export const fileRow = (t: TestApp, id: string) => t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

// LibreOffice's answers, by the bytes it was given and the conversion asked for. A conversion is 5-7 CPU-s (a whole
// LibreOffice start), and each test runs on SQLite and again on PostgreSQL, where the bytes saved are the same (the
// templates are fixed, the editor's save too): the second database's assertions then read the answer LibreOffice gave
// for those very bytes instead of starting it again. Bytes that differ in any way are converted anew.
const converted = new Map<string, Promise<Buffer>>();
function libreOffice(bytes: Buffer | Uint8Array, from: string, to: string): Promise<Buffer> {
  const key = `${from}>${to}:${createHash('sha256').update(bytes).digest('hex')}`;
  let answer = converted.get(key);
  if (!answer) {
    answer = withWorkDir(async (dir) => {
      const input = await writeInput(dir, `in.${from}`, Readable.from([Buffer.from(bytes)]));
      return fs.promises.readFile(await convert(input, to, dir));
    });
    // A failed conversion is not kept: the next call tries again.
    answer.catch(() => converted.delete(key));
    converted.set(key, answer);
  }
  return answer;
}

/** What LibreOffice (headless, for real) reads in a file: its text (documents) or its first sheet as CSV (spreadsheets). */
export async function asText(bytes: Buffer | Uint8Array, ext: 'docx' | 'xlsx' | 'odt' | 'ods'): Promise<string> {
  const out = await libreOffice(bytes, ext, ext === 'docx' || ext === 'odt' ? 'txt:Text (encoded):UTF8' : 'csv:Text - txt - csv (StarCalc):44,34,76');
  return out.toString('utf8').replace(/^\uFEFF/, '');
}

/** A file converted by LibreOffice into another format (`to`: odt, ods, odp, pptx…): its bytes. */
export async function convertedBy(bytes: Buffer | Uint8Array, from: string, to: string): Promise<Buffer> {
  return Buffer.from(await libreOffice(bytes, from, to));
}
