import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function trashed(uuid: string, name: string, bytes = 1024, extra: Record<string, unknown> = {}) {
  return {
    uuid,
    name,
    folder: false,
    bytes,
    contentType: 'text/plain',
    parentFolderUuid: null,
    projectId: 'p-1',
    createdDate: 0,
    lastModifiedDate: 0,
    favourite: false,
    hidden: false,
    status: 'TRASHED',
    documentType: null,
    trashedDate: new Date(2026, 1, 3, 14, 5).getTime(),
    ...extra,
  };
}

const photoExtra = (uuid: string) => ({
  contentType: 'image/jpeg',
  thumbnailUrl: `/api/media/thumb/${uuid}`,
  previewUrl: `/api/media/preview/${uuid}`,
  mediaStatus: 'READY',
});

function setup(initial = [trashed('t-1', 'eski.txt'), trashed('t-2', 'rapor.pdf', 5_000_000)]) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
      unobserve() {}
    },
  );
  let items = [...initial];
  let used = 6_000_000;
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': String(used), 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/filesystem/trash': () => json({ fileList: items, page: 0, size: 50, hasMore: false }),
    'POST /api/filesystem/recover': ({ body }) => {
      items = items.filter((entry) => !(body as string[]).includes(entry.uuid));
      return json({ fileList: [] });
    },
    'DELETE /api/filesystem/trash/forever': ({ body }) => {
      items = items.filter((entry) => !(body as string[]).includes(entry.uuid));
      return json({ deleted: (body as string[]).length });
    },
    'DELETE /api/filesystem/trash/all': () => {
      const deleted = items.length;
      items = [];
      used = 0;
      return json({ deleted });
    },
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/trash'] }), ...server };
}

const trashRows = () => {
  const list = screen.queryByRole('list', { name: 'Items in Trash' });
  return list ? within(list).getAllByRole('listitem') : [];
};

describe('TrashScreen', () => {
  it('lists trashed items with their trashed date, and Delete All empties it only after confirmation', async () => {
    const { user, requests } = setup();
    expect(await screen.findByRole('region', { name: 'Trash' })).toBeInTheDocument();
    await waitFor(() => expect(trashRows()).toHaveLength(2));
    expect(trashRows()[0]).toHaveAttribute('data-name', 'eski.txt');
    expect(trashRows()[0]).toHaveTextContent('03.02.2026 - 14:05');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Trash');
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty Trash?' });
    expect(dialog).toHaveTextContent('Empty Trash?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.url.pathname === '/api/filesystem/trash/all')).toBe(false);
    expect(trashRows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Empty Trash?' })).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(await screen.findByText('Trash emptied.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE' && request.url.pathname === '/api/filesystem/trash/all')).toHaveLength(1);
    // Usage is read again so the account card follows.
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/account/usages').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'Delete All' })).toBeDisabled();
  });

  it('recovers and deletes selected items forever (with confirmation)', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(trashRows()).toHaveLength(2));
    await user.click(trashRows()[0]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected items' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/recover')?.body).toEqual(['t-1']);
    await waitFor(() => expect(trashRows().map((row) => row.getAttribute('data-name'))).toEqual(['rapor.pdf']));

    await user.click(trashRows()[0]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected items' })).getByRole('button', { name: 'Delete forever' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete forever?' })).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Deleted forever.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/trash/forever')?.body).toEqual(['t-2']);
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
  });

  it('shows thumbnails of trashed photos, previews one, and selects all from the header checkbox', async () => {
    const { user, requests } = setup([trashed('t-1', 'deniz.jpg', 2048, photoExtra('t-1')), trashed('t-2', 'rapor.pdf')]);
    await waitFor(() => expect(trashRows()).toHaveLength(2));
    expect(within(trashRows()[0]!).getByTestId('file-thumbnail').querySelector('img[src="/api/media/thumb/t-1"]')).not.toBeNull();

    // A click on a trashed photo previews it; the preview can restore it.
    await user.click(trashRows()[0]!);
    const preview = await screen.findByRole('dialog', { name: 'deniz.jpg' });
    expect(within(preview).getByRole('img', { name: 'deniz.jpg' })).toHaveAttribute('src', '/api/media/preview/t-1');
    await user.click(within(preview).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(requests.find((request) => request.url.pathname === '/api/filesystem/recover')?.body).toEqual(['t-1']));
    await waitFor(() => expect(trashRows()).toHaveLength(1));

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('toolbar', { name: 'Actions for the selected items' })).toHaveTextContent('Selected: 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected items' })).not.toBeInTheDocument();
  });
});
