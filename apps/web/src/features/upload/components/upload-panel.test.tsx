import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { uploadProgressed, uploadsQueued, uploadSkipped, uploadStatusChanged, type UploadItem } from '../upload-slice';
import { UploadStatus } from '../upload-status';
import { UploadPanel } from './upload-panel';

const entry = (seq: number, name: string, size = 1000): UploadItem => ({
  uuid: `u-${seq}`,
  name,
  size,
  lastModified: 0,
  parentUuid: null,
  progress: 0,
  status: UploadStatus.NotStarted,
  seq,
});

describe('UploadPanel', () => {
  it('says how much was already in the account and not sent, in the reader\'s numbers (issue 35)', () => {
    const store = createAppStore();
    store.dispatch(uploadsQueued([entry(1, 'again.mov', 1.8 * 1024 ** 3), entry(2, 'new.jpg')]));
    store.dispatch(uploadSkipped({ uuid: 'u-1', bytes: 1.8 * 1024 ** 3 }));
    store.dispatch(uploadProgressed({ uuid: 'u-1', progress: 100 }));
    render(
      <Provider store={store}>
        <UploadPanel onCancel={vi.fn()} onRetry={vi.fn()} onResume={vi.fn()} onClear={vi.fn()} />
      </Provider>,
    );
    expect(screen.getByTestId('upload-skipped')).toHaveTextContent('1.8 GB already in your Bulut');
  });

  it('shows every status, rounded percent, and the n of m total', async () => {
    const store = createAppStore();
    store.dispatch(
      uploadsQueued([
        entry(1, 'waiting.bin'),
        entry(2, 'cancelled.bin'),
        entry(3, 'failed.bin'),
        entry(4, 'done.bin'),
        entry(5, 'loading.bin'),
        entry(6, 'empty.bin', 0),
        entry(7, 'timeout.bin'),
        { ...entry(8, 'paused.bin'), needsFile: true },
      ]),
    );
    store.dispatch(uploadStatusChanged({ uuid: 'u-2', status: UploadStatus.Cancelled }));
    store.dispatch(uploadStatusChanged({ uuid: 'u-3', status: UploadStatus.Failed, failure: 'quota' }));
    store.dispatch(uploadProgressed({ uuid: 'u-4', progress: 100 }));
    store.dispatch(uploadStatusChanged({ uuid: 'u-5', status: UploadStatus.Loading }));
    store.dispatch(uploadProgressed({ uuid: 'u-5', progress: 42.6 }));
    store.dispatch(uploadStatusChanged({ uuid: 'u-6', status: UploadStatus.Empty }));
    store.dispatch(uploadStatusChanged({ uuid: 'u-7', status: UploadStatus.Timeout }));
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    const onResume = vi.fn();
    render(
      <Provider store={store}>
        <UploadPanel onCancel={onCancel} onRetry={onRetry} onResume={onResume} onClear={vi.fn()} />
      </Provider>,
    );

    const item = (name: string) => screen.getByRole('listitem', { name });
    expect(item('waiting.bin')).toHaveAttribute('data-status', '0');
    expect(item('waiting.bin')).toHaveTextContent('Waiting…');
    expect(item('cancelled.bin')).toHaveTextContent('Cancelled');
    expect(item('failed.bin')).toHaveTextContent('Not enough storage space');
    expect(item('done.bin')).toHaveAttribute('data-status', '3');
    expect(item('done.bin')).toHaveTextContent('Uploaded');
    expect(within(item('done.bin')).getByRole('progressbar', { name: 'Upload progress of done.bin' })).toHaveAttribute('aria-valuenow', '100');
    expect(item('loading.bin')).toHaveTextContent('Uploading…');
    expect(within(item('loading.bin')).getByRole('progressbar', { name: 'Upload progress of loading.bin' })).toHaveAttribute('aria-valuenow', '43');
    expect(item('loading.bin')).toHaveTextContent('43%');
    expect(item('empty.bin')).toHaveTextContent('Empty file — not uploaded');
    expect(item('timeout.bin')).toHaveTextContent('Timed out');
    expect(item('paused.bin')).toHaveTextContent('Paused — choose the file again to resume');
    // 6 count (cancelled and empty do not): 1 done; bytes 1000 + 426 of 6000 → 24 %.
    expect(screen.getByText(/^\d+ of \d+ uploaded/)).toHaveTextContent('1 of 6 uploaded · 24%');

    const user = userEvent.setup();
    await user.click(within(item('loading.bin')).getByRole('button', { name: 'Cancel uploading loading.bin' }));
    expect(onCancel).toHaveBeenCalledWith('u-5');
    await user.click(within(item('timeout.bin')).getByRole('button', { name: 'Try uploading timeout.bin again' }));
    expect(onRetry).toHaveBeenCalledWith('u-7');
    await user.click(within(item('paused.bin')).getByRole('button', { name: 'Choose file' }));
    expect(onResume).toHaveBeenCalled();
    expect(within(item('done.bin')).queryByRole('button', { name: /^Cancel uploading/ })).not.toBeInTheDocument();
  });

  it('shows speed and time left for a long upload, and a bar as wide as the percentage', () => {
    const store = createAppStore();
    store.dispatch(uploadsQueued([entry(1, 'film.mp4', 200_000_000), entry(2, 'small.txt', 1000)]));
    store.dispatch(uploadStatusChanged({ uuid: 'u-1', status: UploadStatus.Loading }));
    store.dispatch(uploadStatusChanged({ uuid: 'u-2', status: UploadStatus.Loading }));
    // 10 MB in 5 s: 2 MB/s, 190 MB to go → 95 s, about 2 min.
    store.dispatch(uploadProgressed({ uuid: 'u-1', progress: 0, bytes: 0, at: 0 }));
    store.dispatch(uploadProgressed({ uuid: 'u-1', progress: 5, bytes: 10_000_000, at: 5_000 }));
    render(
      <Provider store={store}>
        <UploadPanel onCancel={vi.fn()} onRetry={vi.fn()} onResume={vi.fn()} onClear={vi.fn()} />
      </Provider>,
    );
    const film = screen.getByRole('listitem', { name: 'film.mp4' });
    expect(film).toHaveTextContent('1.9 MB/s · 2 min left');
    // The small file has no measured pace yet: the total waits for it rather than guess.
    expect(within(screen.getByRole('region', { name: 'Uploads' })).queryAllByText(/left$/)).toHaveLength(1);
    const bar = within(film).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect((bar.firstElementChild as HTMLElement).style.inlineSize).toBe('5%');
  });

  it('makes room below the Files list as tall as the open panel, so no row stays under it', async () => {
    // The panel's measured height: 300 px open, 64 px folded to its header.
    let observed: ResizeObserverCallback | null = null;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observed = callback;
        }
        observe() {
          observed?.([], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const height = this.dataset.testid === 'upload-panel' ? (this.dataset.collapsed ? 64 : 300) : 0;
      return new DOMRect(0, 0, 380, height);
    });
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    mockFetch({
      'GET /api/account/info': () => json({ uuid: 'u-1', status: 'ACTIVE' }),
      'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
      'GET /api/account/authority': () => json([]),
      'GET /api/notification/communication/fetch': () => json([]),
      'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }),
    });
    const store = createAppStore();
    store.dispatch(uploadsQueued([entry(1, 'a.bin'), entry(2, 'b.bin')]));
    store.dispatch(uploadStatusChanged({ uuid: 'u-1', status: UploadStatus.Loading }));
    const { user } = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/files'] });
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    const main = screen.getByRole('main');
    const room = screen.getByTestId('upload-room');
    // The room comes after the page's content, so scrolling to the end lifts the last row clear of the panel.
    expect(main.compareDocumentPosition(room) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(room.style.blockSize).toBe('calc(300px + var(--space-6))'));
    await user.click(within(panel).getByRole('button', { name: 'Collapse uploads' }));
    observed!([], {} as ResizeObserver);
    await waitFor(() => expect(room.style.blockSize).toBe('calc(64px + var(--space-6))'));
    measure.mockRestore();
    vi.unstubAllGlobals();
  });
});
