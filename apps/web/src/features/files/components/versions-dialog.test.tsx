import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { fileItem } from '@/test/file-item';
import type { FileItem } from '@/api/files';

const notes: FileItem = fileItem({
  uuid: 'f-1',
  name: 'notes.txt',
  bytes: 13,
  contentType: 'text/plain',
  createdDate: Date.UTC(2026, 10, 20, 9, 0),
  lastModifiedDate: Date.UTC(2026, 10, 20, 9, 0),
});

const versions = {
  versionList: [
    { id: 'v-2', bytes: 2048, contentType: 'text/plain', savedDate: new Date(2026, 10, 19, 14, 30).getTime(), replacedDate: 0, savedBy: { owner: false, name: 'Mehmet Kaya' } },
    { id: 'v-1', bytes: 1024, contentType: 'text/plain', savedDate: new Date(2026, 10, 18, 8, 5).getTime(), replacedDate: 0, savedBy: { owner: true, name: null } },
  ],
  totalBytes: 3072,
};

function setup(routes: Record<string, MockHandler> = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': () => json({ status: 'NOT_FOUND' }, { status: 404 }),
    'GET /api/filesystem': () => json({ fileList: [notes], page: 0, size: 50, hasMore: false }),
    'GET /api/filesystem/item/f-1/versions': () => json(versions),
    ...routes,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/files'] }), ...server };
}

const openVersions = async (user: ReturnType<typeof setup>['user']) => {
  await screen.findByRole('listitem', { name: /notes\.txt/ });
  await user.click(screen.getByRole('button', { name: 'Actions for notes.txt' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Versions' }));
  return screen.findByRole('dialog', { name: 'Versions' });
};

beforeAll(async () => {
  await import('./files-screen');
});

describe('Versions dialog', () => {
  it('lists versions newest first with date, size, who saved each, and the space they take', async () => {
    const { user } = setup();
    const dialog = await openVersions(user);
    const list = await within(dialog).findByRole('list', { name: 'Earlier versions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('19.11.2026 - 14:30');
    expect(rows[0]).toHaveTextContent('2 KB');
    expect(rows[0]).toHaveTextContent('Saved by Mehmet Kaya');
    expect(rows[1]).toHaveTextContent('Saved by the owner');
    expect(within(dialog).getByTestId('versions-space')).toHaveTextContent('Versions take 3 KB of your storage.');
  });

  it('restores a version and closes', async () => {
    const { user, requests } = setup({ 'POST /api/filesystem/item/f-1/versions/v-1/restore': () => json(notes) });
    const dialog = await openVersions(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Restore the version of 18.11.2026 - 08:05' }));
    expect(await screen.findByText('Version restored. The content it replaced is kept as a version.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/filesystem/item/f-1/versions/v-1/restore')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Versions' })).not.toBeInTheDocument());
  });

  it('deletes one version, and all of them after a confirmation', async () => {
    const { user, requests } = setup({
      'DELETE /api/filesystem/item/f-1/versions/v-2': () => json({ deleted: 1 }),
      'DELETE /api/filesystem/item/f-1/versions': () => json({ deleted: 2 }),
    });
    const dialog = await openVersions(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the version of 19.11.2026 - 14:30' }));
    expect(await screen.findByText('Version deleted.')).toBeInTheDocument();
    await user.click(within(await screen.findByRole('dialog', { name: 'Versions' })).getByRole('button', { name: 'Delete all versions' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete all versions?' });
    expect(confirm).toHaveTextContent('freeing 3 KB');
    await user.click(within(confirm).getByRole('button', { name: 'Delete all versions' }));
    expect(await screen.findByText('All versions deleted.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/api/filesystem/item/f-1/versions/v-2',
      '/api/filesystem/item/f-1/versions',
    ]);
  });

  it('says so when a file has no versions yet; "delete all" is then off', async () => {
    const { user } = setup({ 'GET /api/filesystem/item/f-1/versions': () => json({ versionList: [], totalBytes: 0 }) });
    const dialog = await openVersions(user);
    expect(await within(dialog).findByText(/No earlier versions yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete all versions' })).toBeDisabled();
  });
});
