import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFile } from '../../modules/files/files.fixtures.js';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { AppError } from '../errors.js';
import { AccessPolicy } from './access-policy.js';
import { recognised } from '../../test/isolation.fixtures.js';

describe.each(DIALECTS)('AccessPolicy (%s)', (dialect) => {
  let t: TestApp;
  let policy: AccessPolicy;
  let a: { accountId: string; token: string };
  let b: { accountId: string; token: string };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    policy = new AccessPolicy(t.database.db);
    a = await signUp(t);
    b = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const notFound = async (run: Promise<unknown>, message: string) => {
    const err = await run.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ httpStatus: 404, status: 'NOT_FOUND', message });
  };

  /** An upload of 100 bytes with its first 10 received, as the upload URL leaves it. */
  const openUpload = async (token: string) => {
    const id = randomUUID();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/upload/${id}`,
      headers: { ...authed(token), 'content-length': '10', 'content-range': 'bytes 0-9/100', 'x-object-meta-file-name': 'big.bin' },
      payload: randomBytes(10),
    });
    expect(res.statusCode).toBe(202);
    return id;
  };

  it('grants the owner their own ids and nothing else; unknown and foreign ids are denied alike', async () => {
    const mine = await addFile(t, a.accountId, 'mine.txt');
    const theirs = await addFile(t, b.accountId, 'theirs.txt');
    const unknown = randomUUID();
    const granted = await policy.checkAccess(a, 'file.read', [mine.id, theirs.id, unknown, mine.id]);
    expect([...granted]).toEqual([mine.id]);
    await expect(policy.requireAccess(a, 'file.write', [mine.id])).resolves.toBeUndefined();
    await notFound(policy.requireAccess(a, 'file.write', [mine.id, theirs.id]), 'File not found.');
    await notFound(policy.requireAccess(a, 'file.read', [unknown]), 'File not found.');
    await notFound(policy.requireAccess(a, 'file.read', [theirs.id], { folder: true }), 'Folder not found.');
    // A file id is not an album id.
    await notFound(policy.requireAccess(a, 'album.read', [mine.id]), 'Album not found.');
    await expect(policy.requireAccess(a, 'file.read', [])).resolves.toBeUndefined();
  });

  it('an upload id names the running upload and the file it became; an id someone else holds cannot be claimed', async () => {
    const running = await openUpload(a.token);
    const file = await addFile(t, a.accountId, 'done.txt');
    const foreign = await openUpload(b.token);
    const foreignFile = await addFile(t, b.accountId, 'theirs-done.txt');
    const fresh = randomUUID();
    expect(await policy.checkAccess(a, 'upload.read', [running, file.id, foreign, foreignFile.id, fresh])).toEqual(
      new Set([running, file.id]),
    );
    expect(await policy.checkAccess(a, 'upload.write', [running, file.id, foreign, foreignFile.id, fresh], { claim: true })).toEqual(
      new Set([running, file.id, fresh]),
    );
    await notFound(policy.requireAccess(a, 'upload.write', [foreignFile.id], { claim: true }), 'Upload not found.');

    // A cancelled upload is gone for its owner's reads, yet its uuid may start over.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/upload/${running}`, headers: authed(a.token) })).statusCode).toBe(204);
    expect(await policy.checkAccess(a, 'upload.read', [running])).toEqual(new Set());
    expect(await policy.checkAccess(a, 'upload.write', [running], { claim: true })).toEqual(new Set([running]));
  });

  it('answers for albums, notifications and the project of the account', async () => {
    const album = (
      await t.app.inject({
        method: 'POST',
        url: '/api/album',
        headers: authed(a.token),
        payload: { contentType: 'album/photo', icon: 'sun', label: 'Summer' },
      })
    ).json().uuid as string;
    const notifications = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/notification/communication/fetch', headers: authed(token) }))
        .json()
        .map((n: { notificationId: string }) => n.notificationId) as string[];
    const [noteA] = await notifications(a.token);
    const [noteB] = await notifications(b.token);
    const project = async (accountId: string) =>
      (await t.database.db.selectFrom('account').select('project_id').where('id', '=', accountId).executeTakeFirstOrThrow()).project_id;

    expect(await policy.checkAccess(a, 'album.write', [album])).toEqual(new Set([album]));
    await notFound(policy.requireAccess(b, 'album.read', [album]), 'Album not found.');
    expect(await policy.checkAccess(a, 'notification.write', [noteA!, noteB!])).toEqual(new Set([noteA]));
    await notFound(policy.requireAccess(a, 'notification.read', [noteB!]), 'Notification not found.');
    const [projectA, projectB] = [await project(a.accountId), await project(b.accountId)];
    expect(await policy.checkAccess(a, 'project.read', [projectA, projectB])).toEqual(new Set([projectA]));
    await notFound(policy.requireAccess(a, 'project.read', [projectB]), 'Project not found.');
  });

  it("answers for people, places and things: the owner's whatever their status, another account's or an unknown id denied", async () => {
    const mine = await recognised(t, a.accountId);
    const theirs = await recognised(t, b.accountId);
    const unknown = randomUUID();
    const cases = [
      ['person.read', 'person', 'Person not found.'],
      ['person.write', 'person', 'Person not found.'],
      ['place.read', 'place', 'Place not found.'],
      ['thing.read', 'thing', 'Thing not found.'],
    ] as const;
    for (const [permission, kind, message] of cases) {
      expect(await policy.checkAccess(a, permission, [mine[kind], theirs[kind], unknown])).toEqual(new Set([mine[kind]]));
      await expect(policy.requireAccess(a, permission, [mine[kind]])).resolves.toBeUndefined();
      await notFound(policy.requireAccess(a, permission, [theirs[kind]]), message);
      await notFound(policy.requireAccess(b, permission, [mine[kind], theirs[kind]]), message);
      // Asked as an album (an album uuid naming a person), a denied id is still an album not found.
      await notFound(policy.requireAccess(a, permission, [unknown], { as: 'album' }), 'Album not found.');
    }
    // A trashed person is still its owner's (to recover); a person id is no place.
    await t.database.db.updateTable('person').set({ status: 'TRASHED' }).where('id', '=', mine.person).execute();
    expect(await policy.checkAccess(a, 'person.write', [mine.person])).toEqual(new Set([mine.person]));
    await notFound(policy.requireAccess(a, 'place.read', [mine.person]), 'Place not found.');
    // Ids someone else holds cannot be claimed either.
    expect(await policy.checkAccess(a, 'person.write', [mine.person, theirs.person, unknown], { claim: true })).toEqual(
      new Set([mine.person, unknown]),
    );
  });

  it('self takes no resource ids', async () => {
    await expect(policy.requireAccess(a, 'self', [])).resolves.toBeUndefined();
    expect(await policy.checkAccess(a, 'self', [randomUUID()])).toEqual(new Set());
    await expect(policy.requireAccess(a, 'self', [randomUUID()])).rejects.toThrow('self');
  });
});
