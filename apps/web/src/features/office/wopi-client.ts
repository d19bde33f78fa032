import type { OfficeOpenConfig } from '@/api/office';

// The embedded editor's side of the WOPI protocol (the same host Collabora Online or ONLYOFFICE would call): the
// access token from the open config is the credential, so these calls bypass the app's session and its base query.

export interface FileInfo {
  UserId: string;
  UserFriendlyName: string;
  UserCanWrite: boolean;
  Version: string;
}

/** Another editor holds the file: the current lock is in `lock`. */
export class LockConflict extends Error {
  constructor(readonly lock: string) {
    super('Locked by another editor');
    this.name = 'LockConflict';
  }
}

export class WopiClient {
  constructor(private readonly config: Pick<OfficeOpenConfig, 'wopiSrc' | 'accessToken'>) {}

  private url(suffix = ''): string {
    return `${this.config.wopiSrc}${suffix}?access_token=${encodeURIComponent(this.config.accessToken)}`;
  }

  private async call(override: string, headers: Record<string, string> = {}, keepalive = false): Promise<Response> {
    const res = await fetch(this.url(), { method: 'POST', headers: { 'X-WOPI-Override': override, ...headers }, keepalive });
    if (res.status === 409) throw new LockConflict(res.headers.get('X-WOPI-Lock') ?? '');
    if (!res.ok) throw new Error(`WOPI ${override} failed: ${res.status}`);
    return res;
  }

  async checkFileInfo(): Promise<FileInfo> {
    const res = await fetch(this.url());
    if (!res.ok) throw new Error(`WOPI CheckFileInfo failed: ${res.status}`);
    return (await res.json()) as FileInfo;
  }

  getFile(): Promise<Uint8Array> {
    return fetchBytes(this.url('/contents'));
  }

  lock(lock: string, oldLock?: string): Promise<Response> {
    return this.call('LOCK', { 'X-WOPI-Lock': lock, ...(oldLock === undefined ? {} : { 'X-WOPI-OldLock': oldLock }) });
  }

  refreshLock(lock: string): Promise<Response> {
    return this.call('REFRESH_LOCK', { 'X-WOPI-Lock': lock });
  }

  /** keepalive: still sent while the page unloads. */
  unlock(lock: string, keepalive = false): Promise<Response> {
    return this.call('UNLOCK', { 'X-WOPI-Lock': lock }, keepalive);
  }

  async putFile(bytes: Uint8Array, lock: string): Promise<void> {
    const res = await fetch(this.url('/contents'), {
      method: 'POST',
      headers: { 'X-WOPI-Override': 'PUT', 'X-WOPI-Lock': lock, 'Content-Type': 'application/octet-stream' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    if (res.status === 409) throw new LockConflict(res.headers.get('X-WOPI-Lock') ?? '');
    if (!res.ok) throw new Error(`WOPI PutFile failed: ${res.status}`);
  }
}

/** A file's bytes from an address that needs no session (WOPI with its token, a link's signed download URL). */
export async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`Reading the file failed: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
