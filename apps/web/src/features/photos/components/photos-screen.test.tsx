import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler, type MockRequest } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { FileItem } from '@/api/files';
import type { GroupPageRequest, PhotoGroup } from '../api';
import { fileItem } from '@/test/file-item';

function photo(uuid: string, day: string, overrides: Partial<FileItem> = {}): FileItem {
  return fileItem({
    uuid,
    name: `${uuid}.jpg`,
    folder: false,
    bytes: 1000,
    contentType: 'image/jpeg',
    parentFolderUuid: null,
    projectId: 'p-1',
    createdDate: Date.parse(`${day}T10:00:00Z`),
    lastModifiedDate: Date.parse(`${day}T10:00:00Z`),
    favourite: false,
    hidden: false,
    status: 'ACTIVE',
    thumbnailUrl: `/api/media/thumb/${uuid}`,
    previewUrl: `/api/media/preview/${uuid}`,
    placeholder: null,
    width: 4000,
    height: 3000,
    takenDate: Date.parse(`${day}T10:00:00Z`),
    durationMs: null,
    mediaStatus: 'READY',
    camera: null,
    videoSlideshow: false,
    ...overrides,
  });
}

const DAYS: Record<string, FileItem[]> = {
  '2019-11-21': [
    photo('p1', '2019-11-21'),
    photo('v1', '2019-11-21', { contentType: 'video/mp4', durationMs: 7000, name: 'clip.mp4' }),
    photo('p2', '2019-11-21', { favourite: true }),
  ],
  '2019-10-02': [photo('p3', '2019-10-02'), photo('v2', '2019-10-02', { contentType: 'video/mp4', thumbnailUrl: null, name: 'raw.mp4' })],
};

function groupsOf(days: Record<string, FileItem[]>): PhotoGroup[] {
  let offset = 0;
  return Object.entries(days).map(([key, items]) => {
    const [year, month, day] = key.split('-').map(Number) as [number, number, number];
    const group = { key, year, month, day, count: items.length, offset };
    offset += items.length;
    return group;
  });
}

function setup(options: { days?: Record<string, FileItem[]>; maxSelect?: string; routes?: Record<string, MockHandler>; path?: string } = {}) {
  const days = options.days ?? DAYS;
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': ({ url }) =>
      url.searchParams.get('parameter') === 'max_select_count' && options.maxSelect
        ? json({ parameter: 'max_select_count', value: options.maxSelect })
        : json({ status: 'NOT_FOUND' }, { status: 404 }),
    'GET /api/scroll/groups': ({ url }) => {
      const groups = groupsOf(days);
      return json({ category: url.searchParams.get('category'), total: groups.reduce((sum, group) => sum + group.count, 0), groups });
    },
    'POST /api/scroll/groups/list': ({ body }) => {
      const pages = (body as { groups: GroupPageRequest[] }).groups;
      return json({
        groups: pages.map((page) => {
          const items = (days[page.key] ?? []).slice(page.offset, page.offset + page.limit);
          return { key: page.key, count: days[page.key]?.length ?? 0, offset: page.offset, items, hasMore: false };
        }),
      });
    },
    ...options.routes,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [options.path ?? '/main/photos/all'] }), ...server };
}

const NAMES: Record<string, string> = { p1: 'p1.jpg', v1: 'clip.mp4', p2: 'p2.jpg', p3: 'p3.jpg', v2: 'raw.mp4' };
// Every tile has its own check box, named after the photo (a day's header box selects the whole day).
const tiles = () => screen.getAllByRole('checkbox', { name: /^Select (?!all photos of )/ });
const check = (uuid: string) => screen.getByRole('checkbox', { name: `Select ${NAMES[uuid]}` });
const open = (uuid: string) => screen.getByRole('button', { name: new RegExp(`^${NAMES[uuid]!.replace('.', '\\.')}`) });
// Badges and thumbnails have no role: their tile box is found by its uuid.
const tile = (uuid: string) => screen.getAllByTestId('photo-tile').find((element) => element.getAttribute('data-uuid') === uuid)!;
const selectionBar = () => screen.getByRole('toolbar', { name: 'Actions for the selected items' });
const noSelectionBar = () => screen.queryByRole('toolbar', { name: 'Actions for the selected items' });
const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.pathname === path);

// The screen and the viewer load lazily; load them once up front so a busy machine does not eat a test's time.
beforeAll(async () => {
  await import('./photos-screen');
});

