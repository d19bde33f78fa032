import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { json, mockFetch } from '@/test/fetch-mock';
import type { FileItem } from '@/api/files';
import { PhotoViewer } from './photo-viewer';
import { fileItem } from '@/test/file-item';

const base = { folder: false, parentFolderUuid: null, projectId: 'p-1', status: 'ACTIVE', favourite: false, mediaStatus: 'READY' } as const;
const photo = (uuid: string, name: string, extra: Partial<FileItem> & Record<string, unknown> = {}): FileItem => fileItem({
  ...base,
  uuid,
  name,
  bytes: 2_500_000,
  contentType: 'image/jpeg',
  previewUrl: `/api/media/${uuid}/preview.webp?sig=s`,
  thumbnailUrl: `/api/media/${uuid}/thumb.webp?sig=s`,
  width: 4032,
  height: 3024,
  takenDate: Date.UTC(2026, 6, 14, 9, 30),
  ...extra,
});

const ITEMS: FileItem[] = [
  photo('ph-1', 'beach.jpg', { camera: 'Apple iPhone 13', latitude: 41.0082, longitude: 28.9784, metadata: { Description: 'At the sea' } }),
  photo('ph-2', 'forest.jpg'),
  photo('ph-3', 'snow.jpg'),
];

function Harness({ items: initial, start = 0, onClose, total }: { items: FileItem[]; start?: number; onClose: () => void; total?: number }) {
  const [items, setItems] = useState(initial);
  const [index, setIndex] = useState(start);
  return (
    <PhotoViewer
      items={items}
      index={index}
      total={total}
      onIndexChange={setIndex}
      onClose={onClose}
      onItemRemoved={(uuid) => setItems((current) => current.filter((item) => item.uuid !== uuid))}
    />
  );
}

function setup(options: { items?: FileItem[]; start?: number; total?: number } = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'POST /api/filesystem/metadata': () => json({}),
    'PUT /api/filesystem/metadata/ph-1': ({ body }) => json({ ...ITEMS[0], metadata: { Description: (body as { value: string }).value } }),
    'DELETE /api/filesystem/trash': () => json({}),
    'DELETE /api/filesystem/hide': () => json({}),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
    'POST /api/v2/files/_bulk/create-download-url': ({ body }) =>
      json((body as { uuid: string }[]).map((ref) => ({ uuid: ref.uuid, url: `/api/download/tok-${ref.uuid}`, inlineUrl: `/api/download/tok-${ref.uuid}?inline=1` }))),
  });
  const onClose = vi.fn();
  const store = createAppStore();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <Harness items={options.items ?? ITEMS} start={options.start} onClose={onClose} total={options.total} />
      <ToastHost />
    </Provider>,
  );
  return { ...server, onClose, user, store };
}

// The viewer is the first dialog open; a confirmation opens over it.
const viewer = () => screen.getAllByRole('dialog')[0]!;
const shownName = () => within(viewer()).getByRole('heading', { level: 2 }).textContent;
// The counter's sentence is hidden text beside the figures (a plain span may not carry aria-label).
const counter = () => within(viewer()).getByTestId('viewer-counter');
const button = (name: string) => within(viewer()).getByRole('button', { name });
const image = () => within(viewer()).getByRole('img', { name: shownName() ?? '' });

