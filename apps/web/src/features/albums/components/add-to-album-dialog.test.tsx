import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { mockFetch } from '@/test/fetch-mock';
import { albumFixture, albumTestServer } from '../albums.fixtures';
import { AddToAlbumDialog } from '../add-to-album-dialog.public';

function Harness({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <AddToAlbumDialog open={open} uuids={['ph-1', 'ph-2']} onOpenChange={setOpen} onDone={onDone} />
      <span data-testid="open-state">{String(open)}</span>
    </>
  );
}

function setup() {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = albumTestServer({
    albums: [albumFixture('al-1', 'Yaz 2026', { coverPhoto: { uuid: 'c-1', thumbnailUrl: '/api/media/c-1/thumb.webp?sig=s', smallThumbnailUrl: null, previewUrl: null, placeholder: null, width: null, height: null } }), albumFixture('al-2', 'Kış')],
  });
  const { requests } = mockFetch(server.routes);
  const onDone = vi.fn();
  render(
    <Provider store={createAppStore()}>
      <Harness onDone={onDone} />
      <ToastHost />
    </Provider>,
  );
  return { requests, onDone, user: userEvent.setup(), server };
}

describe('AddToAlbumDialog', () => {
  it('lists the active albums with their covers and adds the photos to the chosen one', async () => {
    const { requests, onDone, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add to album' });
    expect(dialog).toHaveTextContent('Selected: 2');
    const albums = () => within(within(dialog).getByRole('list', { name: 'Your albums' })).getAllByRole('button');
    await waitFor(() => expect(albums()).toHaveLength(2));
    expect(albums()[0]!.querySelector('img')).toHaveAttribute('src', '/api/media/c-1/thumb.webp?sig=s');
    await user.click(within(dialog).getByRole('button', { name: /Kış/ }));
    expect(await screen.findByText('Added to Kış.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/addFiles/al-2')?.body).toEqual(['ph-1', 'ph-2']);
    expect(onDone).toHaveBeenCalled();
    expect(screen.getByTestId('open-state')).toHaveTextContent('false');
  });

  it('creates a new album inline and adds the photos to it', async () => {
    const { requests, onDone, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add to album' });
    await user.click(within(dialog).getByRole('button', { name: 'New album' }));
    const create = await screen.findByRole('dialog', { name: 'Create album' });
    await user.type(within(create).getByRole('textbox', { name: 'Album name' }), 'Bayram');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Album created successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Added to Bayram.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
    const created = requests.find((request) => request.method === 'POST' && request.url.pathname === '/api/album');
    expect(created?.body).toEqual({ contentType: 'album/photo', icon: 'playlist-2', label: 'Bayram' });
    // The photos go to the album just made (the fake server numbers new albums al-new-<n>).
    expect(requests.find((request) => request.url.pathname === '/api/album/addFiles/al-new-2')?.body).toEqual(['ph-1', 'ph-2']);
    expect(screen.getByTestId('open-state')).toHaveTextContent('false');
  });
});
