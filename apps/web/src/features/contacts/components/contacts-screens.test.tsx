import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const V1 = { id: '018f0000-0000-7000-8000-000000000001', createdAt: Date.UTC(2026, 10, 2, 9, 5), count: 2, source: 'IMPORT', current: false };
const V2 = { id: '018f0000-0000-7000-8000-000000000002', createdAt: Date.UTC(2026, 10, 20, 18, 30), count: 3, source: 'IMPORT', current: true };

const contact = (id: string, name: string, phone: string, email = '') => ({
  id,
  name,
  firstname: name.split(' ')[0],
  lastname: name.split(' ')[1] ?? '',
  phones: [phone],
  emails: email ? [email] : [],
});
const PEOPLE = [contact('c-1', 'Ayşe Yılmaz', '+90 532 123 45 67', 'ayse@example.com'), contact('c-2', 'İsmail İnce', '05321112233'), contact('c-3', 'Zeynep Kaya', '05001112233')];

function setup(path: string, extra: Record<string, MockHandler> = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  let versions = [V2, V1];
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/contacts/backup_version': () => json({ data: { items: versions } }),
    [`POST /api/contacts/backup_version/${V1.id}/restore`]: () => {
      const restored = { ...V1, id: '018f0000-0000-7000-8000-000000000003', source: 'RESTORE', current: true, createdAt: Date.UTC(2026, 10, 21, 8, 0) };
      versions = [restored, { ...V2, current: false }, V1];
      return json({ data: restored });
    },
    'POST /api/contacts/backup_version/import': () =>
      json({ data: { version: { ...V2, id: '018f0000-0000-7000-8000-000000000004' }, added: 2, merged: 1, skipped: [{ line: 14, reason: 'NO_VALUE', message: 'Line 14: a property without a value ("BROKEN").' }], warnings: [] } }),
    [`GET /api/contacts/backup_version/${V2.id}`]: ({ url }) => json({ data: { items: url.searchParams.get('currentPage') === '1' ? PEOPLE : [] } }),
    'GET /api/contacts/search': ({ url }) => {
      const q = url.searchParams.get('query')!.toLocaleLowerCase('tr');
      const items = PEOPLE.filter((p) => p.name.toLocaleLowerCase('tr').includes(q));
      return json({ data: { items, totalCount: items.length } });
    },
    [`GET /api/contacts/backup_version/${V2.id}/contact/c-1`]: () =>
      json({
        data: {
          ...PEOPLE[0],
          etag: 'e',
          nickname: '',
          phones: [{ types: ['CELL'], label: 'Mobile', value: '+90 532 123 45 67' }],
          emails: [{ types: ['HOME'], label: 'Home', value: 'ayse@example.com' }],
          urls: [],
          addresses: [{ types: ['HOME'], label: 'Home', poBox: '', extended: '', street: 'Atatürk Cad. 5', locality: 'İstanbul', region: '', postalCode: '34000', country: 'Türkiye' }],
          organization: 'Bulut A.Ş.',
          title: '',
          birthday: '1990-05-17',
          note: '',
          photo: null,
        },
      }),
    ...extra,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), ...server };
}

