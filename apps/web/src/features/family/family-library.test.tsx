import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

const ME = '00000000-0000-4000-8000-000000000002';
const AYSE = '00000000-0000-4000-8000-000000000001';
const member = { role: 'MEMBER', status: 'ACTIVE', maxMembers: 5, pool: { quotaBytes: 10, usedBytes: 1, usagePercent: 10 }, me: { usedBytes: 1, limitBytes: null, usagePercent: 10 }, members: [], invitations: [] };
const photo = (uuid: string, name: string) => fileItem({ uuid, name, contentType: 'image/jpeg', takenDate: 1_700_000_000_000 });

describe('family library screen', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('isFamilyMember', 'true');
  });

  it('shows every item with who added it; the adder removes theirs to the trash, not someone else’s', async () => {
    let removed = false;
    const items = [
      { file: photo('00000000-0000-4000-8000-0000000000a1', 'mine.jpg'), addedBy: { accountId: ME, name: 'Can Demir' }, mine: true, canRemove: true },
      { file: photo('00000000-0000-4000-8000-0000000000a2', 'hers.jpg'), addedBy: { accountId: AYSE, name: 'Ayşe Yılmaz' }, mine: false, canRemove: false },
    ];
    const { requests } = renderSignedIn(
      '/main/family-library',
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': () => json({ items: removed ? items.slice(1) : items, next: null }),
        'POST /api/family/library/remove': () => {
          removed = true;
          return json({ removed: 1 });
        },
      },
      accountInfo({ isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' }),
    );
    const user = userEvent.setup();
    const list = await screen.findByTestId('family-library-grid', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(list).getAllByTestId('family-library-item')).toHaveLength(2));
    // Under the day they were taken (one day, in the viewer's own zone), worded as the timeline does.
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([expect.stringMatching(/^\w{3}, November 1[45], 2023$/)]);
    // A photo opens in the viewer.
    await user.click(within(list).getByRole('button', { name: 'Open hers.jpg' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list).getByText('Added by you')).toBeInTheDocument();
    expect(within(list).getByText('Added by Ayşe Yılmaz')).toBeInTheDocument();
    // The tab beside My photos is the current page.
    expect(screen.getByRole('link', { name: 'Family library' })).toHaveAttribute('aria-current', 'page');

    // Someone else's photo: downloadable, not removable.
    await user.click(within(list).getByRole('checkbox', { name: 'Select hers.jpg' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected photos' });
    expect(within(toolbar).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Remove from library' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: 'Select hers.jpg' }));

    await user.click(within(list).getByRole('checkbox', { name: 'Select mine.jpg' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected photos' })).getByRole('button', { name: 'Remove from library' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from library' }));
    await waitFor(() => expect(within(list).getAllByTestId('family-library-item')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/family/library/remove')?.body).toEqual({ uuids: [items[0]!.file.uuid] });
  });

  it('"Upload photos" offers "Add to Family library", on by default here; when on it picks only photos and videos', async () => {
    renderSignedIn(
      '/main/family-library',
      { 'GET /api/family': () => json(member), 'GET /api/family/library': () => json({ items: [], next: null }) },
      accountInfo({ isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' }),
    );
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Add to Family library' }, { timeout: 20_000 });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Everyone in your family will see them; they use the family storage.');
    const input = screen.getByTestId('upload-input');
    await user.click(screen.getByRole('button', { name: 'Upload photos' }));
    expect(input).toHaveAttribute('accept', 'image/*,video/*');
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Upload photos' }));
    expect(input).toHaveAttribute('accept', '');
  });

  it('someone in no family gets no switch', async () => {
    localStorage.removeItem('isFamilyMember');
    renderSignedIn('/main/family-library', { 'GET /api/family': () => json({ ...member, role: null }), 'GET /api/family/library/held': () => json({ items: [] }) });
    expect(await screen.findByTestId('family-library-none', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Add to Family library' })).not.toBeInTheDocument();
  });

  it('someone who left without room finds what they had added, with the date it goes', async () => {
    localStorage.clear();
    renderSignedIn('/main/family-library', {
      'GET /api/family': () => json({ ...member, role: null, status: null }),
      'GET /api/family/library/held': () => json({ items: [{ file: photo('00000000-0000-4000-8000-0000000000a3', 'kept.jpg'), heldUntil: '2026-12-30T10:00:00.000Z' }] }),
    });
    const list = await screen.findByRole('list', { name: 'Photos you added before leaving the family' }, { timeout: 20_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});
