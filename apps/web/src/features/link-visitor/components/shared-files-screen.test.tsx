import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import { renderRoutes } from '@/test/render';

const TOKEN = 'tok-abc';
const LINK = `/sharedFiles?token=${TOKEN}`;

const items = [
  fileItem({ uuid: 'd-1', name: 'Tatil', folder: true, contentType: 'application/x-directory' }),
  fileItem({ uuid: 'a-1', name: 'beach.jpg', bytes: 2048, contentType: 'image/jpeg' }),
  fileItem({ uuid: 'a-2', name: 'notes.txt', bytes: 10, contentType: 'text/plain' }),
];

/** The visitor calls of one link, plus what the signed-in shell reads. */
function server(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /api/share/visitor': () =>
      json({ name: 'Yaz 2026', isAlbum: false, itemCount: 3, ownerName: 'Ayşe Yılmaz', expirationDate: null, hasPassword: false, createdDate: '2026-11-20T10:00:00Z' }),
    'GET /api/share/visitor/files': ({ url }) =>
      url.searchParams.get('parentFolderUuid') === 'd-1'
        ? json({ fileList: [fileItem({ uuid: 'b-1', name: 'deep.jpg', contentType: 'image/jpeg' })], totalCount: 1, folder: { uuid: 'd-1', name: 'Tatil' }, path: [{ uuid: 'd-1', name: 'Tatil' }] })
        : json({ fileList: items, totalCount: 3, folder: null, path: [] }),
    'GET /api/captcha/required': () => json({ captchaRequired: false }),
    'GET /api/account/info': () => json({ uuid: 'u-2', name: 'Deniz', surname: 'Kaya', email: 'deniz@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    ...extra,
  });
}

function render(path = LINK) {
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: [path] });
}

