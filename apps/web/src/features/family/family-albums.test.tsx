import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

const ME = '00000000-0000-4000-8000-000000000002';
const AYSE = '00000000-0000-4000-8000-000000000001';
const ALBUM = '00000000-0000-4000-8000-0000000000c1';
const member = { role: 'MEMBER', status: 'ACTIVE', maxMembers: 5, pool: { quotaBytes: 10, usedBytes: 1, usagePercent: 10 }, me: { usedBytes: 1, limitBytes: null, usagePercent: 10 }, members: [], invitations: [] };
const flags = accountInfo({ isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' });
const photo = (uuid: string, name: string) => fileItem({ uuid, name, contentType: 'image/jpeg', takenDate: 1_700_000_000_000 });
const p1 = photo('00000000-0000-4000-8000-0000000000a1', 'deniz.jpg');
const p2 = photo('00000000-0000-4000-8000-0000000000a2', 'dag.jpg');
const p3 = photo('00000000-0000-4000-8000-0000000000a3', 'orman.jpg');

function albumOf(extra: Record<string, unknown> = {}) {
  return {
    id: ALBUM,
    name: 'Bayram',
    itemCount: 2,
    cover: p1,
    coverFileId: null,
    createdBy: { accountId: AYSE, name: 'Ayşe Yılmaz' },
    createdAt: '2026-11-30T10:00:00.000Z',
    modifiedAt: '2026-11-30T10:00:00.000Z',
    canDelete: false,
    ...extra,
  };
}

describe('family albums', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('isFamilyMember', 'true');
  });

  it('lists the family’s albums from the library’s entry; a member creates one and lands on it', async () => {
    let made = false;
    const { requests } = renderSignedIn(
      '/main/family-library',
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': () => json({ items: [], next: null }),
        'GET /api/family/albums': () => json({ albums: made ? [albumOf(), albumOf({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Yaz', itemCount: 0, cover: null, canDelete: true })] : [albumOf()] }),
        'POST /api/family/albums': () => {
          made = true;
          return json(albumOf({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Yaz', itemCount: 0, cover: null, canDelete: true, createdBy: { accountId: ME, name: 'Can Demir' } }));
        },
        'GET /api/family/albums/00000000-0000-4000-8000-0000000000c2': () =>
          json(albumOf({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Yaz', itemCount: 0, cover: null, canDelete: true, createdBy: { accountId: ME, name: 'Can Demir' } })),
        'GET /api/family/albums/00000000-0000-4000-8000-0000000000c2/items': () => json({ items: [], next: null }),
      },
      flags,
    );
    const user = userEvent.setup();
    const browse = await screen.findByTestId('family-library-browse', {}, { timeout: 20_000 });
    await user.click(within(browse).getByRole('link', { name: 'Family albums' }));
    const list = await screen.findByRole('list', { name: 'Family albums' }, { timeout: 20_000 });
    // A card is a link named by the album's name and count.
    expect(within(list).getByRole('link', { name: /Bayram\s*Photos: 2/ })).toHaveAttribute('href', `/main/family-library/albums/${ALBUM}`);

    await user.click(screen.getByRole('button', { name: 'Create album' }));
    const dialog = await screen.findByRole('dialog', { name: 'New family album' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Album name' }), '  Yaz ');
    await user.click(create);
    expect(await screen.findByRole('heading', { level: 1, name: 'Yaz' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/family/albums')?.body).toEqual({ name: 'Yaz' });
    expect(await screen.findByTestId('family-album-empty')).toBeInTheDocument();
    // Its creator may delete it.
    expect(screen.getByRole('button', { name: 'Delete album' })).toBeInTheDocument();
  });

  it('an album shows its items with who added them; a member adds from the library, removes and renames, but cannot delete another’s album', async () => {
    let items = [
      { file: p1, addedBy: { accountId: AYSE, name: 'Ayşe Yılmaz' }, mine: false },
      { file: p2, addedBy: { accountId: ME, name: 'Can Demir' }, mine: true },
    ];
    let name = 'Bayram';
    const { requests } = renderSignedIn(
      `/main/family-library/albums/${ALBUM}`,
      {
        'GET /api/family': () => json(member),
        [`GET /api/family/albums/${ALBUM}`]: () => json(albumOf({ name, itemCount: items.length })),
        [`GET /api/family/albums/${ALBUM}/items`]: () => json({ items, next: null }),
        'GET /api/family/library': () =>
          json({ items: [p1, p2, p3].map((file) => ({ file, addedBy: { accountId: AYSE, name: 'Ayşe Yılmaz' }, mine: false, canRemove: false })), next: null }),
        [`POST /api/family/albums/${ALBUM}/add`]: () => {
          items = [...items, { file: p3, addedBy: { accountId: AYSE, name: 'Ayşe Yılmaz' }, mine: false }];
          return json(albumOf({ itemCount: items.length }));
        },
        [`POST /api/family/albums/${ALBUM}/remove`]: () => {
          items = items.filter((i) => i.file.uuid !== p1.uuid);
          return json({ removed: 1 });
        },
        [`PATCH /api/family/albums/${ALBUM}`]: (r) => {
          const body = r.body as { name?: string; coverFileId?: string };
          if (body.name) name = body.name;
          return json(albumOf({ name, coverFileId: body.coverFileId ?? null }));
        },
      },
      flags,
    );
    const user = userEvent.setup();
    const grid = await screen.findByRole('list', { name: 'Bayram' }, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getAllByTestId('family-library-item')).toHaveLength(2));
    expect(within(grid).getByText('Added by Ayşe Yılmaz')).toBeInTheDocument();
    expect(within(grid).getByText('Added by you')).toBeInTheDocument();
    expect(screen.getByText('Photos: 2 · Created by Ayşe Yılmaz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete album' })).not.toBeInTheDocument();

    // "Add photos" offers the library's items not in the album yet.
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const picker = await screen.findByRole('dialog', { name: 'Add photos from the family library' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(picker).getByRole('checkbox', { name: 'Select orman.jpg' }));
    await user.click(within(picker).getByRole('button', { name: 'Add (1)' }));
    await waitFor(() => expect(within(grid).getAllByTestId('family-library-item')).toHaveLength(3));
    expect(requests.find((r) => r.url.pathname === `/api/family/albums/${ALBUM}/add`)?.body).toEqual({ uuids: [p3.uuid] });

    // Remove from the album (not from the library).
    await user.click(within(grid).getByRole('checkbox', { name: 'Select deniz.jpg' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected photos' })).getByRole('button', { name: 'Remove from album' }));
    await waitFor(() => expect(within(grid).getAllByTestId('family-library-item')).toHaveLength(2));
    expect(requests.find((r) => r.url.pathname === `/api/family/albums/${ALBUM}/remove`)?.body).toEqual({ uuids: [p1.uuid] });
    expect(requests.some((r) => r.url.pathname === '/api/family/library/remove')).toBe(false);

    // One selected photo becomes the cover.
    await user.click(within(grid).getByRole('checkbox', { name: 'Select dag.jpg' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected photos' })).getByRole('button', { name: 'Use as cover' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ coverFileId: p2.uuid }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected photos' })).not.toBeInTheDocument());

    // Rename.
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename album' });
    const field = within(rename).getByRole('textbox', { name: 'Album name' });
    await user.clear(field);
    await user.type(field, 'Bayram 2026');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bayram 2026' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ name: 'Bayram 2026' });
  });

  it('the album’s creator deletes it and goes back to the albums', async () => {
    let gone = false;
    renderSignedIn(
      `/main/family-library/albums/${ALBUM}`,
      {
        'GET /api/family': () => json(member),
        [`GET /api/family/albums/${ALBUM}`]: () => json(albumOf({ canDelete: true })),
        [`GET /api/family/albums/${ALBUM}/items`]: () => json({ items: [], next: null }),
        [`DELETE /api/family/albums/${ALBUM}`]: () => {
          gone = true;
          return json({ ok: true });
        },
        'GET /api/family/albums': () => json({ albums: gone ? [] : [albumOf()] }),
      },
      flags,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete album' }, { timeout: 20_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the album “Bayram”?' });
    expect(confirm).toHaveAccessibleDescription('The album is deleted for everyone in your family. Its photos stay in the family library.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete album' }));
    expect(await screen.findByTestId('family-albums-empty', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(gone).toBe(true);
  });

  it('"Add to family album" from the library’s selection puts the photos in the chosen album', async () => {
    const { requests } = renderSignedIn(
      '/main/family-library',
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': () => json({ items: [{ file: p1, addedBy: { accountId: AYSE, name: 'Ayşe Yılmaz' }, mine: false, canRemove: false }], next: null }),
        'GET /api/family/albums': () => json({ albums: [albumOf()] }),
        [`POST /api/family/albums/${ALBUM}/add`]: () => json(albumOf({ itemCount: 3 })),
      },
      flags,
    );
    const user = userEvent.setup();
    const list = await screen.findByTestId('family-library-grid', {}, { timeout: 20_000 });
    await user.click(await within(list).findByRole('checkbox', { name: 'Select deniz.jpg' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected photos' })).getByRole('button', { name: 'Add to family album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a family album' });
    await user.click(await within(dialog).findByRole('radio', { name: /Bayram/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requests.find((r) => r.url.pathname === `/api/family/albums/${ALBUM}/add`)?.body).toEqual({ uuids: [p1.uuid] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
