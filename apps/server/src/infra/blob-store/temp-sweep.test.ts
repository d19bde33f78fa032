import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskBlobStore } from './disk-blob-store.js';
import { sweepTemp, TEMP_MAX_AGE_MS } from './temp-sweep.js';

describe('temp sweep', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(os.tmpdir(), 'bulut-sweep-test-'));
    dirs.push(dir);
    return dir;
  };
  const age = async (path: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    await utimes(path, at, at);
  };

  it('removes temp files and media work directories a crash left, keeps young ones, blobs and foreign entries', async () => {
    const root = await tempDir();
    const osTemp = await tempDir();
    const blobs = new DiskBlobStore(root);
    await blobs.put('users/a/files/1', Readable.from([Buffer.from('kept')]));
    await mkdir(join(root, '.tmp'), { recursive: true });
    await writeFile(join(root, '.tmp', 'cut-by-crash'), 'partial');
    await age(join(root, '.tmp', 'cut-by-crash'), TEMP_MAX_AGE_MS + 60_000);
    await writeFile(join(root, '.tmp', 'being-written'), 'live');

    const oldWork = join(osTemp, 'bulut-media-old');
    await mkdir(oldWork);
    await writeFile(join(oldWork, 'original.mov'), 'x');
    await age(join(oldWork, 'original.mov'), TEMP_MAX_AGE_MS + 60_000);
    await age(oldWork, TEMP_MAX_AGE_MS + 60_000);
    // Old directory, but a tool wrote into it just now: still in use.
    const busyWork = join(osTemp, 'bulut-media-busy');
    await mkdir(busyWork);
    await age(busyWork, TEMP_MAX_AGE_MS + 60_000);
    await writeFile(join(busyWork, 'poster.jpg'), 'y');
    const foreign = join(osTemp, 'someone-else');
    await mkdir(foreign);
    await age(foreign, TEMP_MAX_AGE_MS + 60_000);

    expect(await sweepTemp(blobs, { osTempDir: osTemp })).toEqual({ blobs: 1, os: 1 });
    expect(await readdir(join(root, '.tmp'))).toEqual(['being-written']);
    expect((await readdir(osTemp)).sort()).toEqual(['bulut-media-busy', 'someone-else']);
    expect(await blobs.stat('users/a/files/1')).toMatchObject({ size: 4 });
  });

  it('a store that was never written to has nothing to sweep', async () => {
    const blobs = new DiskBlobStore(join(await tempDir(), 'fresh'));
    expect(await sweepTemp(blobs, { osTempDir: await tempDir() })).toEqual({ blobs: 0, os: 0 });
  });
});
