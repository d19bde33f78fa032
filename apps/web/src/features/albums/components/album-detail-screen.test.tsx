import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { albumFixture, albumTestServer, photoFixture } from '../albums.fixtures';

const ALBUMS = [albumFixture('al-1', 'Yaz 2026'), albumFixture('al-2', 'Kış'), albumFixture('al-9', 'Empty one')];
const PHOTOS = [photoFixture('ph-1', 'beach.jpg'), photoFixture('ph-2', 'sea.jpg'), photoFixture('ph-3', 'sand.jpg')];
const LIBRARY = [...PHOTOS, photoFixture('ph-7', 'lake.jpg'), photoFixture('ph-8', 'hill.jpg')];

function setup(path = '/main/photos/album/al-1') {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = albumTestServer({ albums: ALBUMS, contents: { 'al-1': PHOTOS, 'al-2': [] }, library: LIBRARY });
  const { requests } = mockFetch({
    ...server.routes,
    'DELETE /api/filesystem/trash': () => json({}),
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests, server };
}

const tile = (name: string) => screen.getAllByTestId('photo-tile').find((element) => within(element).queryByTestId('photo-open')?.getAttribute('aria-label')?.includes(name))!;

describe('AlbumDetailScreen', () => {
  it('shows the album label, counts and its photos in the grid, with the exact detail call', async () => {
    const { requests } = setup();
    expect(await screen.findByTestId('album-label')).toHaveTextContent('Yaz 2026');
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    expect(screen.getByLabelText('Photos: 3')).toBeInTheDocument();
    expect(screen.getByTestId('album-back')).toHaveAttribute('href', '/main/album');
    const detail = requests.find((request) => request.url.pathname === '/api/album/al-1');
    expect(Object.fromEntries(detail!.url.searchParams)).toEqual({
      contentType: 'album/photo',
      page: '0',
      size: '100',
      sortBy: 'lastModifiedDate',
      sortOrder: 'DESC',
    });
  });

  it('adds photos picked from the library', async () => {
    const { user, requests } = setup();
    await screen.findByTestId('album-label');
    await user.click(screen.getByTestId('album-add-photos'));
    const dialog = await screen.findByTestId('add-photos-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('add-photos-item')).toHaveLength(5));
    const library = requests.find((request) => request.url.pathname === '/api/search/byField');
    expect(library?.url.searchParams.get('fieldName')).toBe('content_type');
    expect(library?.url.searchParams.get('fieldValue')).toBe('image OR video');
    expect(within(dialog).getByTestId('add-photos-submit')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Select lake.jpg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select hill.jpg' }));
    expect(within(dialog).getByRole('button', { name: 'Select hill.jpg' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByTestId('add-photos-count')).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByTestId('add-photos-submit'));
    expect(await screen.findByText('Added to Yaz 2026.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/addFiles/al-1')?.body).toEqual(['ph-7', 'ph-8']);
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(5));
  });

  it('selects photos to set the cover and to remove them from the album', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    await user.click(within(tile('sea.jpg')).getByTestId('photo-check'));
    const bar = await screen.findByTestId('album-selection-bar');
    await user.click(within(bar).getByTestId('album-action-cover'));
    expect(await screen.findByText('Album cover updated.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/coverPhoto/al-1')?.url.searchParams.get('coverPhotoUuid')).toBe('ph-2');

    await user.click(within(tile('beach.jpg')).getByTestId('photo-check'));
    await user.click(within(tile('sand.jpg')).getByTestId('photo-check'));
    const again = await screen.findByTestId('album-selection-bar');
    expect(within(again).queryByTestId('album-action-cover')).not.toBeInTheDocument();
    await user.click(within(again).getByTestId('album-action-remove'));
    expect(await screen.findByText('Removed from the album.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/removeFiles/al-1')?.body).toEqual(['ph-1', 'ph-3']);
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(1));
    expect(screen.queryByTestId('album-selection-bar')).not.toBeInTheDocument();
  });

  it('opens the viewer in album mode and drops a photo trashed there from the grid', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    await user.click(within(tile('sea.jpg')).getByTestId('photo-open'));
    const viewer = await screen.findByTestId('photo-viewer');
    expect(within(viewer).getByTestId('viewer-counter')).toHaveTextContent('2 / 3');
    await user.click(within(viewer).getByTestId('viewer-more'));
    expect(await screen.findByTestId('viewer-menu-cover')).toBeInTheDocument();
    await user.click(screen.getByTestId('viewer-menu-delete'));
    await user.click(within(await screen.findByTestId('viewer-delete-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(within(screen.getByTestId('photo-viewer')).getByTestId('viewer-counter')).toHaveTextContent('2 / 2'));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/trash')?.body).toEqual(['ph-2']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('photo-viewer')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('photo-tile')).toHaveLength(2);
  });

  it('shows an empty album with an add-photos button, and a missing one as not found', async () => {
    setup('/main/photos/album/al-2');
    const empty = await screen.findByTestId('album-empty');
    expect(empty).toHaveTextContent('This album is empty');
    expect(within(empty).getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
  });

  it('says so when the album does not exist', async () => {
    setup('/main/photos/album/al-missing');
    expect(await screen.findByTestId('album-not-found')).toHaveTextContent('This album doesn’t exist or was deleted.');
  });

  it('deletes a trashed album forever from its menu and goes back to the albums', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    const server = albumTestServer({ albums: [albumFixture('al-5', 'Gone', { status: 'TRASHED' })] });
    mockFetch(server.routes);
    const store = createAppStore();
    const { user, router } = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/photos/album/al-5'] });
    expect(await screen.findByText('In trash')).toBeInTheDocument();
    expect(screen.queryByTestId('album-add-photos')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('album-menu'));
    await user.click(await screen.findByTestId('album-action-deleteForever'));
    await user.click(within(await screen.findByTestId('album-delete-confirm')).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/album'));
  });
});
