import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const base = { folder: false, parentFolderUuid: 'f-1', projectId: 'p-1', createdDate: 0, lastModifiedDate: 0, favourite: false, status: 'ACTIVE', documentType: null };
const listing = [
  { ...base, uuid: 'd-1', name: 'Alt', folder: true, bytes: 0, contentType: 'application/x-directory' },
  { ...base, uuid: 'i-1', name: 'beach.jpg', bytes: 1000, contentType: 'image/jpeg' },
  { ...base, uuid: 'x-1', name: 'notes.txt', bytes: 2 * 1024 * 1024, contentType: 'text/plain' },
  // An office file the editor does not open (it shows its first page, or the type icon without one).
  { ...base, uuid: 'z-1', name: 'slides.ppt', bytes: 3000, contentType: 'application/vnd.ms-powerpoint' },
];
const media = [
  { ...base, uuid: 'p-2', name: 'sunset.jpg', bytes: 5000, contentType: 'image/jpeg', previewUrl: '/api/media/p-2/preview.webp?sig=s', thumbnailUrl: '/api/media/p-2/thumb.webp?sig=s', width: 4000, height: 3000, mediaStatus: 'READY' },
  { ...base, uuid: 'v-1', name: 'clip.mp4', bytes: 9000, contentType: 'video/mp4', thumbnailUrl: '/api/media/v-1/thumb.webp?sig=s', durationMs: 61_000, mediaStatus: 'READY' },
];

function setup(uuid: string, items: object[] = listing) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/filesystem': () => json({ fileList: items, page: 0, size: 50, hasMore: false }),
    'POST /api/v2/files/_bulk/create-download-url': ({ body }) =>
      json((body as { uuid: string }[]).map((ref) => ({ uuid: ref.uuid, url: `/api/download/tok-${ref.uuid}`, inlineUrl: `/api/download/tok-${ref.uuid}?inline=1` }))),
    'GET /api/download/tok-x-1': ({ headers }) =>
      new Response(headers.get('Range') === 'bytes=0-1048575' ? 'hello from the first MiB' : 'wrong range', { status: 206, headers: { 'content-type': 'text/plain' } }),
  });
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: [`/main/preview?uuid=${uuid}&parent=f-1`] }) && { ...server, store };
}

describe('PreviewScreen', () => {
  it('shows an image from its inline URL and walks the folder files with the buttons and arrow keys', async () => {
    setup('i-1');
    const preview = await screen.findByRole('dialog');
    await waitFor(() => expect(preview).toHaveAttribute('aria-label', 'beach.jpg'));
    expect(await screen.findByRole('img', { name: 'beach.jpg' })).toHaveAttribute('src', '/api/download/tok-i-1?inline=1');
    // Folders are not part of the walk: the first file has no previous.
    expect(screen.getByRole('button', { name: 'Previous file' })).toBeDisabled();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Next file' }).click();
    expect(await screen.findByText('hello from the first MiB')).toBeInTheDocument();
    expect(screen.getByText(/Only the first 1 MB is shown/)).toBeInTheDocument();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(await screen.findByText('No preview available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next file' })).toBeDisabled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAttribute('aria-label', 'notes.txt'));
  });

  it('prefers the preview WebP for pictures and uses the thumbnail as the video poster', async () => {
    const { requests } = setup('p-2', media);
    const image = await screen.findByRole('img', { name: 'sunset.jpg' });
    expect(image).toHaveAttribute('src', '/api/media/p-2/preview.webp?sig=s');
    expect(image.style.aspectRatio).toBe('4000 / 3000');
    expect(requests.some((request) => request.url.pathname === '/api/v2/files/_bulk/create-download-url')).toBe(false);

    screen.getByRole('button', { name: 'Next file' }).click();
    // A <video> has no role: it keeps its test id.
    const video = await screen.findByTestId('preview-video');
    expect(video).toHaveAttribute('poster', '/api/media/v-1/thumb.webp?sig=s');
    expect(video).toHaveAttribute('src', '/api/download/tok-v-1?inline=1');
  });

  it('downloads the shown file and closes back to Files', async () => {
    const { requests } = setup('z-1');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await screen.findByText('No preview available');
    // The bar's Download comes before the no-preview panel's own.
    screen.getAllByRole('button', { name: 'Download' })[0]!.click();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.filter((request) => request.url.pathname === '/api/v2/files/_bulk/create-download-url').at(-1)?.body).toEqual([{ projectId: 'p-1', uuid: 'z-1' }]);
    click.mockRestore();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(await screen.findByRole('region', { name: 'Files' })).toBeInTheDocument();
  });
});
