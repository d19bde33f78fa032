import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { searchTestServer } from '../search.fixtures';

const SUGGESTIONS = [
  { text: 'İstanbul gezisi', kind: 'FOLDER', uuid: 'fo-1' },
  { text: 'İstanbul 2024', kind: 'ALBUM', uuid: 'al-1' },
  { text: 'İstanbul.jpg', kind: 'NAME', uuid: 'ph-1' },
  { text: 'Mart 2024', kind: 'MONTH', uuid: null },
];
const ENTITY_SUGGESTIONS = [
  { text: 'Ayşe', kind: 'PERSON', uuid: 'pe-1' },
  { text: 'İzmir', kind: 'PLACE', uuid: 'pl-1' },
];

function setup(path = '/main/notifications') {
  const { requests } = searchTestServer({
    'GET /api/search/unified/suggest': ({ url }) => json({ items: ['ay', 'iz'].includes(url.searchParams.get('text') ?? '') ? ENTITY_SUGGESTIONS : SUGGESTIONS }),
    'GET /api/search/unified': () => json({ items: [], totalCount: 0, counts: { PHOTO: 0, VIDEO: 0, DOCUMENT: 0, FOLDER: 0, ALBUM: 0, OTHER: 0 } }),
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests };
}

// The shell is a lazy chunk that Vitest transforms on first use: the first test waits longer for it.
const box = () => screen.findByRole('combobox', { name: 'Search' }, { timeout: 20_000 });

describe('header search box', () => {
  it('asks for suggestions once typing pauses, moves through them with the arrows and opens the picked folder with Enter', async () => {
    const { user, router, requests } = setup();
    const input = await box();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'istan');

    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    // One call for the settled text, not one per keystroke.
    const calls = requests.filter((request) => request.url.pathname === '/api/search/unified/suggest');
    expect(calls.map((request) => Object.fromEntries(request.url.searchParams))).toEqual([{ text: 'istan', size: '8' }]);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['İstanbul gezisi Folder', 'İstanbul 2024 Photo album', 'İstanbul.jpg File', 'Mart 2024 Month']);

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/main/files?folder=fo-1'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searches the typed text with Enter, remembers it and offers it when the box is focused again', async () => {
    const { user, router } = setup();
    const input = await box();
    await user.type(input, '  Mart 2024 {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/search'));
    expect(router.state.location.search).toBe('?text=Mart+2024');
    // The results screen remembers the search it ran.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('recentSearches') ?? '[]')).toEqual(['Mart 2024']));

    await user.clear(input);
    await user.click(document.body);
    await user.click(input);
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getByRole('option', { name: /Mart 2024/ })).toHaveTextContent('Recent search');
  });

  it('closes the list with Escape, then clears the box with a second Escape; a month suggestion searches', async () => {
    const { user, router } = setup();
    const input = await box();
    await user.type(input, 'mart');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('mart');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');

    await user.type(input, 'mart');
    await user.click(await screen.findByRole('option', { name: /Mart 2024/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?text=Mart+2024'));
    expect(input).toHaveValue('Mart 2024');
  });

  it('opens a person or a place suggestion on its Discover page', async () => {
    const { user, router } = setup();
    const input = await box();
    await user.type(input, 'ay');
    // Issue 14: people, places and things are suggested with their own kind and their entity id.
    let list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.click(within(list).getByRole('option', { name: /Ayşe/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/discover/person/pe-1'));
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'iz');
    list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getByRole('option', { name: /İzmir/ })).toHaveTextContent('Place');
    await user.click(within(list).getByRole('option', { name: /İzmir/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/discover/place/pl-1'));
  });
});