describe('contacts backup', () => {
  it('lists the versions with date, count and origin; imports a .vcf and reports skipped cards by line', async () => {
    const { requests } = setup('/main/contacts');
    const list = await screen.findByRole('list', { name: 'Contact backups' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Contacts: 3 · Import');
    expect(rows[0]).toHaveTextContent('Current');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/main/contacts/${V1.id}?date=${V1.createdAt}&count=2`);

    const file = new File(['BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n'], 'contacts.vcf', { type: 'text/x-vcard' });
    await userEvent.upload(screen.getByLabelText('Import (.vcf)'), file);
    expect(await screen.findByText('Imported: 2 new, 1 merged with contacts already there.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/contacts/backup_version/import')!;
    expect(post.headers.get('content-type')).toBe('text/vcard');
    expect(post.body).toBe(file);
    fireEvent.click(screen.getByText('Cards left out or shortened: 1'));
    expect(screen.getByText('Line 14: a line without a value; the card was left out.')).toBeInTheDocument();
  });

  it('restores an older version after confirming; the list shows it as the current one', async () => {
    setup('/main/contacts');
    const list = await screen.findByRole('list', { name: 'Contact backups' });
    const older = within(list).getAllByRole('listitem')[1]!;
    // The current version has nothing to restore.
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    await userEvent.click(within(older).getByRole('button', { name: /^Restore/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The backup was restored as your current contacts.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Contact backups' })).getAllByRole('listitem')).toHaveLength(3));
    expect(within(screen.getByRole('list', { name: 'Contact backups' })).getAllByRole('listitem')[0]).toHaveTextContent('Restore');
  });

  it('shows a version: back link, date and count, the table; searches from 2 characters in the version and clears', async () => {
    const { requests } = setup(`/main/contacts/${V2.id}?date=${V2.createdAt}&count=3`);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone number', 'E-mail']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/main/contacts');
    expect(screen.getByRole('heading', { name: /^Backup of \d{2}\.\d{2}\.2026 - \d{2}:\d{2}$/ })).toBeInTheDocument();
    expect(screen.getByText('Contacts: 3')).toBeInTheDocument();
    const first = requests.find((r) => r.url.pathname === `/api/contacts/backup_version/${V2.id}`)!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ sortField: 'firstname', sortOrder: 'ASC', currentPage: '1', maxResult: '100' });
    // 3 contacts: 100 × page 1 > 3, so no second page is asked for.
    expect(requests.filter((r) => r.url.pathname === `/api/contacts/backup_version/${V2.id}`)).toHaveLength(1);

    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    await userEvent.type(box, 'i');
    expect(requests.some((r) => r.url.pathname === '/api/contacts/search')).toBe(false);
    await userEvent.type(box, 'sm');
    expect(await screen.findByText('Results: 1')).toBeInTheDocument();
    const search = requests.find((r) => r.url.pathname === '/api/contacts/search')!;
    expect(search.url.searchParams.get('query')).toBe('ism');
    expect(search.url.searchParams.get('versionId')).toBe(V2.id);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByText(/^Results:/)).not.toBeInTheDocument();
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(4);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'nobody');
    expect(await screen.findByRole('group', { name: 'No contacts' })).toBeInTheDocument();
  });

  it('loads the next page near the bottom only while 100 × page ≤ the count from the query', async () => {
    const many = Array.from({ length: 100 }, (_, i) => contact(`m-${i}`, `Kişi ${String(i).padStart(3, '0')}`, `0500${i}`));
    const { requests } = setup(`/main/contacts/${V2.id}?date=${V2.createdAt}&count=150`, {
      [`GET /api/contacts/backup_version/${V2.id}`]: ({ url }) => json({ data: { items: url.searchParams.get('currentPage') === '1' ? many : many.slice(0, 50).map((c) => ({ ...c, id: `p2-${c.id}` })) } }),
    });
    const scroller = await screen.findByTestId('contacts-scroller');
    const pageCalls = () => requests.filter((r) => r.url.pathname === `/api/contacts/backup_version/${V2.id}`).map((r) => r.url.searchParams.get('currentPage'));
    Object.defineProperties(scroller, { scrollHeight: { value: 5000, configurable: true }, clientHeight: { value: 500, configurable: true } });
    // 20 px from the bottom: not yet.
    scroller.scrollTop = 4480;
    fireEvent.scroll(scroller);
    expect(pageCalls()).toEqual(['1']);
    // Within 10 px: page 2 (100 × 1 ≤ 150).
    scroller.scrollTop = 4495;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(151));
    // 100 × 2 > 150: no page 3, however often the bottom is reached.
    await new Promise((r) => setTimeout(r, 350));
    fireEvent.scroll(scroller);
    expect(pageCalls()).toEqual(['1', '2']);
  });

  it('opens a contact’s full card', async () => {
    setup(`/main/contacts/${V2.id}?date=${V2.createdAt}&count=3`);
    await userEvent.click(await screen.findByRole('button', { name: 'Ayşe Yılmaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayşe Yılmaz' });
    expect(await within(dialog).findByText('Atatürk Cad. 5, 34000 İstanbul, Türkiye')).toBeInTheDocument();
    expect(within(dialog).getByText('1990-05-17')).toBeInTheDocument();
    expect(within(dialog).getByText('Bulut A.Ş.')).toBeInTheDocument();
    // Each phone with its type as the server names it in the account's language.
    expect(within(dialog).getByText('+90 532 123 45 67').closest('dd')).toHaveTextContent('Mobile +90 532 123 45 67');
  });

  it('shows WEB_NO_CONTACTS for an empty version', async () => {
    setup(`/main/contacts/${V1.id}?date=${V1.createdAt}&count=0`, {
      [`GET /api/contacts/backup_version/${V1.id}`]: () => json({ data: { items: [] } }),
    });
    expect(await screen.findByRole('group', { name: 'No contacts' })).toBeInTheDocument();
  });
});
