import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import { renderRoutes } from '@/test/render';

const TOKEN = 'tok-live';
const LINK = `/sharedAlbum?token=${TOKEN}`;

const photos = [
  fileItem({ uuid: 'p-1', name: 'park.jpg', contentType: 'image/jpeg', width: 400, height: 300, thumbnailUrl: '/api/media/thumb/p-1' }),
  fileItem({ uuid: 'p-2', name: 'beach.jpg', contentType: 'image/jpeg', width: 400, height: 300, thumbnailUrl: '/api/media/thumb/p-2' }),
];

const info = (fields: Record<string, unknown> = {}) => ({
  name: 'Ayşe',
  nameShown: true,
  contentType: 'album/person',
  isAlbum: true,
  isFolder: false,
  itemCount: 2,
  ownerName: 'Deniz Kaya',
  expirationDate: null,
  hasPassword: false,
  createdDate: '2026-11-20T10:00:00Z',
  ...fields,
});

function server(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /api/share/visitor': () => json(info()),
    'GET /api/share/visitor/files': () => json({ fileList: photos, totalCount: 2, folder: null, path: [] }),
    'GET /api/captcha/required': () => json({ captchaRequired: false }),
    ...extra,
  });
}

function render(path = LINK) {
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: [path] });
}

describe('a live person or place link for a visitor', () => {
  it('shows the person’s name and photos without a session, sending the token only in X-Share-Token', async () => {
    const { requests } = { ...server(), ...render() };
    // The first screen of the file loads its lazy chunks: more than the default wait on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Ayşe' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Shared by Deniz Kaya')).toBeInTheDocument();
    expect(screen.getByText('Photos: 2')).toBeInTheDocument();
    expect(screen.getByText('New photos of this person appear here as they are added.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'park.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to my Bulut' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all' })).toBeInTheDocument();
    const visitorCalls = requests.filter((request) => request.url.pathname.startsWith('/api/share/visitor'));
    expect(visitorCalls.length).toBeGreaterThan(0);
    for (const call of visitorCalls) {
      expect(call.headers.get('X-Share-Token')).toBe(TOKEN);
      expect(call.headers.get('X-Auth-Token')).toBeNull();
      expect(call.url.search).not.toContain(TOKEN);
    }
  });

  it('keeps the name to the owner when they chose so: a neutral title instead', async () => {
    server({ 'GET /api/share/visitor': () => json(info({ name: '', nameShown: false, contentType: 'album/location' })) });
    render();
    expect(await screen.findByRole('heading', { name: 'Photos shared with you' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('New photos from this place appear here as they are added.')).toBeInTheDocument();
    expect(screen.queryByText('Ayşe')).toBeNull();
  });

  it('asks for the password of a protected link, then shows the photos with the proof', async () => {
    let unlocked = false;
    const { user } = {
      ...server({
        'GET /api/share/visitor': ({ headers }) =>
          headers.get('X-Share-Unlock') === 'proof-1' ? json(info()) : json({ status: 'SHARE_PASSWORD_REQUIRED', message: 'Password required.' }, { status: 403 }),
        'POST /api/share/visitor/unlock': ({ body }) => {
          unlocked = (body as { password: string }).password === 'kapı';
          return unlocked ? json({ unlock: 'proof-1' }) : json({ status: 'SHARE_PASSWORD_INVALID', message: 'Wrong password.' }, { status: 403 });
        },
      }),
      ...render(),
    };
    const field = await screen.findByLabelText('Password', {}, { timeout: 15_000 });
    await user.type(field, 'yanlış');
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'kapı');
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    expect(await screen.findByRole('heading', { name: 'Ayşe' })).toBeInTheDocument();
    expect(unlocked).toBe(true);
  });

  it('answers an expired, revoked or unknown link with one message', async () => {
    server({ 'GET /api/share/visitor': () => json({ status: 'NOT_FOUND', message: 'This link does not exist or has expired.' }, { status: 404 }) });
    render();
    expect(await screen.findByRole('heading', { name: 'This link does not work' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
