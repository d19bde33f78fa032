import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import type { ShareTarget } from '@/media/slots';
import { json, mockFetch } from '@/test/fetch-mock';
import type { FileAcl } from '../api';
import { ShareDialog } from '../share-dialog.public';

const FOLDER: ShareTarget = { kind: 'items', items: [{ uuid: 'f-1', projectId: 'p-1', name: 'Tatil', folder: true }] };

function link(overrides: Record<string, unknown> = {}) {
  return {
    uuid: 'l-1',
    url: '/sharedFiles?token=abc',
    isAlbum: false,
    contentType: null,
    showName: true,
    fileUuidList: ['f-1'],
    name: 'Tatil',
    itemCount: 1,
    items: [],
    expirationDate: null,
    hasPassword: false,
    createdDate: '2026-11-20T10:00:00.000Z',
    expired: false,
    ...overrides,
  };
}

function Harness({ target }: { target: ShareTarget }) {
  const [open, setOpen] = useState(true);
  return <ShareDialog open={open} target={target} onOpenChange={setOpen} />;
}

/** `links`: what GET /share/public lists (left out: the call fails, as before the dialog looked links up). */
function setup(target: ShareTarget = FOLDER, links?: ReturnType<typeof link>[]) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  let acl: FileAcl[] = [{ subjectType: 'USER', subjectId: 'me', name: 'Deniz Kaya', identifier: 'deniz@example.com', role: 'OWNER', expirationDate: null }];
  const { requests } = mockFetch({
    'POST /api/v2/share/public': () => json(link()),
    'POST /api/share/public/showName': ({ body }) => json(link({ showName: (body as { showName: boolean }).showName })),
    'POST /api/share/public/updateExpirationDate': ({ body }) => json(link({ expirationDate: (body as { expirationDate: string | null }).expirationDate })),
    'DELETE /api/share/public': ({ body }) => {
      const gone = (body as { uuids: string[] }).uuids;
      if (links) links = links.filter((l) => !gone.includes(l.uuid));
      return new Response(null, { status: 204 });
    },
    ...(links ? { 'GET /api/share/public': () => json({ items: links, totalCount: links!.length }) } : {}),
    'GET /api/invitees': () => json({ items: [{ identifier: 'ali@example.com', name: 'Ali Veli', lastSharedDate: '2026-11-01T00:00:00.000Z' }] }),
    'GET /api/share/private/invite/suggested-invitees': () => json({ items: [{ identifier: 'ali@example.com', name: 'Ali Veli', lastSharedDate: '2026-11-01T00:00:00.000Z' }] }),
    'GET /api/v2/files/p-1/f-1/acls': () => json({ items: acl }),
    'DELETE /api/v2/files/p-1/f-1/acls': () => {
      acl = acl.slice(0, 1);
      return new Response(null, { status: 204 });
    },
    'POST /api/shares': ({ body }) => {
      const { invitees, type } = body as { invitees: string[]; type: string };
      acl = [...acl, ...invitees.map((identifier, i): FileAcl => ({ subjectType: 'INVITATION', subjectId: `s-${i}`, name: null, identifier, role: type as FileAcl['role'], expirationDate: null }))];
      return json({ shares: [] });
    },
  });
  render(
    <Provider store={createAppStore()}>
      <Harness target={target} />
      <ToastHost />
    </Provider>,
  );
  return { requests, user: userEvent.setup() };
}