function signInStored() {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'session-1' }));
}

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}, `) });

describe('shared files for a visitor', () => {
  it('shows the link and its items without a session, sending the token only in X-Share-Token; folders open below the root only', async () => {
    const { requests, user } = { ...server(), ...render() };
    // The first screen of the file loads its lazy chunks: more than the default wait on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Yaz 2026' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Shared by Ayşe Yılmaz')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: /^beach\.jpg, / })).toBeInTheDocument();
    const visitorCalls = requests.filter((request) => request.url.pathname.startsWith('/api/share/visitor'));
    expect(visitorCalls.length).toBeGreaterThan(0);
    for (const call of visitorCalls) {
      expect(call.headers.get('X-Share-Token')).toBe(TOKEN);
      expect(call.headers.get('X-Auth-Token')).toBeNull();
      expect(call.url.search).not.toContain(TOKEN);
    }
    // Header: Save to Bulut and Download All; no NEW; the anonymous account card offers sign-up.
    expect(screen.getByRole('button', { name: 'Save to Bulut' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download All' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    await user.click(screen.getByTestId('account-card-trigger'));
    expect(await screen.findByRole('menuitem', { name: 'Sign up' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(row('Tatil'));
    expect(await screen.findByRole('listitem', { name: /^deep\.jpg, / })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getAllByRole('listitem').map((crumb) => crumb.textContent)).toEqual(['Shared files', 'Tatil']);
    await user.click(within(crumbs).getByRole('button', { name: 'Shared files' }));
    expect(await screen.findByRole('listitem', { name: /^beach\.jpg, / })).toBeInTheDocument();
  });

  it('a link to one folder opens inside it: its files listed, crumbs starting at the folder, never above it', async () => {
    const inside = [
      fileItem({ uuid: 's-1', name: 'Sub', folder: true, contentType: 'application/x-directory' }),
      fileItem({ uuid: 'f-1', name: 'plan.pdf', contentType: 'application/pdf' }),
    ];
    const root = { uuid: 'r-1', name: 'Tatil 2026' };
    const { user } = {
      ...server({
        'GET /api/share/visitor': () =>
          json({ name: 'Tatil 2026', isAlbum: false, isFolder: true, itemCount: 2, ownerName: 'Ayşe Yılmaz', expirationDate: null, hasPassword: false, createdDate: '2026-11-20T10:00:00Z' }),
        'GET /api/share/visitor/files': ({ url }) =>
          url.searchParams.get('parentFolderUuid') === 's-1'
            ? json({ fileList: [fileItem({ uuid: 'd-2', name: 'deep.txt' })], totalCount: 1, folder: { uuid: 's-1', name: 'Sub' }, path: [root, { uuid: 's-1', name: 'Sub' }] })
            : json({ fileList: inside, totalCount: 2, folder: root, path: [root] }),
      }),
      ...render(),
    };
    expect(await screen.findByRole('listitem', { name: /^plan\.pdf, / }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Items: 2')).toBeInTheDocument();
    const crumbs = () => within(screen.getByRole('navigation', { name: 'Folder path' })).getAllByRole('listitem').map((crumb) => crumb.textContent);
    expect(crumbs()).toEqual(['Tatil 2026']);

    await user.click(row('Sub'));
    expect(await screen.findByRole('listitem', { name: /^deep\.txt, / })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Tatil 2026', 'Sub']);
    await user.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('button', { name: 'Tatil 2026' }));
    expect(await screen.findByRole('listitem', { name: /^plan\.pdf, / })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Tatil 2026']);
  });

  it('offers the sign-in page\'s language picker to a visitor', async () => {
    server();
    render();
    expect(await screen.findByRole('heading', { name: 'Yaz 2026' }, { timeout: 15_000 })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(within(picker).getAllByRole('option')).toHaveLength(11);
    expect(picker).toHaveValue('en');
  });

  it('Save to Bulut signed out: the sign-in screen under /sharedFiles, then back to the link, where the selection is saved', async () => {
    const { requests, user, router } = {
      ...server({
        'POST /api/auth/token': () => json({ deviceInfo: null, latestActivityId: 'act-1' }, { headers: { 'x-auth-token': 'session-9' } }),
        'POST /api/share/visitor/save': () => json({ savedCount: 1, folderUuid: null }),
      }),
      ...render(),
    };
    await screen.findByRole('listitem', { name: /^beach\.jpg, / });
    await user.click(within(row('beach.jpg')).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Download (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save to Bulut' }));

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/sharedFiles/login?token=${TOKEN}`));
    expect(await screen.findByText(/Sign in or create an account to save the shared files/)).toBeInTheDocument();
    // The sign-in screen links to the shared layout's own sign-up.
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/sharedFiles/signup?token=${TOKEN}`);
    expect(requests.some((request) => request.url.pathname === '/api/share/visitor/save')).toBe(false);

    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'deniz@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Saved to your Bulut.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(LINK);
    const saves = requests.filter((request) => request.url.pathname === '/api/share/visitor/save');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.headers.get('X-Share-Token')).toBe(TOKEN);
    expect(saves[0]!.headers.get('X-Auth-Token')).toBe('session-9');
    expect(saves[0]!.body).toEqual({ uuids: ['a-1'] });
  });

  it('saves everything at once for a signed-in visitor, and says so when the storage is full', async () => {
    signInStored();
    const { requests, user } = {
      ...server({ 'POST /api/share/visitor/save': () => json({ status: 'QUOTA_EXCEEDED', message: 'Quota exceeded.' }, { status: 413 }) }),
      ...render(),
    };
    await screen.findByRole('listitem', { name: /^beach\.jpg, / });
    await user.click(screen.getByRole('button', { name: 'Save to Bulut' }));
    expect(await screen.findByText('There is not enough free space in your Bulut to save these files.')).toBeInTheDocument();
    const save = requests.find((request) => request.url.pathname === '/api/share/visitor/save');
    expect(save?.body).toEqual({});
    expect(save?.headers.get('X-Auth-Token')).toBe('session-1');
  });

  it('asks for the password of a protected link and sends the proof afterwards (kept for this tab only)', async () => {
    let unlocked = false;
    const { requests, user } = {
      ...server({
        'GET /api/share/visitor': ({ headers }) =>
          headers.get('X-Share-Unlock') === 'proof-1'
            ? json({ name: 'Gizli', isAlbum: false, itemCount: 3, ownerName: 'Ayşe', expirationDate: null, hasPassword: true, createdDate: '2026-11-20T10:00:00Z' })
            : json({ status: 'SHARE_PASSWORD_REQUIRED', message: 'Password required.' }, { status: 403 }),
        'POST /api/share/visitor/unlock': ({ body }) => {
          unlocked = (body as { password: string }).password === 'kapı';
          return unlocked ? json({ unlock: 'proof-1' }) : json({ status: 'VALIDATION_ERROR', message: 'Wrong password.' }, { status: 400 });
        },
      }),
      ...render(),
    };
    const password = await screen.findByLabelText('Link password');
    await user.type(password, 'yanlış');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('That password is not right. Try again.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link password'), 'kapı');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Gizli' })).toBeInTheDocument();
    expect(unlocked).toBe(true);
    const listing = requests.filter((request) => request.url.pathname === '/api/share/visitor/files');
    expect(listing.at(-1)?.headers.get('X-Share-Unlock')).toBe('proof-1');
    expect(sessionStorage.getItem('sharedFilesUnlock')).toContain('proof-1');
    expect(localStorage.getItem('sharedFilesUnlock')).toBeNull();
  });

  it('shows the same friendly page for an unknown, expired or revoked link', async () => {
    server({ 'GET /api/share/visitor': () => json({ status: 'NOT_FOUND', message: 'This link does not exist or has expired.' }, { status: 404 }) });
    render();
    expect(await screen.findByRole('heading', { name: 'This link is not available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to Bulut' })).toBeNull();
  });

  it('offers password recovery inside the link, keeping the way back to it', async () => {
    server();
    render(`/sharedFiles/forgotmypassword?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shared files' })).toHaveAttribute('href', LINK);
  });
});

describe('shared-content viewer', () => {
  it('shows the server page in a sandboxed frame that runs no script, and the failure page the same way', async () => {
    signInStored();
    const page = '<!doctype html><title>x</title><img src="/api/media/x" alt="photo">';
    const gone = '<!doctype html><title>Removed</title><h1>No longer shared</h1>';
    const { requests } = mockFetch({
      'GET /api/viewer/file/f-1': () => new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      'GET /api/viewer/file/p-9/f-2': () => new Response(gone, { status: 410, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    });
    render('/viewer/file/f-1');
    const frame = await screen.findByTitle('Shared content');
    expect(frame.getAttribute('srcdoc')).toBe(page);
    // Same origin (for the media's CORP) is safe only because nothing in the frame can run.
    expect(frame.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-downloads', 'allow-same-origin']);
    expect(requests[0]?.headers.get('X-Auth-Token')).toBe('session-1');

    render('/viewer/file/f-2/p-9');
    await waitFor(() => expect(screen.getAllByTitle('Shared content').some((element) => element.getAttribute('srcdoc') === gone)).toBe(true));
  });
});
