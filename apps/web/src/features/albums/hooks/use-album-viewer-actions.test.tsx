import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import { json, mockFetch } from '@/test/fetch-mock';
import { photoFixture } from '../albums.fixtures';
import { useAlbumViewerActions } from './use-album-viewer-actions';

const ITEMS = [photoFixture('ph-1', 'beach.jpg'), photoFixture('ph-2', 'forest.jpg'), photoFixture('ph-3', 'snow.jpg')];

function Harness({ albumUuid }: { albumUuid: string }) {
  const [items, setItems] = useState(ITEMS);
  const [index, setIndex] = useState(0);
  const menuActions = useAlbumViewerActions(albumUuid);
  return (
    <PhotoViewer
      items={items}
      index={index}
      onIndexChange={setIndex}
      onClose={vi.fn()}
      menuActions={menuActions}
      onItemRemoved={(uuid) => setItems((current) => current.filter((item) => item.uuid !== uuid))}
    />
  );
}

function setup() {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
    'PUT /api/album/coverPhoto/al-1': () => json({ uuid: 'al-1' }),
    'PUT /api/album/removeFiles/al-1': () => json({ uuid: 'al-1' }),
  });
  const user = userEvent.setup();
  render(
    <Provider store={createAppStore()}>
      <Harness albumUuid="al-1" />
      <ToastHost />
    </Provider>,
  );
  return { ...server, user };
}

const viewer = () => screen.getAllByRole('dialog')[0]!;
const shownName = () => within(viewer()).getByRole('heading', { level: 2 }).textContent;

describe('the viewer inside an album', () => {
  it('inside an album sets the cover and removes the photo from the album', async () => {
    const { user, requests } = setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set as album cover' }));
    await waitFor(() => expect(requests.some((request) => request.url.pathname === '/api/album/coverPhoto/al-1')).toBe(true));
    expect(requests.find((request) => request.url.pathname === '/api/album/coverPhoto/al-1')?.url.searchParams.get('coverPhotoUuid')).toBe('ph-1');
    expect(await screen.findByText('Album cover updated.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from album' }));
    await waitFor(() => expect(shownName()).toBe('forest.jpg'));
    expect(requests.find((request) => request.url.pathname === '/api/album/removeFiles/al-1')?.body).toEqual(['ph-1']);
  });

});
