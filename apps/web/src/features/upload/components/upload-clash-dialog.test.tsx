import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { useUploader } from '@/hooks/use-uploader';
import { json, mockFetch, type MockRequest } from '@/test/fetch-mock';
import { UploadProvider } from './upload-provider';

// Issue 33: files that clash by name with files already in the folder are asked about once, before anything is sent.

interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** The browser's XMLHttpRequest as the upload transport uses it: every request answers 201 (a whole small file). */
class FakeXhr {
  static sent: SentUpload[] = [];
  readonly upload: { onprogress: ((event: { loaded: number }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private request: SentUpload = { method: '', url: '', headers: {} };

  open(method: string, url: string) {
    this.request = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    FakeXhr.sent.push(this.request);
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify({ uuid: this.request.url.split('/').pop() });
      this.onload?.();
    });
  }
}

const item = (name: string, folder = false) => ({ uuid: `id-${name}`, name, folder, bytes: folder ? 0 : 5 });
const file = (name: string, text = 'new content') => new File([text], name, { type: 'text/plain' });
const uploadsOf = (name: string) => FakeXhr.sent.filter((request) => decodeURIComponent(request.headers['X-Object-Meta-File-Name'] ?? '') === name);

let listings: MockRequest[] = [];

/** The server's folder listing, `perPage` items a page (it gives 500 at most). */
function setUp(folder: ReturnType<typeof item>[], perPage = 500) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const mocked = mockFetch({
    'GET /api/filesystem': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const fileList = folder.slice(page * perPage, (page + 1) * perPage);
      return json({ fileList, page, size: perPage, hasMore: (page + 1) * perPage < folder.length });
    },
    'POST /api/container/baseUrl': () => json({ value: `${window.location.origin}/api/upload` }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1000000' }),
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  listings = mocked.requests;
  let uploadFiles: ((files: File[]) => void) | null = null;
  function Dropper() {
    const uploader = useUploader();
    uploadFiles = (files) => uploader?.uploadFiles(files, 'folder-1');
    return null;
  }
  render(
    <Provider store={createAppStore()}>
      <UploadProvider>
        <Dropper />
      </UploadProvider>
    </Provider>,
  );
  return { upload: (...files: File[]) => uploadFiles!(files), user: userEvent.setup() };
}

describe('uploads whose names are taken in the folder', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
  });
  afterEach(() => {
    FakeXhr.sent = [];
  });

  it('asks nothing when no file clashes (a folder of the same name is no clash) and keeps both, as before', async () => {
    const { upload } = setUp([item('Photos', true), item('other.txt')]);
    upload(file('Photos'), file('new.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploadsOf('Photos')[0]!.headers['X-Meta-Strategy']).toBe('0');
    expect(uploadsOf('new.txt')[0]!.headers['X-Meta-Strategy']).toBe('0');
    // The folder was read from the server at the moment of the upload, in the largest pages the listing gives.
    const asked = listings.filter((request) => request.url.pathname === '/api/filesystem');
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.url.searchParams)).toEqual({ parentFolderUuid: 'folder-1', sortBy: 'name', sortOrder: 'ASC', page: '0', size: '500' });
  });

  it('reads a long folder to its end: a clash on a later page is found', async () => {
    const { upload } = setUp([item('a.txt'), item('b.txt'), item('c.txt'), item('z.txt')], 2);
    upload(file('z.txt'));
    await screen.findByRole('dialog', { name: '“z.txt” already exists in this folder' });
    const pages = listings.filter((request) => request.url.pathname === '/api/filesystem').map((request) => request.url.searchParams.get('page'));
    expect(pages).toEqual(['0', '1']);
  });

  it('Replace sends strategy 1 for the clashing file only (the name is compared as the server does)', async () => {
    const { upload, user } = setUp([item('Notes.TXT')]);
    upload(file('notes.txt'), file('new.txt'));
    const dialog = await screen.findByRole('dialog', { name: '“notes.txt” already exists in this folder' });
    expect(dialog).toHaveAccessibleDescription(/version history/);
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(uploadsOf('notes.txt')[0]!.headers['X-Meta-Strategy']).toBe('1');
    expect(uploadsOf('new.txt')[0]!.headers['X-Meta-Strategy']).toBe('0');
    expect(uploadsOf('notes.txt')[0]!.headers['X-Object-Meta-Parent-Uuid']).toBe('folder-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Keep both sends strategy 0 for every file', async () => {
    const { upload, user } = setUp([item('a.txt'), item('b.txt')]);
    upload(file('a.txt'), file('b.txt'));
    const dialog = await screen.findByRole('dialog', { name: '2 items already exist in this folder' });
    expect(dialog).toHaveAccessibleDescription(/applies to all of them/);
    const names = within(within(dialog).getByRole('list', { name: 'Files already in this folder' })).getAllByRole('listitem');
    expect(names.map((row) => row.textContent)).toEqual(['a.txt', 'b.txt']);
    await user.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent.map((request) => request.headers['X-Meta-Strategy'])).toEqual(['0', '0']);
  });

  it('Skip sends none of the clashing files and the others as usual', async () => {
    const { upload, user } = setUp([item('a.txt'), item('b.txt')]);
    upload(file('a.txt'), file('b.txt'), file('c.txt'));
    const dialog = await screen.findByRole('dialog', { name: '2 items already exist in this folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(uploadsOf('c.txt')).toHaveLength(1));
    expect(uploadsOf('c.txt')[0]!.headers['X-Meta-Strategy']).toBe('0');
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('Skip with only clashing files, or closing the question, sends nothing', async () => {
    const { upload, user } = setUp([item('a.txt')]);
    upload(file('a.txt'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    upload(file('a.txt'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A later upload goes through the same queue: once it is sent, nothing from before can still be on its way.
    upload(file('later.txt'));
    await waitFor(() => expect(uploadsOf('later.txt')).toHaveLength(1));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('lists at most five names and counts the rest', async () => {
    const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt', '6.txt', '7.txt'];
    const { upload } = setUp(names.map((name) => item(name)));
    upload(...names.map((name) => file(name)));
    const dialog = await screen.findByRole('dialog', { name: '7 items already exist in this folder' });
    const rows = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1.txt', '2.txt', '3.txt', '4.txt', '5.txt', 'and 2 more']);
  });
});
