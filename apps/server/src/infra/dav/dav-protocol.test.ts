import { describe, expect, it } from 'vitest';
import { DavError } from './dav-errors.js';
import { checkEtagHeaders, parseDestination, parseIf, parseTimeout, propfindDepth, submittedTokens } from './dav-headers.js';
import { LockManager, type DavLock, type LockStore } from './dav-locks.js';
import { parsePropfind, parsePropPatch } from './dav-props.js';
import { parseXml, XmlBodyError, XmlWriter } from './dav-xml.js';
import { streamedXml } from './dav-server.js';

/** The lock store contract in memory: the database one (webdav.stores.ts) is exercised by the mount's tests. */
class MemoryLocks implements LockStore {
  readonly locks: DavLock[] = [];
  async covering(scopeId: string, path: string, withDescendants: boolean, at: number) {
    const under = (p: string, root: string) => root === '/' || p === root || p.startsWith(`${root}/`);
    return this.locks.filter((l) => l.scopeId === scopeId && l.expiresAt > at && (l.path === path || (l.depth === 'infinity' && under(path, l.path)) || (withDescendants && under(l.path, path))));
  }
  async get(scopeId: string, token: string, at: number) {
    return this.locks.find((l) => l.scopeId === scopeId && l.token === token && l.expiresAt > at) ?? null;
  }
  async insert(l: DavLock) {
    this.locks.push(l);
  }
  async refresh(scopeId: string, token: string, expiresAt: number) {
    for (const l of this.locks) if (l.token === token) l.expiresAt = expiresAt;
  }
  async remove(scopeId: string, token: string) {
    const i = this.locks.findIndex((l) => l.token === token);
    if (i >= 0) this.locks.splice(i, 1);
    return i >= 0;
  }
  async removeUnder() {}
}

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof DavError ? err.status : 'other';
  }
};

describe('DAV protocol layer', () => {
  it('parses namespaces whatever prefix the client picks, and refuses DOCTYPE and broken XML', () => {
    const doc = parseXml('<?xml version="1.0"?><x:propfind xmlns:x="DAV:"><x:prop><y:a xmlns:y="urn:y"/><b xmlns="urn:b"/></x:prop></x:propfind>');
    expect(parsePropfind(doc)).toEqual({ kind: 'prop', props: [{ ns: 'urn:y', name: 'a' }, { ns: 'urn:b', name: 'b' }] });
    expect(parsePropfind(null)).toEqual({ kind: 'allprop', include: [] });
    expect(() => parseXml('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>')).toThrow(XmlBodyError);
    expect(() => parseXml('<a><b></a>')).toThrow(XmlBodyError);
    expect(() => parseXml('<a>&xxe;</a>')).toThrow(XmlBodyError);
  });

  it('keeps a dead property value self-contained (each child declares its namespace)', () => {
    const w = new XmlWriter();
    const ops = parsePropPatch(parseXml('<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:p>a &amp; <Z:q>b</Z:q></Z:p></D:prop></D:set></D:propertyupdate>'), w);
    expect(ops).toEqual([{ set: true, prop: { ns: 'urn:z', name: 'p', value: 'a &amp; <n0:q xmlns:n0="urn:z">b</n0:q>' } }]);
  });

  it('reads the If header: tagged and untagged lists, Not, entity tags', () => {
    const lists = parseIf('</a> (<urn:uuid:1> ["e1"]) (Not <DAV:no-lock>)');
    expect(lists).toEqual([
      { resource: '/a', conditions: [{ not: false, token: 'urn:uuid:1' }, { not: false, etag: '"e1"' }] },
      { resource: '/a', conditions: [{ not: true, token: 'DAV:no-lock' }] },
    ]);
    expect(submittedTokens(lists)).toEqual(['urn:uuid:1']);
    expect(() => parseIf('(<a>')).toThrow(DavError);
    expect(() => parseIf('garbage')).toThrow(DavError);
  });

  it('depth, timeout, destination and entity-tag preconditions', () => {
    expect(propfindDepth('1')).toBe(1);
    expect(() => propfindDepth(undefined)).toThrow(expect.objectContaining({ status: 403, condition: 'propfind-finite-depth' }));
    expect(parseTimeout('Infinite, Second-4100000000', 3600, 600)).toBe(3600);
    expect(parseTimeout('Second-30', 3600, 600)).toBe(30);
    expect(parseTimeout(undefined, 3600, 600)).toBe(600);
    expect(parseDestination('http://h:8080/dav/files/%C3%A7', 'h:8080')).toBe('/dav/files/ç');
    expect(parseDestination('http://h/dav/files/a', 'h:80')).toBe('/dav/files/a');
    expect(() => parseDestination('http://other/dav/files/a', 'h')).toThrow(expect.objectContaining({ status: 502 }));
    expect(() => checkEtagHeaders('"a"', undefined, '"b"')).toThrow(expect.objectContaining({ status: 412 }));
    expect(() => checkEtagHeaders(undefined, '*', null)).not.toThrow();
    expect(() => checkEtagHeaders(undefined, '*', '"b"')).toThrow(expect.objectContaining({ status: 412 }));
  });

  it('locks: exclusive conflicts, shared ones coexist, a folder lock covers members and their creation, expiry frees', async () => {
    let at = 1_000_000;
    const store = new MemoryLocks();
    const locks = new LockManager(store, () => at);
    const base = { scopeId: 'acc', ownerXml: '', timeoutSeconds: 60 };
    const folder = await locks.create({ ...base, path: '/f', depth: 'infinity', exclusive: true });
    expect(await status(locks.create({ ...base, path: '/f/x', depth: 0, exclusive: false }))).toBe(423);
    expect(await status(locks.create({ ...base, scopeId: 'other', path: '/f', depth: 0, exclusive: true }))).toBe('ok');
    expect(await status(locks.assertUnlocked('acc', [{ path: '/f/new', subtree: false }], []))).toBe(423);
    expect(await status(locks.assertUnlocked('acc', [{ path: '/', subtree: true }], []))).toBe(423);
    expect(await status(locks.assertUnlocked('acc', [{ path: '/f/new', subtree: false }], parseIf(`(<${folder.token}>)`)))).toBe('ok');
    expect(await status(locks.assertUnlocked('acc', [{ path: '/g', subtree: true }], []))).toBe('ok');
    const s1 = await locks.create({ ...base, path: '/s', depth: 0, exclusive: false });
    expect(await status(locks.create({ ...base, path: '/s', depth: 0, exclusive: false }))).toBe('ok');
    expect(await status(locks.unlock('acc', '/other', s1.token))).toBe(409);
    at += 61_000;
    expect(await status(locks.assertUnlocked('acc', [{ path: '/f/new', subtree: false }], []))).toBe('ok');
    expect(await status(locks.refresh('acc', '/f', parseIf(`(<${folder.token}>)`), 60))).toBe(412);
  });

  it('a streamed multistatus renders its next part only when the reader has taken the last one (backpressure)', async () => {
    let rendered = 0;
    const part = `<D:response>${'x'.repeat(40_000)}</D:response>`;
    async function* parts() {
      for (let i = 0; i < 500; i++) {
        rendered++;
        yield part;
      }
    }
    const stream = streamedXml(parts());
    await new Promise((resolve) => stream.once('readable', resolve));
    const first = stream.read() as Buffer;
    expect(first.length).toBeGreaterThan(0);
    // Let every pending read and render run: a stream that ran ahead (object mode renders 16 parts) would do it now.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(rendered).toBeLessThanOrEqual(3);
    let bytes = first.length;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    expect(rendered).toBe(500);
    expect(bytes).toBe(500 * part.length);
  });
});
