import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { fileItem } from '@/test/file-item';
import type { FileItem } from '@/api/files';

function hiddenItem(uuid: string, name: string, overrides: Partial<FileItem> = {}): FileItem {
  return fileItem({ uuid, name, folder: false, bytes: 2048, contentType: 'text/plain', projectId: 'p-1', hidden: true, status: 'ACTIVE', ...overrides });
}

const photo = hiddenItem('h-1', 'gizli.jpg', {
  contentType: 'image/jpeg',
  thumbnailUrl: '/api/media/thumb/h-1',
  previewUrl: '/api/media/preview/h-1',
  mediaStatus: 'READY',
  width: 400,
  height: 300,
});

function setup(path = '/main/hidden', { thumbnailPendingFirst = false } = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  let items: FileItem[] = [photo, hiddenItem('h-2', 'not.txt')];
  // The photo was hidden right after its upload: the first read finds its thumbnail still being made.
  let pendingReads = thumbnailPendingFirst ? 1 : 0;
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': () => json({ status: 'NOT_FOUND' }, { status: 404 }),
    'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }),
    'GET /api/scroll/groups': () => json({ category: 'all', total: 0, groups: [] }),
    'GET /api/filesystem/hidden': () => {
      const pending = pendingReads-- > 0;
      const listed = pending ? items.map((entry) => (entry.uuid === photo.uuid ? { ...entry, mediaStatus: 'PENDING' as const, thumbnailUrl: null } : entry)) : items;
      return json({ fileList: listed, page: 0, size: 50, hasMore: false });
    },
    'POST /api/filesystem/unhide': ({ body }) => {
      const gone = body as string[];
      const back = items.filter((entry) => gone.includes(entry.uuid)).map((entry) => ({ ...entry, hidden: false }));
      items = items.filter((entry) => !gone.includes(entry.uuid));
      return json({ fileList: back });
    },
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), ...server };
}

const rows = () => {
  const list = screen.queryByRole('list', { name: 'Hidden items' });
  return list ? within(list).getAllByRole('listitem') : [];
};

describe('HiddenScreen', () => {
  it('reads the list again while a thumbnail is being made, so the picture turns up without a reload', async () => {
    const { requests } = setup('/main/hidden', { thumbnailPendingFirst: true });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByTestId('file-thumbnail').querySelector('img[src="/api/media/thumb/h-1"]')).toBeNull();
    await waitFor(() => expect(within(rows()[0]!).getByTestId('file-thumbnail').querySelector('img[src="/api/media/thumb/h-1"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/filesystem/hidden').length).toBeGreaterThanOrEqual(2);
  });

  it('is reached from Files, lists hidden items with thumbnails, opens a photo and unhides from the row menu', async () => {
    const { user, requests } = setup('/main/files');
    await user.click(await screen.findByRole('link', { name: 'Hidden items' }));
    expect(await screen.findByRole('region', { name: 'Hidden' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByTestId('file-thumbnail').querySelector('img[src="/api/media/thumb/h-1"]')).not.toBeNull();

    await user.click(rows()[0]!);
    expect(await screen.findByRole('dialog', { name: 'gizli.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Actions for gizli.jpg' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unhide' }));
    expect(await screen.findByText('Back in your files.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/unhide')?.body).toEqual(['h-1']);
    await waitFor(() => expect(rows().map((row) => row.getAttribute('data-name'))).toEqual(['not.txt']));
  });

  it('unhides the selection from the bar and shows the empty state after', async () => {
    const { user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected items' })).getByRole('button', { name: 'Unhide' }));
    expect(await screen.findByText('Nothing is hidden')).toBeInTheDocument();
  });

  it('keeps the open photo in the URL: a reload reopens it, Back closes it', async () => {
    const { user, router } = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(rows()[0]!);
    expect(await screen.findByRole('dialog', { name: 'gizli.jpg' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?photo=h-1');
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/hidden');
    expect(router.state.location.search).toBe('');
    expect(rows()).toHaveLength(2);
  });

  it('opens the photo named in the URL, as after a reload', async () => {
    const { user, router } = setup('/main/hidden?photo=h-1');
    expect(await screen.findByRole('dialog', { name: 'gizli.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/hidden');
    expect(router.state.location.search).toBe('');
  });

  it('is reached from Photos', async () => {
    const { user, router } = setup('/main/photos/all');
    await user.click(await screen.findByRole('link', { name: 'Hidden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/hidden'));
  });
});