describe('PhotosScreen', () => {
  it('shows the days with their month, dates and thumbnails, loading the days in one request', async () => {
    const { requests } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    expect(screen.getAllByRole('heading', { level: 2 }).map((element) => element.textContent)).toEqual(['November 2019', 'October 2019']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((element) => element.textContent)).toEqual([
      'Thu, November 21, 2019',
      'Wed, October 2, 2019',
    ]);
    expect(within(tile('p1')).getByTestId('photo-thumbnail')).toHaveAttribute('src', '/api/media/thumb/p1');
    expect(within(tile('v1')).getByTestId('photo-video-badge')).toHaveTextContent('0:07');
    expect(within(tile('p2')).getByTestId('photo-favourite-badge')).toBeInTheDocument();
    expect(within(tile('v2')).getByTestId('photo-video-poster')).toBeInTheDocument();
    expect(within(tile('p1')).getByRole('button', { name: 'p1.jpg' })).toBeInTheDocument();
    expect(within(tile('v1')).getByRole('button', { name: 'clip.mp4, Video, 0:07' })).toBeInTheDocument();

    expect(calls(requests, 'GET', '/api/scroll/groups')[0]!.url.searchParams.get('category')).toBe('all');
    const lists = calls(requests, 'POST', '/api/scroll/groups/list');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.body).toEqual({
      groups: [
        { key: '2019-11-21', offset: 0, limit: 3 },
        { key: '2019-10-02', offset: 0, limit: 2 },
      ],
    });
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('slider', { name: 'Jump to a date' })).toHaveAttribute('aria-valuetext', 'November 2019');
  });

  it('asks for the category of the tab', async () => {
    const { requests, user } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(screen.getByRole('link', { name: 'Favourites' }));
    await waitFor(() => expect(calls(requests, 'GET', '/api/scroll/groups').some((request) => request.url.searchParams.get('category') === 'favourites')).toBe(true));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page'));
  });

  it('shows the empty state with an upload button when there are no photos', async () => {
    setup({ days: {} });
    expect(await screen.findByText('No photos or videos yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photos' })).toHaveTextContent('Upload photos');
  });

  it('offers a family member "Upload photos" with "Add to Family library", off by default here; others get no switch', async () => {
    localStorage.setItem('isFamilyMember', 'true');
    try {
      const { user } = setup({
        routes: { 'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE', isFamilyMember: true, isFamilyAdmin: false }) },
      });
      await waitFor(() => expect(tiles()).toHaveLength(5));
      const toggle = screen.getByRole('switch', { name: 'Add to Family library' });
      expect(toggle).not.toBeChecked();
      await user.click(toggle);
      expect(toggle).toBeChecked();
      await user.click(within(screen.getByTestId('photo-upload-control')).getByRole('button', { name: 'Upload photos' }));
      // On: the picker offers photos and videos only (nothing else can go into the library).
      expect(screen.getByTestId('upload-input')).toHaveAttribute('accept', 'image/*,video/*');
    } finally {
      localStorage.removeItem('isFamilyMember');
    }
  });

  it('shows no family switch to someone in no family', async () => {
    setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the groups cannot be read', async () => {
    setup({ routes: { 'GET /api/scroll/groups': () => json({ status: 'ERROR', message: 'boom' }, { status: 500 }) } });
    expect(await screen.findByText('Your photos could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('caps the selection at max_select_count with a message', async () => {
    const { user } = setup({ maxSelect: '2' });
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(check('p1'));
    // While selecting, a click on a photo toggles it instead of opening it.
    await user.click(open('v1'));
    expect(selectionBar()).toHaveTextContent('Selected: 2');
    await user.click(open('p2'));
    expect(await screen.findByText('You can select up to 2 items at once.')).toBeInTheDocument();
    expect(check('p2')).toHaveAttribute('aria-checked', 'false');
    expect(selectionBar()).toHaveTextContent('Selected: 2');
  });

  it('checks a whole day from its header and extends with shift-click', async () => {
    const { user } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    const [firstDay] = screen.getAllByRole('checkbox', { name: /^Select all photos of / });
    await user.click(firstDay!);
    expect(['p1', 'v1', 'p2'].map((uuid) => check(uuid).getAttribute('aria-checked'))).toEqual(['true', 'true', 'true']);
    await user.click(firstDay!);
    expect(noSelectionBar()).not.toBeInTheDocument();

    await user.click(check('v1'));
    await user.keyboard('{Shift>}');
    await user.click(open('p3'));
    await user.keyboard('{/Shift}');
    expect(selectionBar()).toHaveTextContent('Selected: 3');
    expect(check('p1')).toHaveAttribute('aria-checked', 'false');
  });

  it('favourites the selection and reads the timeline again', async () => {
    const { user, requests } = setup({ routes: { 'POST /api/filesystem/metadata': () => json({ fileList: [] }) } });
    await waitFor(() => expect(tiles()).toHaveLength(5));
    const before = calls(requests, 'GET', '/api/scroll/groups').length;
    await user.click(check('p1'));
    await user.click(check('p3'));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(calls(requests, 'POST', '/api/filesystem/metadata')).toHaveLength(1));
    expect(calls(requests, 'POST', '/api/filesystem/metadata')[0]!.body).toEqual({ uuids: ['p1', 'p3'], favourite: true });
    await waitFor(() => expect(calls(requests, 'GET', '/api/scroll/groups').length).toBeGreaterThan(before));
  });

  it('moves the selection to the trash after a confirmation', async () => {
    const { user, requests } = setup({ routes: { 'DELETE /api/filesystem/trash': () => json({ fileList: [] }) } });
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(check('v1'));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Delete' }));
    expect(calls(requests, 'DELETE', '/api/filesystem/trash')).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(calls(requests, 'DELETE', '/api/filesystem/trash')).toHaveLength(1));
    expect(calls(requests, 'DELETE', '/api/filesystem/trash')[0]!.body).toEqual(['v1']);
    await waitFor(() => expect(noSelectionBar()).not.toBeInTheDocument());
  });

  it('keyboard: one tab stop in the grid, arrows and Enter open, focus returns to the viewed tile, Space selects, Delete confirms', async () => {
    const { user, requests } = setup({ routes: { 'DELETE /api/filesystem/trash': () => json({ fileList: [] }) } });
    await waitFor(() => expect(tiles()).toHaveLength(5));
    const grid = screen.getByRole('grid', { name: 'Photo timeline' });
    const cell = (index: number) => grid.querySelector<HTMLElement>(`[data-index="${index}"] [data-cell-focus]`)!;
    const uuidAt = (index: number) => grid.querySelector(`[data-index="${index}"]`)!.getAttribute('data-uuid')!;
    const tabStops = () => Array.from(grid.querySelectorAll<HTMLElement>('[tabindex="0"]'));
    expect(tabStops()).toEqual([cell(0)]);

    cell(0).focus();
    await user.keyboard('{ArrowRight}');
    expect(cell(1)).toHaveFocus();
    expect(tabStops()).toEqual([cell(1)]);
    await user.keyboard('{Enter}');
    const viewer = await screen.findByRole('dialog', { name: NAMES[uuidAt(1)] });
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(viewer).getByTestId('viewer-counter')).toHaveTextContent('Item 3 of 5'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back on the tile of the photo shown last, not the one that opened the viewer.
    await waitFor(() => expect(cell(2)).toHaveFocus());

    await user.keyboard(' ');
    expect(check(uuidAt(2))).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Delete}');
    const confirm = await screen.findByRole('dialog', { name: 'Move to trash?' });
    expect(calls(requests, 'DELETE', '/api/filesystem/trash')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(calls(requests, 'DELETE', '/api/filesystem/trash')).toHaveLength(1));
    expect(calls(requests, 'DELETE', '/api/filesystem/trash')[0]!.body).toEqual([uuidAt(2)]);
  });

  it('downloads one photo through a signed URL and several as a zip', async () => {
    const { user, requests } = setup({
      routes: {
        'POST /api/v2/files/_bulk/create-download-url': () => json([{ uuid: 'p1', url: '/api/download/token-1' }]),
        'POST /api/filesystem/downloadFilesAsZip': () => new Response('/api/download/zip/token-2', { headers: { 'content-type': 'text/plain' } }),
      },
    });
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(check('p1'));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls(requests, 'POST', '/api/v2/files/_bulk/create-download-url')).toHaveLength(1));
    expect(calls(requests, 'POST', '/api/v2/files/_bulk/create-download-url')[0]!.body).toEqual([{ projectId: 'p-1', uuid: 'p1' }]);
    await user.click(check('p2'));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls(requests, 'POST', '/api/filesystem/downloadFilesAsZip')).toHaveLength(1));
    expect(calls(requests, 'POST', '/api/filesystem/downloadFilesAsZip')[0]!.body).toEqual(['p1', 'p2']);
  });

  it('opens the viewer on the clicked photo in timeline order', async () => {
    const { user } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(open('p2'));
    const viewer = await screen.findByRole('dialog', { name: 'p2.jpg' });
    expect(within(viewer).getByTestId('viewer-counter')).toHaveTextContent('Item 3 of 5');
  });

  it('puts the open photo in the URL: stepping replaces it, Back closes the viewer and stays on Photos', async () => {
    const { user, router } = setup({ path: '/main/files' });
    await act(() => router.navigate('/main/photos/all'));
    await waitFor(() => expect(tiles()).toHaveLength(5));
    await user.click(open('p2'));
    await screen.findByRole('dialog', { name: 'p2.jpg' });
    expect(router.state.location.pathname).toBe('/main/photos/all');
    expect(router.state.location.search).toBe('?photo=p2');
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('dialog', { name: 'p3.jpg' });
    expect(router.state.location.search).toBe('?photo=p3');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/photos/all');
    expect(router.state.location.search).toBe('');
  });

  it('opens the photo a link names, and closing it stays on Photos', async () => {
    // The screen asks for the linked photo itself while its day loads; a real server answers it (an unanswered
    // request would close the viewer as "gone" whenever it failed before the day arrived).
    const p3 = DAYS['2019-10-02']![0]!;
    const { user, router } = setup({ path: '/main/photos/all?photo=p3', routes: { 'GET /api/filesystem/item/p3': () => json(p3) } });
    // The viewer chunk and the linked photo load first: under a loaded machine that takes over the default 1 s.
    expect(await screen.findByRole('dialog', { name: 'p3.jpg' }, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'p3.jpg' })).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/photos/all');
    expect(router.state.location.search).toBe('');
  });

  it('opens a linked photo whose day has not loaded yet on its own', async () => {
    const far = photo('far', '2001-01-01', { name: 'far.jpg' });
    setup({ path: '/main/photos/all?photo=far', routes: { 'GET /api/filesystem/item/far': () => json(far) } });
    expect(await screen.findByRole('dialog', { name: 'far.jpg' })).toBeInTheDocument();
  });

  it('renders and loads only the days near the viewport of a long timeline', async () => {
    // 400 days of 12 photos, newest first.
    const days: Record<string, FileItem[]> = {};
    for (let i = 0; i < 400; i++) {
      const date = new Date(Date.UTC(2019, 11, 31) - i * 86_400_000).toISOString().slice(0, 10);
      days[date] = Array.from({ length: 12 }, (_, n) => photo(`${date}-${n}`, date));
    }
    const { requests } = setup({ days });
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    // jsdom's window is 768 px high: a few days are drawn, not 4,800 photos.
    expect(tiles().length).toBeLessThan(120);
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeLessThan(12);
    const asked = calls(requests, 'POST', '/api/scroll/groups/list').flatMap((request) => (request.body as { groups: GroupPageRequest[] }).groups);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(30);
    expect(asked[0]!.key).toBe('2019-12-31');
    // The days below are laid out from their counts, so the list is already as tall as the whole timeline.
    expect(parseFloat(screen.getByRole('grid', { name: 'Photo timeline' }).style.blockSize)).toBeGreaterThan(400 * 170);
  });

  it('jumps by month with the keyboard on the date scrubber', async () => {
    // jsdom does not scroll: move the list up by what the window is asked to scroll.
    let scrolled = 0;
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) => {
      scrolled += y;
    }) as typeof window.scrollBy);
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === 'photo-list') return new DOMRect(0, -scrolled, 694, 1000);
      return realRect.call(this);
    });
    const { user } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(5));
    const slider = screen.getByRole('slider', { name: 'Jump to a date' });
    slider.focus();
    await user.keyboard('{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuetext', 'October 2019');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    expect(scrollBy).toHaveBeenCalled();
    // The October heading starts below November's header and its row of three photos.
    expect(scrolled).toBeGreaterThan(92 + 100);
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuetext', 'November 2019');
    expect(scrolled).toBe(0);
    vi.restoreAllMocks();
  });

  it('shows the middle of a 70,000-photo day first when scrolled there, asking only for the pages there, the next by keyset', async () => {
    const BIG = 70_000;
    const key = '2019-12-31';
    const base = Date.parse(`${key}T20:00:00Z`);
    const at = (index: number) => photo(`b${index}`, key, { takenDate: base - index * 1000 });
    const indexOf = (uuid: string) => Number(uuid.slice(1));
    // The server's keyset: a page after (or before) a photo of the day is found from that photo, not from the offset.
    const list: MockHandler = ({ body }) =>
      json({
        groups: (body as { groups: GroupPageRequest[] }).groups.map((page) => {
          const start = page.after ? indexOf(page.after.uuid) + 1 : page.before ? indexOf(page.before.uuid) - page.limit : page.offset;
          const items = Array.from({ length: Math.max(0, Math.min(page.limit, BIG - start)) }, (_, i) => at(start + i));
          return { key: page.key, count: BIG, offset: page.offset, items, hasMore: start + page.limit < BIG };
        }),
      });
    let scrolled = 0;
    vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) => {
      scrolled += y;
    }) as typeof window.scrollBy);
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === 'photo-list') return new DOMRect(0, -scrolled, 950, parseFloat(this.style.blockSize) || 0);
      return realRect.call(this);
    });
    const { requests } = setup({
      routes: {
        'GET /api/scroll/groups': () => json({ category: 'all', total: BIG, groups: [{ key, year: 2019, month: 12, day: 31, count: BIG, offset: 0 }] }),
        'POST /api/scroll/groups/list': list,
      },
    });
    await waitFor(() => expect(tile('b0')).toBeDefined());
    const asked = () => calls(requests, 'POST', '/api/scroll/groups/list').flatMap((request) => (request.body as { groups: GroupPageRequest[] }).groups);
    // The first screen needs the first page only, not the day's 70,000 photos.
    expect(asked()).toEqual([{ key, offset: 0, limit: 200 }]);
    const height = parseFloat(screen.getByRole('grid', { name: 'Photo timeline' }).style.blockSize);
    // Every page not loaded is laid out from the count: the list is as tall as the whole day already.
    expect(height).toBeGreaterThan((BIG / 6) * 120);

    // A jump to the middle: only the pages there are asked for, by offset (no neighbour is loaded).
    scrolled = Math.round(height / 2);
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(asked().length).toBeGreaterThan(1));
    const jump = asked().slice(1);
    expect(jump.length).toBeLessThanOrEqual(3);
    for (const page of jump) {
      expect(Math.abs(page.offset - BIG / 2)).toBeLessThan(2_000);
      expect(page).not.toHaveProperty('after');
    }
    const deepest = Math.max(...jump.map((page) => page.offset));
    await waitFor(() => expect(tile(`b${deepest}`)).toBeDefined());
    expect(screen.getAllByTestId('photo-tile').every((element) => indexOf(element.dataset.uuid!) >= jump[0]!.offset)).toBe(true);

    // Scrolling on down a page (200 photos, three a row here) asks for the next page after the last photo already there.
    const count = asked().length;
    scrolled += 12_000;
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(asked().length).toBeGreaterThan(count));
    const next = asked().slice(count).find((page) => page.offset === deepest + 200);
    expect(next).toEqual({ key, offset: deepest + 200, limit: 200, after: { takenDate: base - (deepest + 199) * 1000, uuid: `b${deepest + 199}` } });
    await waitFor(() => expect(tile(`b${deepest + 200}`)).toBeDefined());
    vi.restoreAllMocks();
  });

  it('lets short days of a month share a row, each under its own date, each checked on its own', async () => {
    const days = { '2019-11-21': [photo('s1', '2019-11-21')], '2019-11-20': [photo('s2', '2019-11-20')], '2019-11-19': [photo('s3', '2019-11-19')] };
    const { user } = setup({ days });
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    const top = (uuid: string) => tile(uuid).style.insetBlockStart;
    // Two one-photo days fit side by side in jsdom's 694 px; the third starts the next row.
    expect(top('s1')).toBe(top('s2'));
    expect(parseFloat(top('s3'))).toBeGreaterThan(parseFloat(top('s1')));
    expect(parseFloat(tile('s2').style.insetInlineStart)).toBeGreaterThan(parseFloat(tile('s1').style.insetInlineStart) + 200);
    expect(screen.getAllByRole('heading', { level: 3 }).map((element) => element.textContent)).toEqual([
      'Thu, November 21, 2019',
      'Wed, November 20, 2019',
      'Tue, November 19, 2019',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all photos of November 20, 2019' }));
    expect(selectionBar()).toBeInTheDocument();
    expect(within(tile('s2')).getByRole('checkbox')).toHaveAttribute('aria-checked', 'true');
    expect(within(tile('s1')).getByRole('checkbox')).toHaveAttribute('aria-checked', 'false');
  });
});
