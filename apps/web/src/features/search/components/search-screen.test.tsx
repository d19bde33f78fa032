import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, type MockRequest } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { SearchHit } from '../api';
import { ALBUM, COUNTS, HITS, PHOTO, searchTestServer } from '../search.fixtures';

function setup(path: string, answer: (request: MockRequest) => { items: SearchHit[]; totalCount: number } = () => ({ items: HITS, totalCount: HITS.length })) {
  const { requests } = searchTestServer({
    'GET /api/search/unified': (request) => json({ ...answer(request), counts: COUNTS }),
    'POST /api/v2/files/_bulk/create-download-url': () => json([]),
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests };
}

const searches = (requests: MockRequest[]) =>
  requests.filter((request) => request.url.pathname === '/api/search/unified').map((request) => Object.fromEntries(request.url.searchParams));

describe('SearchScreen', () => {
  it('groups the results by kind with a filter chip per kind and its count', async () => {
    const { requests } = setup('/main/search?text=ist');
    const folders = await screen.findByRole('region', { name: /^Folders/ }, { timeout: 20_000 });
    expect(within(folders).getByRole('link', { name: /İstanbul gezisi/ })).toHaveAttribute('href', '/main/files?folder=fo-1');
    const documents = screen.getByRole('region', { name: /^Documents/ });
    const doc = within(documents).getByRole('link', { name: /istek\.docx/ });
    expect(doc).toHaveAttribute('href', '/main/preview?uuid=do-1&parent=fo-1');
    expect(doc).toHaveTextContent('Word document');
    expect(doc).toHaveTextContent('Found in the description');
    expect(within(screen.getByRole('region', { name: /^Albums/ })).getByRole('link', { name: /İstanbul 2024/ })).toHaveAttribute('href', '/main/photos/album/al-1');
    const media = screen.getByRole('region', { name: /^Photos and videos/ });
    expect(within(media).getAllByTestId('photo-tile').map((tile) => tile.dataset.name)).toEqual(['İstanbul.jpg', 'istiklal.mp4']);

    const chips = screen.getByRole('group', { name: 'Filter by kind' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual(['All 5', 'Photos 1', 'Videos 1', 'Documents 1', 'Folders 1', 'Albums 1']);
    expect(within(chips).getByRole('button', { name: 'All 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Results for “ist”: 5');
    expect(searches(requests)).toEqual([{ text: 'ist', size: '50', page: '0' }]);
  });

  it('shows a count the server stopped at as "at least" (1,000+), on the chips and in the summary', async () => {
    searchTestServer({
      'GET /api/search/unified': () =>
        json({ items: HITS, totalCount: 2003, countLimit: 1000, counts: { PHOTO: 1000, VIDEO: 1000, DOCUMENT: 1, FOLDER: 1, ALBUM: 1, OTHER: 0 } }),
    });
    const store = createAppStore();
    renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/search?text=ist'] });
    const chips = await screen.findByRole('group', { name: 'Filter by kind' }, { timeout: 20_000 });
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'All 2,003+',
      'Photos 1,000+',
      'Videos 1,000+',
      'Documents 1',
      'Folders 1',
      'Albums 1',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Results for “ist”: 2,003+');
    expect(screen.getByRole('region', { name: /^Photos and videos/ })).toHaveAccessibleName('Photos and videos 2,000+');
  });

  it('filters by kind in the URL (documents by type too); the chips keep the counts of the whole search', async () => {
    const { user, router, requests } = setup('/main/search?text=ist', (request) => {
      const kind = request.url.searchParams.get('kind');
      const items = kind ? HITS.filter((hit) => hit.kind === kind) : HITS;
      return { items, totalCount: items.length };
    });
    const chips = await screen.findByRole('group', { name: 'Filter by kind' }, { timeout: 20_000 });
    await user.click(within(chips).getByRole('button', { name: 'Photos 1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?text=ist&kind=PHOTO'));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Folders/ })).not.toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'Photos 1' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Photos 1' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(chips).getByRole('button', { name: 'Documents 1' }));
    const types = await screen.findByRole('group', { name: 'Filter by document type' });
    await user.click(within(types).getByRole('button', { name: 'Word document' }));
    await waitFor(() => expect(router.state.location.search).toBe('?text=ist&kind=DOCUMENT&documentType=WORD'));
    await waitFor(() => expect(searches(requests).at(-1)).toEqual({ text: 'ist', size: '50', kind: 'DOCUMENT', documentType: 'WORD', page: '0' }));
    // A filter replaces the history entry: Back leaves the search instead of stepping through filters.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens a photo in the shared viewer with its uuid in the URL; closing it comes back to the results', async () => {
    const { user, router } = setup('/main/search?text=ist');
    const media = await screen.findByRole('region', { name: /^Photos and videos/ }, { timeout: 20_000 });
    await user.click(within(media).getByRole('button', { name: /^İstanbul\.jpg/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?text=ist&photo=${PHOTO.uuid}`));
    const viewer = await screen.findByRole('dialog');
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?text=ist'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an empty state for a search without results', async () => {
    setup('/main/search?text=zzz', () => ({ items: [], totalCount: 0 }));
    expect(await screen.findByRole('heading', { name: 'Nothing found for “zzz”' }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('invites a search when opened without text, and asks the server nothing', async () => {
    const { requests } = setup('/main/search');
    expect(await screen.findByRole('heading', { name: 'Search your files, photos and albums' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(searches(requests)).toEqual([]);
  });

  it('opens a person, place or thing found as an album on its Discover page', async () => {
    const entity = (uuid: string, label: string, contentType: 'album/person' | 'album/location' | 'album/object'): SearchHit => ({
      kind: 'ALBUM',
      matchedField: 'name',
      file: null,
      album: { ...ALBUM, uuid, label, contentType },
    });
    setup('/main/search?text=a', () => ({ items: [entity('pe-1', 'Ayşe', 'album/person'), entity('pl-1', 'Ankara', 'album/location'), entity('th-1', 'Dog', 'album/object')], totalCount: 3 }));
    const albums = await screen.findByRole('region', { name: /^Albums/ }, { timeout: 20_000 });
    expect(within(albums).getByRole('link', { name: /Ayşe/ })).toHaveAttribute('href', '/main/discover/person/pe-1');
    expect(within(albums).getByRole('link', { name: /Ankara/ })).toHaveAttribute('href', '/main/discover/place/pl-1');
    expect(within(albums).getByRole('link', { name: /Dog/ })).toHaveAttribute('href', '/main/discover/thing/th-1');
  });
});