describe('ShareDialog', () => {
  it('creates the public link, shows its full address, sets an end date and stops sharing after a confirmation', async () => {
    const { requests, user } = setup(FOLDER, []);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Tatil”' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Link address' })).toHaveValue(`${window.location.origin}/sharedFiles?token=abc`);
    expect(requests.find((r) => r.url.pathname === '/api/v2/share/public')?.body).toEqual({ fileUuidList: ['f-1'], isAlbum: false });

    const day = within(dialog).getByLabelText('Last day');
    await user.type(day, '2099-03-09');
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/share/public/updateExpirationDate')).toBe(true));
    const sent = requests.find((r) => r.url.pathname === '/api/share/public/updateExpirationDate')!.body as { uuid: string; expirationDate: string };
    expect(sent.uuid).toBe('l-1');
    expect(new Date(sent.expirationDate).getDate()).toBe(9);

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE' && r.url.pathname === '/api/share/public')?.body).toEqual({ uuids: ['l-1'] });
  });

  it('shows the link the folder already has, with copy, expiry, password and stop sharing, and never offers to create it again', async () => {
    const { requests, user } = setup(FOLDER, [
      link({ uuid: 'l-other', url: '/sharedFiles?token=other', fileUuidList: ['f-1', 'f-2'] }),
      link({ uuid: 'l-old', url: '/sharedFiles?token=old', expired: true }),
      link({ uuid: 'l-1', url: '/sharedFiles?token=abc', expirationDate: '2099-03-09T20:59:59.999Z', hasPassword: true }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Tatil”' });
    expect(await within(dialog).findByRole('textbox', { name: 'Link address' })).toHaveValue(`${window.location.origin}/sharedFiles?token=abc`);
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2099-03-09');
    expect(within(dialog).getByRole('button', { name: 'Remove password' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v2/share/public')).toBe(false);
    const listed = requests.find((r) => r.method === 'GET' && r.url.pathname === '/api/share/public')!;
    expect(Object.fromEntries(listed.url.searchParams)).toMatchObject({ page: '0', size: '100' });

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE' && r.url.pathname === '/api/share/public')?.body).toEqual({ uuids: ['l-1'] });
  });

  it('offers to create a link when the folder has none yet', async () => {
    setup(FOLDER, [link({ uuid: 'l-other', fileUuidList: ['f-9'] })]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Tatil”' });
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Link address' })).toBeNull();
  });

  it('invites typed and suggested people as chips with a role, and lists them under who has access', async () => {
    const { requests, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Share “Tatil”' });
    const box = within(dialog).getByRole('textbox', { name: 'E-mail addresses or phone numbers' });
    await user.type(box, 'not-a-person{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('“not-a-person” is not an e-mail address or a phone number.');
    await user.clear(box);
    await user.type(box, '0532 123 45 67,');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Ali Veli (ali@example.com)' }));
    expect(within(dialog).getAllByTestId('invitee-chip').map((chip) => chip.textContent)).toEqual(['+905321234567', 'Ali Veli']);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Permission' }), 'EDITOR');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Access for' }), 'P7D');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitations sent: 2.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/shares')?.body).toEqual({
      items: ['f-1'],
      invitees: ['+905321234567', 'ali@example.com'],
      type: 'EDITOR',
      duration: 'P7D',
    });
    const access = within(dialog).getByRole('list', { name: 'Who has access' });
    await waitFor(() => expect(within(access).getAllByTestId('access-row')).toHaveLength(3));
    expect(within(dialog).queryAllByTestId('invitee-chip')).toHaveLength(0);

    await user.click(within(access).getByRole('button', { name: 'Remove access for +905321234567' }));
    await waitFor(() => expect(within(access).getAllByTestId('access-row')).toHaveLength(1));
    const removal = requests.find((r) => r.method === 'DELETE' && r.url.pathname === '/api/v2/files/p-1/f-1/acls')!;
    expect(Object.fromEntries(removal.url.searchParams)).toEqual({ subjectType: 'INVITATION', subjectId: 's-0' });
  });

  it('offers an album its link only, and says so', async () => {
    const { requests, user } = setup({ kind: 'album', uuid: 'al-1', name: 'Yaz' }, [link({ uuid: 'l-photos', fileUuidList: ['al-1'] })]);
    const dialog = await screen.findByRole('dialog', { name: 'Share the album “Yaz”' });
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail addresses or phone numbers' })).toBeNull();
    expect(dialog).toHaveTextContent('An album is shared by link only.');
    // A link to the items of that id is not the album's link.
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Link address' });
    expect(requests.find((r) => r.url.pathname === '/api/v2/share/public')?.body).toEqual({ fileUuidList: ['al-1'], isAlbum: true });
  });

  it('shares a person by a live link, with or without their name for the visitors', async () => {
    const { requests, user } = setup({ kind: 'person', uuid: 'pe-1', name: 'Ayşe' }, [link({ uuid: 'l-album', isAlbum: true, contentType: 'album/photo', fileUuidList: ['pe-1'] })]);
    const dialog = await screen.findByRole('dialog', { name: 'Share the photos of “Ayşe”' });
    expect(dialog).toHaveTextContent('A person is shared by link only.');
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail addresses or phone numbers' })).toBeNull();
    // The user album's link with the same id is not the person's.
    const showName = await within(dialog).findByRole('checkbox', { name: 'Show the person’s name to visitors' });
    expect(showName).toBeChecked();
    await user.click(showName);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Link address' });
    expect(requests.find((r) => r.url.pathname === '/api/v2/share/public')?.body).toEqual({
      fileUuidList: ['pe-1'],
      isAlbum: true,
      contentType: 'album/person',
      showName: false,
    });
    // Once the link exists, the box changes it at once.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show the person’s name to visitors' }));
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/share/public/showName')?.body).toEqual({ uuid: 'l-1', showName: false }));
  });
});
