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
