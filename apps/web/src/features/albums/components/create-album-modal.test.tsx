import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { json, mockFetch } from '@/test/fetch-mock';
import type { Album } from '../api';
import { CreateAlbumModal } from './create-album-modal';

const album: Album = {
  uuid: 'a-1',
  label: 'Summer 2026',
  contentType: 'album/photo',
  icon: 'playlist-2',
  status: 'ACTIVE',
  coverPhotoUuid: null,
  coverPhoto: null,
  imageCount: 0,
  videoCount: 0,
  createdDate: 1,
  lastModifiedDate: 1,
};

function Harness({ onCreated, followUp }: { onCreated?: (album: Album) => void; followUp?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <CreateAlbumModal open={open} onOpenChange={setOpen} title="New album" placeholder="Name it" onCreated={onCreated} followUp={followUp} />
      <span data-testid="open-state">{String(open)}</span>
    </>
  );
}

function setup(options: { onCreated?: (album: Album) => void; followUp?: boolean; status?: number } = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'POST /api/album': ({ body }) =>
      options.status
        ? json({ status: 'VALIDATION_ERROR', message: 'bad' }, { status: options.status })
        : json({ ...album, label: (body as { label: string }).label }),
  });
  const store = createAppStore();
  render(
    <Provider store={store}>
      <Harness onCreated={options.onCreated} followUp={options.followUp} />
      <ToastHost />
    </Provider>,
  );
  return { ...server, store };
}

describe('CreateAlbumModal', () => {
  it('shows the given title and placeholder, a close icon, CREATE and CANCEL', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'New album' });
    expect(screen.getByPlaceholderText('Name it')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveTextContent('Create');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveTextContent('Cancel');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('filters typed special characters and keeps CREATE disabled while the trimmed name is empty', async () => {
    setup();
    const user = userEvent.setup();
    const input = screen.getByPlaceholderText('Name it');
    const submit = screen.getByRole('button', { name: 'Create' });
    expect(submit).toBeDisabled();
    await user.type(input, '   ');
    expect(submit).toBeDisabled();
    await user.type(input, '!?*');
    expect(input).toHaveValue('   ');
    expect(submit).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Yaz #2026 - İzmir_1!');
    expect(input).toHaveValue('Yaz 2026 - İzmir_1');
    expect(submit).toBeEnabled();
  });

  it('hides CANCEL on iOS and Android', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0 Mobile Safari/537.36');
    try {
      setup();
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('creates the album, shows the success toast, closes, and sets the follow-up flag at once (no empty album first)', async () => {
    const onCreated = vi.fn();
    const { requests, store } = setup({ onCreated });
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Name it'), '  Summer 2026  ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ uuid: 'a-1', label: 'Summer 2026' })));
    const post = requests.find((request) => request.method === 'POST' && request.url.pathname === '/api/album');
    expect(post?.body).toEqual({ contentType: 'album/photo', icon: 'playlist-2', label: 'Summer 2026' });
    expect(await screen.findByText('Album created successfully.')).toBeInTheDocument();
    expect(screen.getByTestId('open-state')).toHaveTextContent('false');
    // Set with the answer, no timer in between: the album's screen opens with its picker straight away.
    expect(store.getState().albums.followUpAlbumUuid).toBe('a-1');
  });

  it('sets no follow-up when the caller carries on itself, and shows an error toast on failure', async () => {
    const onCreated = vi.fn();
    const { store } = setup({ onCreated, followUp: false, status: 400 });
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Name it'), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Only your photos and videos can be added to an album.')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByTestId('open-state')).toHaveTextContent('true');
    await waitFor(() => expect(store.getState().albums.followUpAlbumUuid).toBeNull());
  });
});
