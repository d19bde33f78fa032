import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { albumFollowUpSet } from '../albums-slice';
import { albumFixture, albumTestServer, photoFixture } from '../albums.fixtures';

const ALBUMS = [
  albumFixture('al-1', 'Yaz 2026', { coverPhoto: { uuid: 'ph-1', thumbnailUrl: '/api/media/ph-1/thumb.webp?sig=s', smallThumbnailUrl: null, previewUrl: null, placeholder: null, width: null, height: null }, coverPhotoUuid: 'ph-1' }),
  albumFixture('al-2', 'Kış'),
  albumFixture('al-3', 'Old trip', { status: 'TRASHED' }),
];
const CONTENTS = { 'al-1': [photoFixture('ph-1', 'beach.jpg'), photoFixture('ph-2', 'sea.jpg'), photoFixture('vi-1', 'clip.mp4', { contentType: 'video/mp4' })] };

function setup(path = '/main/album') {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = albumTestServer({ albums: ALBUMS, contents: CONTENTS, library: [photoFixture('ph-7', 'lake.jpg')] });
  const { requests } = mockFetch(server.routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests, server };
}

const cards = () => screen.getAllByRole('article');
const card = (label: string) => cards().find((element) => element.textContent?.includes(label))!;
const menuOf = (label: string) => within(card(label)).getByRole('button', { name: `More actions for ${label}` });

describe('AlbumsScreen', () => {
  it('lists the active albums with covers and counts under the photos tabs, with the exact list call', async () => {
    const { requests } = setup();
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(2);
    const tabs = screen.getByRole('navigation', { name: 'Photo views' });
    expect(within(tabs).getByRole('link', { name: 'Albums' })).toHaveAttribute('aria-current', 'page');
    expect(within(card('Yaz 2026')).getByLabelText('Photos: 2')).toBeInTheDocument();
    expect(within(card('Yaz 2026')).getByLabelText('Videos: 1')).toBeInTheDocument();
    expect(within(card('Kış')).queryByLabelText(/Videos/)).not.toBeInTheDocument();
    expect(within(card('Yaz 2026')).getByRole('link', { name: 'Open Yaz 2026' })).toHaveAttribute('href', '/main/photos/album/al-1');
    expect(card('Yaz 2026').querySelector('img')).toHaveAttribute('src', '/api/media/ph-1/thumb.webp?sig=s');

    const list = requests.find((request) => request.url.pathname === '/api/album');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      contentType: 'album/photo',
      page: '0',
      size: '100',
      sortBy: 'lastModifiedDate',
      sortOrder: 'DESC',
    });
    await waitFor(() => expect(document.title).toContain('Albums'));
  });

  it('filters by hidden and trash; a trashed album offers restore and is deleted forever after confirming', async () => {
    const { user, requests, router } = setup();
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('tab', { name: 'Hidden' }));
    expect(await screen.findByText('No hidden albums')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=HIDDEN');
    expect(requests.some((request) => request.url.searchParams.get('status') === 'HIDDEN')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Trash' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(menuOf('Old trip'));
    expect(await screen.findByRole('menuitem', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Hide' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete forever' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Old trip” forever?' });
    expect(confirm).toHaveTextContent('Delete “Old trip” forever?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Album deleted forever.')).toBeInTheDocument();
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE' && request.url.pathname === '/api/album')?.body).toEqual(['al-3']);
  });

  it('renames, hides and moves albums to trash from their menu', async () => {
    const { user, requests } = setup();
    await screen.findAllByRole('article');

    await user.click(menuOf('Kış'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename album' });
    const input = within(rename).getByRole('textbox', { name: 'Album name' });
    await user.clear(input);
    await user.type(input, 'Kış 2026!');
    expect(input).toHaveValue('Kış 2026');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Album renamed.')).toBeInTheDocument();
    const renamed = requests.find((request) => request.url.pathname === '/api/album/rename/al-2');
    expect(renamed?.url.searchParams.get('newLabel')).toBe('Kış 2026');
    await waitFor(() => expect(card('Kış 2026')).toBeDefined());

    await user.click(menuOf('Kış 2026'));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    expect(await screen.findByText('Album hidden.')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(requests.find((request) => request.url.pathname === '/api/album/hide')?.body).toEqual(['al-2']);

    await user.click(menuOf('Yaz 2026'));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash' }));
    expect(await screen.findByText('No albums yet')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/album/trash')?.body).toEqual(['al-1']);
  });

  it('downloads an album as a zip from its signed link', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user, requests } = setup();
      await screen.findAllByRole('article');
      await user.click(menuOf('Yaz 2026'));
      await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
      expect(await screen.findByText('Your download is being prepared.')).toBeInTheDocument();
      expect(requests.find((request) => request.url.pathname === '/api/album/download')?.body).toEqual({ albumUuid: 'al-1' });
      expect(click).toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });

  it('creates the first album from the empty state', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    const server = albumTestServer({ albums: [] });
    const { requests } = mockFetch(server.routes);
    const store = createAppStore();
    const { user, router } = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/album'] });
    const empty = (await screen.findByRole('heading', { name: 'No albums yet' })).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Create album' }));
    const create = await screen.findByRole('dialog', { name: 'Create album' });
    await user.type(within(create).getByRole('textbox', { name: 'Album name' }), 'İlk albüm');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Album created successfully.')).toBeInTheDocument();
    // The new album opens with its photo picker (the list's link to it showed only for a moment, when at all).
    expect(await screen.findByRole('dialog', { name: 'Add photos to İlk albüm' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/main\/photos\/album\/al-new-/);
    expect(requests.find((request) => request.method === 'POST' && request.url.pathname === '/api/album')?.body).toEqual({
      contentType: 'album/photo',
      icon: 'playlist-2',
      label: 'İlk albüm',
    });
  });

  it('opens the create-album modal for ?openModal and drops the parameter', async () => {
    const { router } = setup('/main/album?openModal=true');
    expect(await screen.findByRole('dialog', { name: 'Create album' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/main/album');
  });

  it('offers "Create album" in the NEW menu on album pages', async () => {
    const { user } = setup();
    await screen.findAllByRole('article');
    const newButtons = screen.getAllByRole('button', { name: /new/i });
    await user.click(newButtons[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Create album' }));
    expect(await screen.findByRole('dialog', { name: 'Create album' })).toBeInTheDocument();
  });

  it('opens the photo picker of a new album as soon as it is created, without an empty album in between', async () => {
    const { user, router } = setup();
    await screen.findAllByRole('article');
    await user.click(screen.getAllByRole('button', { name: /new/i })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Create album' }));
    const create = await screen.findByRole('dialog', { name: 'Create album' });
    await user.type(within(create).getByRole('textbox'), 'Bahar');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    // No clock is moved: the picker follows the creation directly.
    expect(await screen.findByRole('dialog', { name: 'Add photos to Bahar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/main\/photos\/album\/al-new-/);
  });

  it('opens the new album with its photo picker when the follow-up flag is set', async () => {
    const { store, router } = setup();
    await screen.findAllByRole('article');
    store.dispatch(albumFollowUpSet('al-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/photos/album/al-2'));
    expect(await screen.findByRole('dialog', { name: 'Add photos to Kış' })).toBeInTheDocument();
    expect(store.getState().albums.followUpAlbumUuid).toBeNull();
  });
});
