import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { discoverTestServer, personFixture } from '../discover.fixtures';

const PEOPLE = [
  personFixture('pe-1', 'Ayşe', { photoCount: 9 }),
  personFixture('pe-2', 'Mehmet', { photoCount: 4 }),
  personFixture('pe-3', 'Old friend', { status: 'HIDDEN' }),
];

function setup(initial: Parameters<typeof discoverTestServer>[0] = { people: PEOPLE }) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = discoverTestServer(initial);
  const { requests } = mockFetch(server.routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/discover/people'] }), requests, server };
}

/** A drag between two cards as the browser sends it (jsdom has no DataTransfer). */
function drag(from: HTMLElement, to: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: '', dropEffect: '' };
  for (const [target, make] of [
    [from, createEvent.dragStart],
    [to, createEvent.dragOver],
    [to, createEvent.drop],
    [from, createEvent.dragEnd],
  ] as const) {
    const event = make(target);
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    fireEvent(target, event);
  }
}

describe('PeopleScreen', () => {
  it('lists the visible people and, behind the filter, the hidden ones with Recover', async () => {
    const { user, requests } = setup();
    expect(await screen.findByRole('link', { name: 'Ayşe, Photos: 9' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Old friend/ })).not.toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Show' });
    await user.click(within(filter).getByRole('button', { name: 'Hidden' }));
    expect(within(filter).getByRole('button', { name: 'Hidden' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(await screen.findByRole('button', { name: 'Recover: Old friend' }));
    expect(await screen.findByText('Restored.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/person/recover')?.body).toEqual(['pe-3']);
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Old friend/ })).not.toBeInTheDocument());
    expect(requests.some((request) => request.url.pathname === '/api/person/page' && request.url.searchParams.get('status') === 'HIDDEN')).toBe(true);
  });

  it('merges by dragging one card onto another, after a confirmation', async () => {
    const { requests } = setup();
    const ayse = await screen.findByRole('link', { name: 'Ayşe, Photos: 9' });
    const mehmet = screen.getByRole('link', { name: 'Mehmet, Photos: 4' });
    drag(mehmet, ayse.parentElement!);
    const confirm = await screen.findByRole('dialog', { name: 'Merge Mehmet into Ayşe?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('People merged.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH' && request.url.pathname === '/api/person/pe-2')?.body).toEqual({ mergeInto: 'pe-1' });
    expect(await screen.findByRole('link', { name: 'Ayşe, Photos: 13' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Mehmet/ })).not.toBeInTheDocument();
  });

  it('turns face grouping off only after the warning that face data is deleted, and on again', async () => {
    const { user, requests } = setup();
    const toggle = await screen.findByRole('switch', { name: 'Face grouping' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    const confirm = await screen.findByRole('dialog', { name: 'Turn face grouping off?' });
    expect(requests.some((request) => request.method === 'PUT' && request.url.pathname === '/api/person/recognition')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Turn off and delete' }));
    expect(await screen.findByText('Face grouping is off. Turn it on to see the people in your photos.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT' && request.url.pathname === '/api/person/recognition')?.body).toEqual({ enabled: false });
    await user.click(screen.getByRole('switch', { name: 'Face grouping' }));
    expect(await screen.findByText('Face grouping is on.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT' && request.url.pathname === '/api/person/recognition').at(-1)?.body).toEqual({ enabled: true });
  });

  it('shows the teaser instead of people without premium', async () => {
    setup({ people: PEOPLE, recognition: { premium: false, enabled: false } });
    expect(await screen.findByRole('region', { name: 'Find the people in your photos' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Ayşe/ })).not.toBeInTheDocument();
  });
});
