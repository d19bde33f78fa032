import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler, type MockRequest } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { FileItem } from '@/api/files';
import { fileItem } from '@/test/file-item';
import { LONG_PRESS_MS } from '../hooks/use-long-press';

/** IntersectionObserver stand-in: the test decides when the sentinel scrolls into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  static scrollTo(testId: string) {
    for (const observer of FakeIntersectionObserver.instances) {
      for (const element of observer.elements) {
        if (element.getAttribute('data-testid') === testId) {
          observer.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
        }
      }
    }
  }
}

function item(overrides: Partial<FileItem> & { uuid: string; name: string }): FileItem {
  return fileItem({
    folder: false,
    bytes: 2_345_678,
    contentType: 'image/jpeg',
    parentFolderUuid: null,
    projectId: 'p-1',
    createdDate: Date.UTC(2026, 0, 5, 9, 7),
    lastModifiedDate: new Date(2026, 0, 5, 9, 7).getTime(),
    favourite: false,
    hidden: false,
    status: 'ACTIVE',
    documentType: null,
    trashedDate: null,
    ...overrides,
  });
}

const pageOf = (items: FileItem[], page: number, hasMore: boolean) => json({ fileList: items, page, size: 50, hasMore });

function setup(routes: Record<string, MockHandler> = {}, options: { maxSelect?: string } = {}) {
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
    ...routes,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/files'] }), ...server };
}

const rows = () => within(screen.getByRole('list', { name: 'Files and folders' })).getAllByRole('listitem');
// A row is named "<name>, <kind>".
const row = (name: string) => screen.getByRole('listitem', { name: (label) => label.startsWith(`${name}, `) });
// The row's checkbox selects; a plain click on the row opens it.
const check = (name: string) => within(row(name)).getByRole('checkbox');
const selectionBar = () => screen.getByRole('toolbar', { name: 'Actions for the selected items' });
const barAction = (name: string) => within(selectionBar()).getByRole('button', { name });
const listCalls = (requests: MockRequest[]) => requests.filter((request) => request.method === 'GET' && request.url.pathname === '/api/filesystem');

// The screen loads lazily; load it once up front so a busy machine does not eat the first test's time.
beforeAll(async () => {
  await import('./files-screen');
  await import('./preview-screen');
});

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

describe('FilesScreen', () => {
  // 70 rows plus the lazy screen chunk can pass the 5 s default on a busy machine.
  it('lists folders and files with size and date, and loads the next page of 50 on scroll', async () => {
    const first = [
      item({ uuid: 'f-1', name: 'Belgeler', folder: true, bytes: 0, contentType: 'application/x-directory' }),
      ...Array.from({ length: 49 }, (_, i) => item({ uuid: `a-${i}`, name: `Foto ${String(i).padStart(2, '0')}.jpg` })),
    ];
    const second = Array.from({ length: 20 }, (_, i) => item({ uuid: `b-${i}`, name: `Video ${i}.mp4`, contentType: 'video/mp4' }));
    const { requests } = setup({
      'GET /api/filesystem': ({ url }) => (url.searchParams.get('page') === '0' ? pageOf(first, 0, true) : pageOf(second, 1, false)),
    });

    expect(await screen.findByRole('region', { name: 'Files' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]).toHaveAttribute('data-folder', 'true');
    expect(row('Foto 00.jpg')).toHaveAttribute('data-folder', 'false');
    expect(row('Foto 00.jpg')).toHaveTextContent('2.2 MB');
    expect(row('Foto 00.jpg')).toHaveTextContent('05.01.2026 - 09:07');
    const firstCall = listCalls(requests)[0]!.url.searchParams;
    expect(Object.fromEntries(firstCall)).toEqual({ parentFolderUuid: '', sortBy: 'name', sortOrder: 'ASC', page: '0', size: '50' });

    act(() => FakeIntersectionObserver.scrollTo('files-sentinel'));
    await waitFor(() => expect(rows()).toHaveLength(70));
    expect(listCalls(requests).map((request) => request.url.searchParams.get('page'))).toEqual(['0', '1']);

    // hasMore is false now: scrolling again asks for nothing.
    act(() => FakeIntersectionObserver.scrollTo('files-sentinel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(requests)).toHaveLength(2);
  });

  it('opens a folder on a single click, shows it in the breadcrumb and remembers it', async () => {
    const { user, requests } = setup({
      'GET /api/filesystem': ({ url }) =>
        url.searchParams.get('parentFolderUuid') === 'f-1'
          ? pageOf([item({ uuid: 'c-1', name: 'Sözleşme.pdf', contentType: 'application/pdf', parentFolderUuid: 'f-1' })], 0, false)
          : pageOf([item({ uuid: 'f-1', name: 'Belgeler', folder: true, bytes: 0 })], 0, false),
    });
    await user.click(await screen.findByRole('listitem', { name: /Belgeler/ }));
    expect(await screen.findByRole('listitem', { name: /Sözleşme\.pdf/ })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Folder path' })).getByText('Belgeler').closest('[aria-current]')).toHaveAttribute('aria-current', 'page');
    expect(JSON.parse(localStorage.getItem('openedFolder')!)).toEqual([{ uuid: 'f-1', name: 'Belgeler' }]);
    expect(listCalls(requests).at(-1)!.url.searchParams.get('parentFolderUuid')).toBe('f-1');

    await user.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('button', { name: 'My files' }));
    expect(await screen.findByRole('listitem', { name: /Belgeler/ })).toBeInTheDocument();
    expect(localStorage.getItem('openedFolder')).toBeNull();
  });

  it('opens a file with one click; once something is selected a click toggles, and Escape clears the bar', async () => {
    const items = [item({ uuid: 'a-1', name: 'a.jpg' }), item({ uuid: 'b-1', name: 'b.txt', contentType: 'text/plain' })];
    const { user } = setup({ 'GET /api/filesystem': () => pageOf(items, 0, false) });
    await screen.findByRole('listitem', { name: /a\.jpg/ });
    await user.click(row('a.jpg'));
    expect(await screen.findByRole('dialog', { name: 'a.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('listitem', { name: /b\.txt/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(check('a.jpg'));
    await user.click(row('b.txt'));
    expect(selectionBar()).toHaveTextContent('Selected: 2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Escape from anywhere on the page, not only from inside the list.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected items' })).not.toBeInTheDocument();
  });

  it('gives focus back to the row of the file the preview showed last when it closes', async () => {
    const items = [item({ uuid: 'a-1', name: 'a.txt', contentType: 'text/plain' }), item({ uuid: 'b-1', name: 'b.txt', contentType: 'text/plain' })];
    const { user } = setup({ 'GET /api/filesystem': () => pageOf(items, 0, false) });
    await screen.findByRole('listitem', { name: /b\.txt/ });
    row('b.txt').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'b.txt' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(row('b.txt')).toHaveFocus());

    // Walked back to the first file, then closed with the button: focus on the file shown last.
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'b.txt' });
    await user.click(screen.getByRole('button', { name: 'Previous file' }));
    expect(await screen.findByRole('dialog', { name: 'a.txt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(row('a.txt')).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a long press on touch selects the row instead of opening it', async () => {
    const items = [item({ uuid: 'a-1', name: 'a.jpg' }), item({ uuid: 'b-1', name: 'b.jpg' })];
    setup({ 'GET /api/filesystem': () => pageOf(items, 0, false) });
    await screen.findByRole('listitem', { name: /a\.jpg/ });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerDown(row('a.jpg'), { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    fireEvent.pointerUp(row('a.jpg'), { pointerType: 'touch' });
    fireEvent.click(row('a.jpg'));
    vi.useRealTimers();
    expect(selectionBar()).toHaveTextContent('Selected: 1');
    expect(row('a.jpg')).toHaveAttribute('data-selected', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opening a row's menu does not select the row", async () => {
    const items = [item({ uuid: 'a-1', name: 'a.jpg' }), item({ uuid: 'b-1', name: 'b.jpg' })];
    const { user } = setup({ 'GET /api/filesystem': () => pageOf(items, 0, false) });
    await screen.findByRole('listitem', { name: /a\.jpg/ });
    await user.click(within(row('a.jpg')).getByRole('button', { name: 'Actions for a.jpg' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected items' })).not.toBeInTheDocument();
    expect(row('a.jpg')).not.toHaveAttribute('data-selected');
  });

  it('shows the empty root with upload and create-folder actions', async () => {
    setup({ 'GET /api/filesystem': () => pageOf([], 0, false) });
    const empty = await screen.findByRole('group', { name: 'Your files will live here' });
    expect(empty).toHaveTextContent('Your files will live here');
    expect(within(empty).getByRole('button', { name: 'Upload files' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Create folder' })).toBeInTheDocument();
  });

  it('selects with the checkbox, ctrl-click and shift-click, and acts on the selection', async () => {
    const items = Array.from({ length: 6 }, (_, i) => item({ uuid: `a-${i}`, name: `Foto ${i}.jpg` }));
    const { user, requests } = setup({
      'GET /api/filesystem': () => pageOf(items, 0, false),
      'POST /api/filesystem/downloadFilesAsZip': () => new Response('/api/download/zip/tok', { headers: { 'content-type': 'text/plain' } }),
      'POST /api/v2/files/_bulk/create-download-url': ({ body }) =>
        json((body as { uuid: string }[]).map((ref) => ({ uuid: ref.uuid, url: `/api/download/${ref.uuid}`, inlineUrl: `/api/download/${ref.uuid}?inline=1` }))),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await screen.findByRole('listitem', { name: /Foto 0\.jpg/ });

    await user.click(check('Foto 1.jpg'));
    expect(selectionBar()).toHaveTextContent('Selected: 1');
    await user.click(barAction('Download'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.url.pathname === '/api/v2/files/_bulk/create-download-url')?.body).toEqual([{ projectId: 'p-1', uuid: 'a-1' }]);

    await user.keyboard('{Shift>}');
    await user.click(row('Foto 4.jpg'));
    await user.keyboard('{/Shift}');
    expect(selectionBar()).toHaveTextContent('Selected: 4');
    await user.keyboard('{Control>}');
    await user.click(row('Foto 2.jpg'));
    await user.keyboard('{/Control}');
    expect(selectionBar()).toHaveTextContent('Selected: 3');
    expect(rows().filter((element) => element.hasAttribute('data-selected')).map((element) => element.getAttribute('data-name'))).toEqual([
      'Foto 1.jpg',
      'Foto 3.jpg',
      'Foto 4.jpg',
    ]);

    expect(within(selectionBar()).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(within(selectionBar()).queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    await user.click(barAction('Download as ZIP'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/downloadFilesAsZip')?.body).toEqual(['a-1', 'a-3', 'a-4']);
    click.mockRestore();
  });

  it('caps select-all at max_select_count and says so', async () => {
    const items = Array.from({ length: 6 }, (_, i) => item({ uuid: `a-${i}`, name: `Foto ${i}.jpg` }));
    const { user } = setup({ 'GET /api/filesystem': () => pageOf(items, 0, false) }, { maxSelect: '4' });
    await screen.findByRole('listitem', { name: /Foto 0\.jpg/ });
    await user.click(check('Foto 0.jpg'));
    await user.click(barAction('Select all'));
    expect(selectionBar()).toHaveTextContent('Selected: 4');
    expect(await screen.findByText('You can select up to 4 items at once.')).toBeInTheDocument();
  });

  it('creates a folder from the NEW menu with an encoded Folder-Name and one Folder-Uuid per name', async () => {
    let attempts = 0;
    const { user, requests } = setup({
      'GET /api/filesystem': () => pageOf([], 0, false),
      'POST /api/filesystem/createFolder': () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : json(item({ uuid: 'new-1', name: 'Tatil fotoğrafları', folder: true, bytes: 0 }));
      },
    });
    await screen.findByRole('group', { name: 'Your files will live here' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create folder' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Tatil fotoğrafları');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("We couldn't reach the server. Check your connection and try again.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Folder created.')).toBeInTheDocument();

    const calls = requests.filter((request) => request.url.pathname === '/api/filesystem/createFolder');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.searchParams.get('parentFolderUuid')).toBe('');
    expect(calls[0]!.headers.get('Folder-Name')).toBe(encodeURIComponent('Tatil fotoğrafları'));
    expect(calls[0]!.headers.get('Folder-Uuid')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The retry repeats the same request, so the server can answer it idempotently.
    expect(calls[1]!.headers.get('Folder-Uuid')).toBe(calls[0]!.headers.get('Folder-Uuid'));
  });

  it('renames one item with a URL-encoded New-Name header and a text content type', async () => {
    const { user, requests } = setup({
      'GET /api/filesystem': () => pageOf([item({ uuid: 'a-1', name: 'IMG_0001.jpg' })], 0, false),
      'POST /api/filesystem/rename/a-1': () => json(item({ uuid: 'a-1', name: 'Yaz 2026 / ğ?.jpg' })),
    });
    await screen.findByRole('listitem', { name: /IMG_0001\.jpg/ });
    await user.click(check('IMG_0001.jpg'));
    await user.click(barAction('Rename'));
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const input = within(dialog).getByRole('textbox', { name: 'New name' });
    expect(input).toHaveValue('IMG_0001.jpg');
    await user.clear(input);
    await user.type(input, 'Yaz 2026 ğ?.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Renamed.')).toBeInTheDocument();
    const call = requests.find((request) => request.url.pathname === '/api/filesystem/rename/a-1')!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('New-Name')).toBe('Yaz%202026%20%C4%9F%3F.jpg');
    expect(call.headers.get('Content-Type')).toBe('text/plain');
  });

  it('refuses a name with a slash before sending', async () => {
    const { user, requests } = setup({ 'GET /api/filesystem': () => pageOf([item({ uuid: 'a-1', name: 'a.txt' })], 0, false) });
    await screen.findByRole('listitem', { name: /a\.txt/ });
    await user.click(check('a.txt'));
    await user.click(barAction('Rename'));
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const input = within(dialog).getByRole('textbox', { name: 'New name' });
    await user.clear(input);
    await user.type(input, 'x/y.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('A name cannot contain / or \\.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname.startsWith('/api/filesystem/rename'))).toBe(false);
  });

  it('moves items into a folder chosen in the picker and never into themselves', async () => {
    const folders = [item({ uuid: 'f-1', name: 'Belgeler', folder: true, bytes: 0 }), item({ uuid: 'f-2', name: 'Arşiv', folder: true, bytes: 0 })];
    const { user, requests } = setup({
      'GET /api/filesystem': ({ url }) =>
        url.searchParams.get('folderOnly') === 'true' ? pageOf(url.searchParams.get('parentFolderUuid') ? [] : folders, 0, false) : pageOf([...folders, item({ uuid: 'a-1', name: 'not.txt' })], 0, false),
      'POST /api/filesystem/move': () => json({ fileList: [] }),
    });
    await screen.findByRole('listitem', { name: /not\.txt/ });
    await user.click(check('Belgeler'));
    await user.keyboard('{Control>}');
    await user.click(row('not.txt'));
    await user.keyboard('{/Control}');
    await user.click(barAction('Move'));
    const dialog = await screen.findByRole('dialog', { name: 'Move to' });
    const folderList = within(within(dialog).getByRole('list', { name: 'Folders' }));
    const targets = (await folderList.findAllByRole('button')).filter((button) => button.hasAttribute('aria-pressed'));
    expect(targets.map((target) => target.getAttribute('data-name'))).toEqual(['Belgeler', 'Arşiv']);
    expect(targets[0]).toBeDisabled();
    const pickerCall = listCalls(requests).find((request) => request.url.searchParams.get('folderOnly') === 'true')!;
    expect(Object.fromEntries(pickerCall.url.searchParams)).toEqual({
      folderOnly: 'true',
      sortBy: 'name',
      sortOrder: 'ASC',
      from: '0',
      size: '99999',
      parentFolderUuid: '',
    });

    await user.click(targets[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Move to Arşiv' }));
    expect(await screen.findByText('Moved to Arşiv.')).toBeInTheDocument();
    const move = requests.find((request) => request.url.pathname === '/api/filesystem/move')!;
    expect(move.url.searchParams.get('targetFolderUuid')).toBe('f-2');
    expect(move.body).toEqual(['f-1', 'a-1']);
  });

  it('favourites, hides and trashes with toasts and a fresh listing', async () => {
    let listed = [item({ uuid: 'a-1', name: 'a.jpg' }), item({ uuid: 'a-2', name: 'b.jpg' })];
    const { user, requests } = setup({
      'GET /api/filesystem': () => pageOf(listed, 0, false),
      'POST /api/filesystem/metadata': ({ body }) => {
        const { uuids, favourite } = body as { uuids: string[]; favourite: boolean };
        listed = listed.map((entry) => (uuids.includes(entry.uuid) ? { ...entry, favourite } : entry));
        return json({ fileList: listed });
      },
      'DELETE /api/filesystem/trash': ({ body }) => {
        listed = listed.filter((entry) => !(body as string[]).includes(entry.uuid));
        return json({ fileList: [] });
      },
    });
    await screen.findByRole('listitem', { name: /a\.jpg/ });
    await user.click(check('a.jpg'));
    await user.click(barAction('Add to favourites'));
    expect(await screen.findByText('Added to favourites.')).toBeInTheDocument();
    await waitFor(() => expect(within(row('a.jpg')).getByRole('button', { name: /favourites$/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(requests.find((request) => request.url.pathname === '/api/filesystem/metadata')?.body).toEqual({ uuids: ['a-1'], favourite: true });

    await user.click(barAction('Move to Trash'));
    expect(await screen.findByText('Moved to Trash.')).toBeInTheDocument();
    await waitFor(() => expect(rows().map((element) => element.getAttribute('data-name'))).toEqual(['b.jpg']));
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected items' })).not.toBeInTheDocument();
    // The usage is read again after a deletion.
    expect(requests.filter((request) => request.url.pathname === '/api/account/usages').length).toBeGreaterThan(1);
  });

  it('is one tab stop: arrows move between rows (by column in the grid), Delete trashes the focused row', async () => {
    let listed = ['a', 'b', 'c', 'd', 'e'].map((name, i) => item({ uuid: `k-${i}`, name: `${name}.jpg` }));
    const { user, requests } = setup({
      'GET /api/filesystem': () => pageOf(listed, 0, false),
      'DELETE /api/filesystem/trash': ({ body }) => {
        listed = listed.filter((entry) => !(body as string[]).includes(entry.uuid));
        return json({ fileList: [] });
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(5));
    const tabStops = () => rows().filter((element) => element.tabIndex === 0);
    expect(tabStops()).toEqual([rows()[0]]);
    rows()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(rows()[4]).toHaveFocus();
    expect(tabStops()).toEqual([rows()[4]]);
    await user.keyboard('{ArrowUp}{Home}');
    expect(rows()[0]).toHaveFocus();

    // The grid view lays cards in lines: three a line here; down goes to the card below.
    await user.click(screen.getByRole('button', { name: /^Show as/ }));
    const place = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = rows().indexOf(this as HTMLLIElement);
      return new DOMRect((index % 3) * 200, Math.floor(index / 3) * 200, 180, 180);
    });
    rows()[1]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows()[4]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(rows()[3]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rows()[0]).toHaveFocus();
    place.mockRestore();

    // Nothing selected: Delete trashes the focused item, as the toolbar's Move to Trash does.
    rows()[2]!.focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByText('Moved to Trash.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE' && request.url.pathname === '/api/filesystem/trash')?.body).toEqual(['k-2']);
    await waitFor(() => expect(rows().map((element) => element.getAttribute('data-name'))).toEqual(['a.jpg', 'b.jpg', 'd.jpg', 'e.jpg']));

    // With a selection, Delete acts on the selection.
    await user.click(check('a.jpg'));
    await user.keyboard('{Control>}');
    await user.click(row('e.jpg'));
    await user.keyboard('{/Control}');
    await user.keyboard('{Delete}');
    await waitFor(() => expect(rows().map((element) => element.getAttribute('data-name'))).toEqual(['b.jpg', 'd.jpg']));
    expect(requests.filter((request) => request.method === 'DELETE').at(-1)?.body).toEqual(['k-0', 'k-4']);
  });

  it('gives focus back to the control that opened a menu or a dialog when it closes', async () => {
    const { user } = setup({ 'GET /api/filesystem': () => pageOf([item({ uuid: 'a-1', name: 'a.jpg' })], 0, false) });
    const kebab = await screen.findByRole('button', { name: 'Actions for a.jpg' });
    await user.click(kebab);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(kebab).toHaveFocus());

    // A dialog opened from the menu returns to the menu's button (the item it was opened from is gone).
    await user.click(kebab);
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await screen.findByRole('dialog', { name: 'Rename' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(kebab).toHaveFocus());
  });

  it('switches between list and grid, and sorts through the sort menu', async () => {
    const { user, requests } = setup({ 'GET /api/filesystem': () => pageOf([item({ uuid: 'a-1', name: 'a.jpg' })], 0, false) });
    await screen.findByRole('listitem', { name: /a\.jpg/ });
    expect(screen.getByRole('button', { name: /^Show as/ })).toHaveAttribute('data-view', 'list');
    await user.click(screen.getByRole('button', { name: /^Show as/ }));
    expect(screen.getByRole('button', { name: /^Show as/ })).toHaveAttribute('data-view', 'grid');
    expect(screen.getByRole('list', { name: 'Files and folders' })).toHaveAttribute('data-view', 'grid');

    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Size' }));
    await waitFor(() => expect(listCalls(requests).at(-1)!.url.searchParams.get('sortBy')).toBe('size'));
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Descending' }));
    await waitFor(() => expect(listCalls(requests).at(-1)!.url.searchParams.get('sortOrder')).toBe('DESC'));
  });

  it('a list row loads the small thumbnail (srcset for denser screens); a grid tile keeps the big one', async () => {
    const photo = item({ uuid: 'p-1', name: 'beach.jpg', mediaStatus: 'READY', thumbnailUrl: '/api/media/thumb/big-1', smallThumbnailUrl: '/api/media/thumb/small-1' });
    const { user } = setup({ 'GET /api/filesystem': () => pageOf([photo], 0, false) });
    await screen.findByRole('listitem', { name: /beach\.jpg/ });
    const listed = within(row('beach.jpg')).getByTestId('file-thumbnail-image');
    expect(listed).toHaveAttribute('src', '/api/media/thumb/small-1');
    expect(listed).toHaveAttribute('srcset', '/api/media/thumb/small-1 128w, /api/media/thumb/big-1 250w');
    expect(listed).toHaveAttribute('sizes', '40px');

    await user.click(screen.getByRole('button', { name: /^Show as/ }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Files and folders' })).toHaveAttribute('data-view', 'grid'));
    const tile = within(row('beach.jpg')).getByTestId('file-thumbnail-image');
    expect(tile).toHaveAttribute('src', '/api/media/thumb/big-1');
    expect(tile).not.toHaveAttribute('srcset');
  });
});
