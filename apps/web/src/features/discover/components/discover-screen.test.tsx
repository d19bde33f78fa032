import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { PROGRESS_POLL_MS } from './recognition';
import { discoverTestServer, personFixture, placeFixture, thingFixture } from '../discover.fixtures';

function setup(initial: Parameters<typeof discoverTestServer>[0], path = '/main/discover') {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = discoverTestServer(initial);
  const { requests } = mockFetch(server.routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests, server };
}

const PEOPLE = [personFixture('pe-1', 'Ayşe', { photoCount: 12 }), personFixture('pe-2', null, { photoCount: 3 })];
const PLACES = [placeFixture('pl-1', 'İstanbul', 'Türkiye'), placeFixture('pl-2', 'Ankara', 'Türkiye')];
const THINGS = [thingFixture('th-1', 'dog')];

const row = (name: string) => screen.getByRole('region', { name });

describe('DiscoverScreen', () => {
  it('shows people, places and things in three rows with "See all", from the contract calls', async () => {
    const { requests } = setup({ people: PEOPLE, places: PLACES, things: THINGS, recognition: { done: 120, total: 800 } });
    expect(await screen.findByRole('heading', { level: 2, name: 'People' })).toBeInTheDocument();
    const people = await screen.findByRole('link', { name: 'Ayşe, Photos: 12' });
    expect(people).toHaveAttribute('href', '/main/discover/person/pe-1');
    // Someone without a name invites one.
    expect(within(row('People')).getByText('Add a name')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Analysing 800 photos…');
    expect(screen.getByRole('progressbar', { name: 'Analysing your photos: 120 of 800' })).toHaveAttribute('value', '120');
    expect(await screen.findByRole('link', { name: 'İstanbul, Türkiye' })).toHaveAttribute('href', '/main/discover/place/pl-1');
    expect(within(row('Things')).getByRole('link', { name: 'Dog, Photos: 4' })).toHaveAttribute('href', '/main/discover/thing/th-1');
    expect(within(row('People')).getByRole('link', { name: 'See all: People' })).toHaveAttribute('href', '/main/discover/people');
    expect(within(row('Places')).getByRole('link', { name: 'See all: Places' })).toHaveAttribute('href', '/main/discover/places');
    expect(within(row('Things')).getByRole('link', { name: 'See all: Things' })).toHaveAttribute('href', '/main/discover/things');
    const list = requests.find((request) => request.url.pathname === '/api/person/page');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ pageSize: '100', pageNumber: '0', status: 'ACTIVE' });
  });

  it('without premium shows the face-grouping teaser with the way to the packages, and still places and things', async () => {
    const { requests } = setup({ people: PEOPLE, places: PLACES, things: THINGS, recognition: { premium: false, enabled: false, done: 0, total: 0 } });
    const teaser = await screen.findByRole('region', { name: 'Find the people in your photos' });
    expect(within(teaser).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/main/packages');
    expect(await screen.findByRole('link', { name: 'Ankara, Türkiye' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dog, Photos: 4' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/person/page')).toBe(false);
  });

  it('says what appears where when nothing has been found yet', async () => {
    setup({});
    expect(await screen.findByText('People appear here once your photos have been analysed.')).toBeInTheDocument();
    expect(await screen.findByText('Places appear here for photos that carry a location.')).toBeInTheDocument();
    expect(screen.getByText('Things we recognise in your photos appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^See all/ })).not.toBeInTheDocument();
  });

  it('lists every place on its see-all page, paged by the API', async () => {
    const many = Array.from({ length: 130 }, (_, index) => placeFixture(`pl-${index}`, `City ${index}`, 'Türkiye'));
    const { user, requests } = setup({ places: many }, '/main/discover/places');
    expect(await screen.findByRole('heading', { level: 1, name: 'Places' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('place-card')).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('place-card')).toHaveLength(130));
    const pages = requests.filter((request) => request.url.pathname === '/api/location/page').map((request) => request.url.searchParams.get('pageNumber'));
    expect(pages).toEqual(['0', '1']);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('just after buying a plan: "Analysing N photos…" with a bar while polling, then the people once they are found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { server, requests } = setup({ places: PLACES, recognition: { premium: true, enabled: true, done: 0, total: 3 } });
      expect(await screen.findByText('Analysing 3 photos…')).toBeInTheDocument();
      expect(screen.getByTestId('discover-progress')).toHaveAttribute('role', 'status');
      expect(screen.getByRole('progressbar', { name: 'Analysing your photos: 0 of 3' })).toHaveAttribute('max', '3');
      // Nothing found yet is not "nothing there": no empty text and no "See all" while the analysis runs.
      expect(screen.queryByText('People appear here once your photos have been analysed.')).not.toBeInTheDocument();
      expect(within(row('People')).queryByRole('link', { name: /^See all/ })).not.toBeInTheDocument();

      // The server analyses two photos and finds someone; the next poll shows both.
      server.recognition.done = 2;
      server.people.push(personFixture('pe-1', null, { photoCount: 2 }));
      const polls = requests.filter((request) => request.url.pathname === '/api/person/recognition').length;
      await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
      await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/person/recognition').length).toBeGreaterThan(polls));
      expect(await within(row('People')).findByRole('link', { name: 'Unnamed person, Add a name, Photos: 2' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Analysing your photos: 2 of 3' })).toHaveAttribute('value', '2');

      // Done: the bar goes and polling stops.
      server.recognition.done = 3;
      await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
      await waitFor(() => expect(screen.queryByTestId('discover-progress')).not.toBeInTheDocument());
      const settled = requests.filter((request) => request.url.pathname === '/api/person/recognition').length;
      await vi.advanceTimersByTimeAsync(3 * PROGRESS_POLL_MS);
      expect(requests.filter((request) => request.url.pathname === '/api/person/recognition')).toHaveLength(settled);
    } finally {
      vi.useRealTimers();
    }
  });
});