describe('PhotoViewer', () => {
  it('walks the photos with the buttons and arrow keys, shows the counter, and closes on Escape', async () => {
    const { user, onClose } = setup();
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent('1 / 3');
    expect(image()).toHaveAttribute('src', '/api/media/ph-1/preview.webp?sig=s');
    expect(button('Previous')).toBeDisabled();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(button('Next'));
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shownName()).toBe('forest.jpg');

    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 3');
    expect(button('Next')).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('3 / 3');

    await user.keyboard('{ArrowLeft}');
    expect(shownName()).toBe('forest.jpg');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('turns the page the other way with the arrow keys in right-to-left layouts', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const { user } = setup({ start: 1 });
      await user.keyboard('{ArrowLeft}');
      expect(counter()).toHaveTextContent('3 / 3');
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(counter()).toHaveTextContent('1 / 3');
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });

  it('zooms with the buttons and double-click, and resets the zoom on the next photo', async () => {
    const { user } = setup();
    expect(button('Zoom out')).toBeDisabled();
    await user.click(button('Zoom in'));
    expect(Number(image().dataset.scale)).toBe(1.5);
    await user.dblClick(screen.getByTestId('viewer-stage'));
    expect(Number(image().dataset.scale)).toBe(1);
    await user.dblClick(screen.getByTestId('viewer-stage'));
    expect(Number(image().dataset.scale)).toBe(2.5);
    await user.keyboard('{ArrowRight}');
    expect(Number(image().dataset.scale)).toBe(1);
  });

  it('favourites the photo through the files endpoint', async () => {
    const { user, requests } = setup();
    const star = button('Add to favourites');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(requests.some((request) => request.url.pathname === '/api/filesystem/metadata')).toBe(true));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/metadata')?.body).toEqual({ uuids: ['ph-1'], favourite: true });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Added to favourites.')).toBeInTheDocument();
  });

  it('downloads the photo on screen through a signed download URL', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user, requests } = setup({ start: 2 });
      await user.click(button('Download'));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const call = requests.find((request) => request.url.pathname === '/api/v2/files/_bulk/create-download-url');
      expect(call?.body).toEqual([{ projectId: 'p-1', uuid: 'ph-3' }]);
    } finally {
      click.mockRestore();
    }
  });

  it('moves a photo to trash after confirming and shows the next one', async () => {
    const { user, requests, onClose } = setup();
    await user.click(button('More actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move this item to trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(shownName()).toBe('forest.jpg'));
    const trash = requests.find((request) => request.method === 'DELETE' && request.url.pathname === '/api/filesystem/trash');
    expect(trash?.body).toEqual(['ph-1']);
    expect(counter()).toHaveTextContent('1 / 2');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('hides the last photo, steps back to the previous one, and closes when none is left', async () => {
    const { user, requests, onClose } = setup({ items: ITEMS.slice(0, 2), start: 1 });
    await user.click(button('More actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    await waitFor(() => expect(shownName()).toBe('beach.jpg'));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/hide')?.body).toEqual(['ph-2']);

    await user.click(button('More actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers no album actions outside an album', async () => {
    const { user } = setup();
    await user.click(button('More actions'));
    expect(await screen.findByRole('menuitem', { name: 'Move to trash' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set as album cover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove from album' })).not.toBeInTheDocument();
  });

  it('shows the info panel and saves an edited description', async () => {
    const { user, requests } = setup();
    await user.click(button('Info'));
    const panel = screen.getByRole('complementary', { name: 'Info' });
    expect(panel).toHaveTextContent('Apple iPhone 13');
    expect(panel).toHaveTextContent('41.00820, 28.97840');
    expect(panel).toHaveTextContent('4,032 × 3,024');
    expect(panel).toHaveTextContent('beach.jpg');
    expect(within(panel).getByText('At the sea')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const field = await screen.findByRole('textbox');
    await user.clear(field);
    await user.type(field, 'Sunset at Kadıköy');
    await user.keyboard('{Enter}');
    const save = screen.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit');
    if (save) await user.click(save);
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT' && request.url.pathname === '/api/filesystem/metadata/ph-1')).toBe(true));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/metadata/ph-1')?.body).toEqual({ key: 'Description', value: 'Sunset at Kadıköy' });
  });

  it('falls back to the signed inline URL for a picture without a preview, and plays videos with their poster', async () => {
    const items = [
      photo('ph-9', 'raw.jpg', { previewUrl: null }),
      photo('vi-1', 'clip.mp4', { contentType: 'video/mp4', previewUrl: null, durationMs: 12_000 }),
    ];
    const { user, requests } = setup({ items });
    expect(await screen.findByRole('img', { name: 'raw.jpg' })).toHaveAttribute('src', '/api/download/tok-ph-9?inline=1');
    await user.click(button('Next'));
    const video = await screen.findByTestId('viewer-video');
    expect(video).toHaveAttribute('src', '/api/download/tok-vi-1?inline=1');
    expect(video).toHaveAttribute('poster', '/api/media/vi-1/thumb.webp?sig=s');
    const refs = requests.filter((request) => request.url.pathname === '/api/v2/files/_bulk/create-download-url').map((request) => request.body);
    expect(refs).toEqual([[{ projectId: 'p-1', uuid: 'ph-9' }], [{ projectId: 'p-1', uuid: 'vi-1' }]]);
  });

  it('counts against the whole collection and asks for more near the end', async () => {
    const onNeedMore = vi.fn();
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    mockFetch({});
    render(
      <Provider store={createAppStore()}>
        <PhotoViewer items={ITEMS} index={1} total={120} onIndexChange={() => undefined} onClose={() => undefined} onNeedMore={onNeedMore} />
      </Provider>,
    );
    expect(counter()).toHaveTextContent('2 / 120');
    expect(button('Next')).toBeEnabled();
    expect(onNeedMore).toHaveBeenCalled();
  });
});
