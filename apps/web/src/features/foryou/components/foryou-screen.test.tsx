import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { foryouItem, foryouTestServer, yearsAgoItem } from '../foryou.fixtures';

function setup(initial: Parameters<typeof foryouTestServer>[0], path = '/main/foryou') {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = foryouTestServer(initial);
  const { requests } = mockFetch(server.routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests, server };
}

const MEMORY = yearsAgoItem('ya-1', 2023, '2023-11-27');
const COLLAGE = foryouItem('c-1', 'COLLAGE', { key: 'collage', params: { date: '2026-11-20' } });
const TRIP = foryouItem('al-1', 'ALBUM', { key: 'trip', params: { place: 'Kapadokya' } }, { photoCount: 18 });
const SEASON = foryouItem('st-1', 'STORY', { key: 'season', params: { season: 'summer', year: 2025 } });
const REVIEW = foryouItem('st-2', 'STORY', { key: 'yearInReview', params: { year: 2025 } });
const STYLED = foryouItem('sy-1', 'STYLED', { key: 'styled', params: { style: 'bw' } });
const VIDEO = foryouItem('v-1', 'VIDEO', { key: 'memoryVideo', params: { date: '2026-08-14' } });

const row = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('ForyouScreen', () => {
  it('shows a row per kind with titles made from each item’s key and params, and "See all"', async () => {
    const { requests } = setup({ yearsAgo: [MEMORY], items: [COLLAGE, TRIP, SEASON, VIDEO, STYLED] });
    expect(await screen.findByRole('button', { name: 'On this day in 2023, November 27, 2023' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Collage of November 20, 2026, Photos: 4' })).toBeInTheDocument();
    expect(within(row('Albums for you')).getByRole('button', { name: 'Trip to Kapadokya, Photos: 18' })).toBeInTheDocument();
    expect(within(row('Stories')).getByRole('button', { name: 'Your summer of 2025, Photos: 4' })).toBeInTheDocument();
    expect(within(row('Memory videos')).getByRole('button', { name: 'Memories of August 14, 2026, Photos: 4' })).toBeInTheDocument();
    expect(within(row('Collages')).getByRole('link', { name: 'See all: Collages' })).toHaveAttribute('href', '/main/foryou/seeAll?kind=collages');
    // The rendered collage is the card's picture; a memory shows its cover photo.
    expect(within(row('Collages')).getByRole('button').querySelector('img')).toHaveAttribute('src', '/api/foryou/media/tok-c-1');
    expect(within(row('On this day')).getByRole('button').querySelector('img')).toHaveAttribute('src', '/api/media/cover-ya-1/preview.webp?sig=s');
    // Styled photos are off (ai_generate_show false): no row, no call.
    expect(screen.queryByRole('region', { name: 'Styled photos' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/foryou/aiphotos/generated')).toBe(false);
    // Empty kinds (animations) have no row.
    expect(screen.queryByRole('region', { name: 'Animations' })).not.toBeInTheDocument();
    const collages = requests.find((request) => request.url.pathname === '/api/foryou/collages/generated');
    expect(Object.fromEntries(collages!.url.searchParams)).toEqual({ page: '0', size: '12' });
  });

  it('shows styled photos when the operator turns them on, and the year in review only with the local flag', async () => {
    setup({ items: [STYLED, REVIEW, SEASON], aiGenerateShow: 'true' });
    expect(await screen.findByRole('button', { name: 'Your photo in black and white style, Photos: 4' })).toBeInTheDocument();
    expect(within(row('Stories')).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Your 2025 in review/ })).not.toBeInTheDocument();
  });

  it('shows the year in review where yilsonu_timeline_enabled is stored as true', async () => {
    localStorage.setItem('yilsonu_timeline_enabled', 'true');
    setup({ items: [REVIEW] });
    expect(await screen.findByRole('button', { name: 'Your 2025 in review, Photos: 4' })).toBeInTheDocument();
    localStorage.removeItem('yilsonu_timeline_enabled');
  });

  it('says what will appear when there is nothing yet', async () => {
    setup({});
    const empty = await screen.findByRole('group', { name: 'Nothing here yet' });
    expect(empty).toHaveTextContent('we make memories from years ago, stories, collages, animations, albums and videos');
    expect(screen.queryAllByTestId(/^foryou-row-/)).toEqual([]);
  });

  it('lists every item of a kind on its see-all page, a page at a time', async () => {
    const many = Array.from({ length: 45 }, (_, index) => foryouItem(`c-${index}`, 'COLLAGE', { key: 'collage', params: { date: '2026-11-20' } }));
    const { user, requests } = setup({ items: many }, '/main/foryou/seeAll?kind=collages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collages' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('foryou-card')).toHaveLength(30));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('foryou-card')).toHaveLength(45));
    const pages = requests.filter((request) => request.url.pathname === '/api/foryou/collages/generated').map((request) => Object.fromEntries(request.url.searchParams));
    expect(pages).toEqual([
      { page: '0', size: '30' },
      { page: '1', size: '30' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to For You' })).toHaveAttribute('href', '/main/foryou');
  });

  it('says so for a kind that does not exist', async () => {
    setup({}, '/main/foryou/seeAll?kind=nope');
    expect(await screen.findByText('This list doesn’t exist.')).toBeInTheDocument();
  });
});

describe('Story player', () => {
  const position = () => screen.getByTestId('story-position').textContent;
  const tracks = () => Array.from(screen.getByTestId('story-progress').children).map((track) => track.getAttribute('data-state'));

  it('plays a memory’s photos: keys and taps go on and back, Space pauses, Escape closes and focus returns', async () => {
    const { user, requests } = setup({ yearsAgo: [MEMORY] });
    const card = await screen.findByRole('button', { name: 'On this day in 2023, November 27, 2023' });
    await user.click(card);
    const player = await screen.findByRole('dialog', { name: 'On this day in 2023' });
    expect(await within(player).findByRole('img', { name: 'ya-1-p1.jpg' })).toHaveAttribute('src', '/api/media/ya-1-p1/preview.webp?sig=s');
    expect(requests.some((request) => request.url.pathname === '/api/foryou/years-ago/ya-1')).toBe(true);
    expect(position()).toBe('Photo 1 of 3');
    expect(tracks()).toEqual(['current', 'upcoming', 'upcoming']);

    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Photo 2 of 3');
    expect(tracks()).toEqual(['done', 'current', 'upcoming']);
    await user.click(within(player).getByRole('button', { name: 'Next photo' }));
    expect(position()).toBe('Photo 3 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(position()).toBe('Photo 2 of 3');
    await user.click(within(player).getByRole('button', { name: 'Previous photo' }));
    expect(position()).toBe('Photo 1 of 3');

    // A memory is not saved (its photos are already kept); it can be deleted.
    expect(within(player).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const pause = within(player).getByRole('button', { name: 'Pause' });
    player.focus();
    await user.keyboard(' ');
    expect(pause).toHaveAccessibleName('Play');
    await user.click(pause);
    expect(pause).toHaveAccessibleName('Pause');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveFocus();
  });

  it('advances by itself every 5 seconds while playing, and not while paused', async () => {
    const { user } = setup({ yearsAgo: [MEMORY] });
    await user.click(await screen.findByRole('button', { name: 'On this day in 2023, November 27, 2023' }));
    const player = await screen.findByRole('dialog', { name: 'On this day in 2023' });
    await within(player).findByRole('img', { name: 'ya-1-p1.jpg' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The clock restarts on the fake timers once the effect runs again (a step back to the first photo).
    await user.keyboard('{ArrowRight}{ArrowLeft}');
    act(() => vi.advanceTimersByTime(2500));
    const fill = screen.getByTestId('story-progress').children[0]!.firstElementChild as HTMLElement;
    expect(fill.style.transform).toBe('scaleX(0.5)');
    act(() => vi.advanceTimersByTime(2600));
    expect(position()).toBe('Photo 2 of 3');
    await user.keyboard(' ');
    act(() => vi.advanceTimersByTime(20_000));
    expect(position()).toBe('Photo 2 of 3');
  });

  it('keeps a story (POST /foryou/timeline/{id}) and deletes one with confirmation', async () => {
    const { user, requests } = setup({ items: [SEASON, foryouItem('st-3', 'STORY', { key: 'personYear', params: { name: 'Ayşe', year: 2024 } })] });
    await user.click(await screen.findByRole('button', { name: 'Your summer of 2025, Photos: 4' }));
    let player = await screen.findByRole('dialog', { name: 'Your summer of 2025' });
    await user.click(within(player).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The story is kept.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && request.url.pathname === '/api/foryou/timeline/st-1')).toBe(true);
    expect(within(player).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-disabled', 'true');
    // (Escape would dismiss the toast first: it is the newer layer.)
    await user.click(within(player).getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Ayşe in 2024, Photos: 4' }));
    player = await screen.findByRole('dialog', { name: 'Ayşe in 2024' });
    await user.click(within(player).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/api/foryou/timeline/st-3')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ayşe in 2024, Photos: 4' })).not.toBeInTheDocument());
  });
});

describe('Media viewer', () => {
  it('saves a collage as a file named in the reader’s language and links to it in Files', async () => {
    const { user, requests, router } = setup({ items: [COLLAGE] });
    await user.click(await screen.findByRole('button', { name: 'Collage of November 20, 2026, Photos: 4' }));
    const viewer = await screen.findByRole('dialog', { name: 'Collage of November 20, 2026' });
    expect(within(viewer).getByRole('img', { name: 'Collage of November 20, 2026' })).toHaveAttribute('src', '/api/foryou/media/tok-c-1');
    await user.click(within(viewer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to your files as Collage from 2026-11-20.jpg.')).toBeInTheDocument();
    const save = requests.find((request) => request.method === 'POST' && request.url.pathname === '/api/foryou/items/c-1/save');
    expect(save?.body).toEqual({ name: 'Collage from 2026-11-20.jpg' });
    // The offered list is asked again (the ForYou tag): a kept item leaves it.
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === '/api/foryou/collages/generated')).toHaveLength(2));
    // The toast sits outside the viewer (hidden from the accessibility tree while it is open); a click follows it.
    const link = screen.getByRole('link', { name: 'Show in Files', hidden: true });
    expect(link).toHaveAttribute('href', '/main/preview?uuid=file-1&parent=');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/preview'));
  });

  it('plays a memory video and deletes a collage after confirmation; the row goes with it', async () => {
    const { user, requests } = setup({ items: [COLLAGE, VIDEO] });
    await user.click(await screen.findByRole('button', { name: 'Memories of August 14, 2026, Photos: 4' }));
    const viewer = await screen.findByRole('dialog', { name: 'Memories of August 14, 2026' });
    const video = viewer.querySelector('video');
    expect(video).toHaveAttribute('src', '/api/foryou/media/tok-v-1');
    expect(video).toHaveAttribute('controls');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Collage of November 20, 2026, Photos: 4' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Collage of November 20, 2026' })).getByRole('button', { name: 'Delete' }));
    // Cancelling keeps it.
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this item?' })).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(screen.getByRole('dialog', { name: 'Collage of November 20, 2026' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this item?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Collages' })).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/api/foryou/items/c-1')).toBe(true);
  });

  it('shares a collage: saves it first, then opens the share dialog on the new file', async () => {
    const { user, requests } = setup({ items: [COLLAGE] });
    await user.click(await screen.findByRole('button', { name: 'Collage of November 20, 2026, Photos: 4' }));
    const viewer = await screen.findByRole('dialog', { name: 'Collage of November 20, 2026' });
    await user.click(within(viewer).getByRole('button', { name: 'Share' }));
    expect(await screen.findByTestId('share-dialog')).toHaveTextContent('Collage from 2026-11-20.jpg');
    expect(requests.some((request) => request.method === 'POST' && request.url.pathname === '/api/foryou/items/c-1/save')).toBe(true);
  });
});
