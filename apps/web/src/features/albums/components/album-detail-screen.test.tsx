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

// Every tile has its own check box, named after the photo.
const tiles = () => screen.getAllByRole('checkbox', { name: /^Select / });
const check = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const selectionBar = () => screen.findByRole('toolbar', { name: 'Actions for the selected items' });
// The viewer is the first dialog open; a confirmation opens over it.
const viewer = () => screen.getAllByRole('dialog')[0]!;
// The counter's sentence is hidden text beside the figures (a plain span may not carry aria-label).
const counter = () => within(viewer()).getByTestId('viewer-counter');

describe('AlbumDetailScreen', () => {
  it('shows the album label, counts and its photos in the grid, with the exact detail call', async () => {
    const { requests } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Yaz 2026' })).toHaveTextContent('Yaz 2026');
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(screen.getByLabelText('Photos: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to albums' })).toHaveAttribute('href', '/main/album');
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
    await screen.findByRole('heading', { level: 1, name: 'Yaz 2026' });
    await user.click(within(screen.getByRole('toolbar', { name: 'Album actions' })).getByRole('button', { name: 'Add photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add photos to Yaz 2026' });
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Select / })).toHaveLength(5));
    const library = requests.find((request) => request.url.pathname === '/api/search/byField');
    expect(library?.url.searchParams.get('fieldName')).toBe('content_type');
    expect(library?.url.searchParams.get('fieldValue')).toBe('image OR video');
    expect(within(dialog).getByRole('button', { name: 'Add selected' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Select lake.jpg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select hill.jpg' }));
    expect(within(dialog).getByRole('button', { name: 'Select hill.jpg' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('Selected: 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add selected' }));
    expect(await screen.findByText('Added to Yaz 2026.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/addFiles/al-1')?.body).toEqual(['ph-7', 'ph-8']);
    await waitFor(() => expect(tiles()).toHaveLength(5));
  });

  it('selects photos to set the cover and to remove them from the album', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(check('sea.jpg'));
    const bar = await selectionBar();
    await user.click(within(bar).getByRole('button', { name: 'Set as cover' }));
    expect(await screen.findByText('Album cover updated.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/coverPhoto/al-1')?.url.searchParams.get('coverPhotoUuid')).toBe('ph-2');

    await user.click(check('beach.jpg'));
    await user.click(check('sand.jpg'));
    const again = await selectionBar();
    expect(within(again).queryByRole('button', { name: 'Set as cover' })).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Remove from album' }));
    // As in Photos and Files, the bar's destructive action asks first (the Delete key opens the same question).
    const confirm = await screen.findByRole('dialog', { name: 'Remove from the album?' });
    expect(requests.some((request) => request.url.pathname === '/api/album/removeFiles/al-1')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove from album' }));
    expect(await screen.findByText('Removed from the album.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/removeFiles/al-1')?.body).toEqual(['ph-1', 'ph-3']);
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected items' })).not.toBeInTheDocument();
  });

  it('opens the viewer in album mode and drops a photo trashed there from the grid', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'sea.jpg' }));
    await screen.findByRole('dialog', { name: 'sea.jpg' });
    expect(counter()).toHaveTextContent('2 / 3');
    await user.click(within(viewer()).getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Set as album cover' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Move to trash' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move this item to trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(counter()).toHaveTextContent('2 / 2'));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/trash')?.body).toEqual(['ph-2']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tiles()).toHaveLength(2);
  });

  it('keeps the open photo in the URL: a reload reopens it, Back closes it', async () => {
    const { user, router } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'sea.jpg' }));
    await screen.findByRole('dialog', { name: 'sea.jpg' });
    expect(router.state.location.search).toBe('?photo=ph-2');
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('dialog', { name: 'sand.jpg' });
    expect(router.state.location.search).toBe('?photo=ph-3');
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/photos/album/al-1');
    expect(router.state.location.search).toBe('');
  });

  it('opens the photo named in the URL, as after a reload, and closing keeps the album', async () => {
    const { user, router } = setup('/main/photos/album/al-1?photo=ph-3');
    expect(await screen.findByRole('dialog', { name: 'sand.jpg' })).toBeInTheDocument();
    await user.click(within(viewer()).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/photos/album/al-1');
    expect(router.state.location.search).toBe('');
  });

  it('moves the selected photos to the trash after the same confirmation as Photos', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(check('beach.jpg'));
    await user.click(check('sand.jpg'));
    await user.click(within(await selectionBar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move to trash?' });
    expect(confirm).toHaveTextContent('Selected: 2.');
    expect(requests.some((request) => request.url.pathname === '/api/filesystem/trash')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    expect(await screen.findByText('Moved to Trash.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/trash')?.body).toEqual(['ph-1', 'ph-3']);
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/album/removeFiles/al-1')).toBe(false);
  });

  it('shows an empty album with an add-photos button, and a missing one as not found', async () => {
    setup('/main/photos/album/al-2');
    const empty = (await screen.findByRole('heading', { name: 'This album is empty' })).parentElement!;
    expect(empty).toHaveTextContent('This album is empty');
    expect(within(empty).getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
  });

  it('says so when the album does not exist', async () => {
    setup('/main/photos/album/al-missing');
    expect(await screen.findByRole('heading', { name: 'This album doesn’t exist or was deleted.' })).toHaveTextContent('This album doesn’t exist or was deleted.');
  });

  it('deletes a trashed album forever from its menu and goes back to the albums', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    const server = albumTestServer({ albums: [albumFixture('al-5', 'Gone', { status: 'TRASHED' })] });
    mockFetch(server.routes);
    const store = createAppStore();
    const { user, router } = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/photos/album/al-5'] });
    expect(await screen.findByText('In trash')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Gone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete forever' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete “Gone” forever?' })).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/album'));
  });
});
