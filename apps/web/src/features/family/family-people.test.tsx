import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { fileItem } from '@/test/file-item';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

const PERSON = '00000000-0000-4000-8000-0000000000b1';
const UNNAMED = '00000000-0000-4000-8000-0000000000b2';
const member = { role: 'MEMBER', status: 'ACTIVE', maxMembers: 5, pool: { quotaBytes: 10, usedBytes: 1, usagePercent: 10 }, me: { usedBytes: 1, limitBytes: null, usagePercent: 10 }, members: [], invitations: [] };
const flags = accountInfo({ isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' });
const photo = (uuid: string, name: string) => fileItem({ uuid, name, contentType: 'image/jpeg', takenDate: 1_700_000_000_000 });
const item = (uuid: string, name: string) => ({ file: photo(uuid, name), addedBy: { accountId: PERSON, name: 'Ayşe Yılmaz' }, mine: false, canRemove: false });

describe('family people and places', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('isFamilyMember', 'true');
  });

  it('the library leads to Family people; a person opens the library filtered to them, and any member names them', async () => {
    let label: string | null = null;
    const person = () => ({ personId: PERSON, label, thumbnailUuid: null, thumbnailUrl: '/api/person/face/t1', photoCount: 2 });
    const { requests } = renderSignedIn(
      '/main/family-library',
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': (req) =>
          json({ items: req.url.searchParams.get('person') === PERSON ? [item('00000000-0000-4000-8000-0000000000a1', 'dede.jpg')] : [], next: null }),
        'GET /api/family/people': () =>
          json({ people: [person(), { personId: UNNAMED, label: 'Anneanne', thumbnailUuid: null, thumbnailUrl: null, photoCount: 1 }], total: 2, pageNumber: 0, pageSize: 500 }),
        [`GET /api/family/people/${PERSON}`]: () => json(person()),
        [`PUT /api/family/people/${PERSON}/label`]: (req) => {
          label = (req.body as { label: string }).label;
          return json(person());
        },
      },
      flags,
    );
    const user = userEvent.setup();
    const browse = await screen.findByRole('navigation', { name: 'Browse the family library' }, { timeout: 20_000 });
    expect(within(browse).getByRole('link', { name: 'Family places' })).toHaveAttribute('href', '/main/family-library/places');
    await user.click(within(browse).getByRole('link', { name: 'Family people' }));

    const list = await screen.findByRole('list', { name: 'Family people' }, { timeout: 20_000 });
    expect(screen.getByRole('region', { name: 'Family people' })).toContainElement(list);
    const cards = within(list).getAllByRole('link');
    // Named by their visible text: the name, then the count.
    const shown = (c: HTMLElement) => Array.from(c.querySelectorAll('bdi'), (b) => b.textContent);
    expect(cards.map(shown)).toEqual([['Unnamed person', 'Photos: 2'], ['Anneanne', 'Photos: 1']]);
    expect(cards.every((c) => !c.hasAttribute('aria-label'))).toBe(true);
    await user.click(cards[0]!);

    // The library, filtered: the person's photos under their (missing) name, with a way back to the people.
    expect(await screen.findByRole('heading', { level: 1, name: 'Unnamed person' }, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('family-library-item')).toHaveLength(1));
    expect(requests.some((r) => r.url.pathname === '/api/family/library' && r.url.searchParams.get('person') === PERSON)).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to family people' })).toHaveAttribute('href', '/main/family-library/people');

    await user.click(screen.getByRole('button', { name: 'Add a name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name this person' });
    expect(dialog).toHaveAccessibleDescription('Everyone in your family will see this name. Names in your own People stay private.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dede');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dede' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ label: 'Dede' });
  });

  it('"Merge with…" on a family person picks another family person, asks, merges and opens the survivor', async () => {
    const people = [
      { personId: PERSON, label: null, thumbnailUuid: null, thumbnailUrl: null, photoCount: 2 },
      { personId: UNNAMED, label: 'Anneanne', thumbnailUuid: null, thumbnailUrl: null, photoCount: 1 },
    ];
    const { requests } = renderSignedIn(
      `/main/family-library?person=${PERSON}`,
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': () => json({ items: [], next: null }),
        'GET /api/family/people': () => json({ people, total: people.length, pageNumber: 0, pageSize: 500 }),
        [`GET /api/family/people/${PERSON}`]: () => json(people[0]),
        [`GET /api/family/people/${UNNAMED}`]: () => json({ ...people[1], photoCount: 3 }),
        [`POST /api/family/people/${PERSON}/merge`]: () => json({ ...people[1], photoCount: 3 }),
      },
      flags,
    );
    const user = userEvent.setup();
    const actions = await screen.findByRole('toolbar', { name: 'Person actions' }, { timeout: 20_000 });
    await user.click(within(actions).getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Unnamed person with…' });
    // The person itself is not offered.
    expect(within(dialog).queryByRole('button', { name: /^Unnamed person/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Anneanne/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge Unnamed person into Anneanne?' });
    expect(confirm).toHaveAccessibleDescription('The photos of both come together under Anneanne, for everyone in your family.');
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anneanne' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/merge'))?.body).toEqual({ into: UNNAMED });
    expect(await screen.findByText('People merged.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Not this person" takes selected photos, then the one in the viewer, out of the family person', async () => {
    const A1 = '00000000-0000-4000-8000-0000000000a1';
    const A2 = '00000000-0000-4000-8000-0000000000a2';
    let left = [item(A1, 'dede.jpg'), item(A2, 'kuzen.jpg')];
    const person = () => ({ personId: PERSON, label: 'Dede', thumbnailUuid: null, thumbnailUrl: null, photoCount: left.length });
    const { requests } = renderSignedIn(
      `/main/family-library?person=${PERSON}`,
      {
        'GET /api/family': () => json(member),
        'GET /api/family/library': () => json({ items: left, next: null }),
        'GET /api/family/people': () => json({ people: left.length > 0 ? [person()] : [], total: left.length > 0 ? 1 : 0, pageNumber: 0, pageSize: 500 }),
        [`GET /api/family/people/${PERSON}`]: () => json(person()),
        [`POST /api/family/people/${PERSON}/not-this-person`]: (req) => {
          const gone = (req.body as { uuids: string[] }).uuids;
          left = left.filter((i) => !gone.includes(i.file.uuid));
          return json({ person: left.length > 0 ? person() : null });
        },
      },
      flags,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('family-library-item')).toHaveLength(2), { timeout: 20_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select kuzen.jpg' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Not this person' }));
    await waitFor(() => expect(screen.getAllByTestId('family-library-item')).toHaveLength(1));
    expect(requests.find((r) => r.url.pathname.endsWith('/not-this-person'))?.body).toEqual({ uuids: [A2] });
    expect(await screen.findByText('Taken out of this person: 1')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selected photos' })).not.toBeInTheDocument();
    // The counts follow: the person is read again.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/family/people/${PERSON}`).length).toBeGreaterThan(1));

    // The last photo, from the viewer's menu: the person is gone, and the people page opens.
    await user.click(screen.getByRole('button', { name: 'Open dede.jpg' }));
    await user.click(await screen.findByRole('button', { name: 'More actions' }, { timeout: 20_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Not this person' }));
    expect(await screen.findByRole('region', { name: 'Family people' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('No photos of this person are left.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.endsWith('/not-this-person')).map((r) => r.body)).toEqual([{ uuids: [A2] }, { uuids: [A1] }]);
  });

  it('Family places lists the places by city with their counts; a place opens the library filtered to it', async () => {
    const places = [
      { key: 'TR-745044', name: 'Istanbul', nameEn: 'Istanbul', country: 'Türkiye', countryCode: 'TR', latitude: 41, longitude: 29, photoCount: 3, coverPhoto: null },
      { key: 'GE', name: 'Georgia', nameEn: 'Georgia', country: 'Georgia', countryCode: 'GE', latitude: 42, longitude: 43, photoCount: 1, coverPhoto: null },
    ];
    const { requests } = renderSignedIn(
      '/main/family-library/places',
      {
        'GET /api/family': () => json(member),
        'GET /api/family/places': () => json({ places, total: 2, pageNumber: 0, pageSize: 500 }),
        'GET /api/family/library': () => json({ items: [], next: null }),
      },
      flags,
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Family places' }, { timeout: 20_000 });
    const cards = within(list).getAllByRole('link');
    // A country-only place does not repeat its country.
    expect(cards.map((c) => Array.from(c.querySelectorAll('bdi'), (b) => b.textContent))).toEqual([['Istanbul', 'Türkiye · Photos: 3'], ['Georgia', 'Photos: 1']]);
    await user.click(cards[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Istanbul' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('No photos here')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/family/library' && r.url.searchParams.get('place') === 'TR-745044')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to family places' })).toHaveAttribute('href', '/main/family-library/places');
  });

  it('someone outside a family is told so on Family people (the server answers 404)', async () => {
    renderSignedIn(
      '/main/family-library/people',
      { 'GET /api/family/people': () => json({ status: 'NOT_FOUND', message: 'You are not in a family.' }, { status: 404 }) },
      flags,
    );
    expect(await screen.findByTestId('family-error', {}, { timeout: 20_000 })).toHaveTextContent('Not found.');
    expect(screen.queryByRole('list', { name: 'Family people' })).not.toBeInTheDocument();
  });
});
