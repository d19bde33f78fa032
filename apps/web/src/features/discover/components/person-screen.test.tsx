import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { discoverTestServer, personFixture, photo } from '../discover.fixtures';

const PEOPLE = [personFixture('pe-1', 'Ayşe', { photoCount: 3 }), personFixture('pe-2', 'Mehmet'), personFixture('pe-3', null)];
const PHOTOS = { 'pe-1': [photo('ph-1', 'beach.jpg'), photo('ph-2', 'sea.jpg'), photo('ph-3', 'sand.jpg')], 'pe-2': [photo('ph-4', 'hill.jpg')] };

function setup(path = '/main/discover/person/pe-1') {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = discoverTestServer({ people: PEOPLE, photos: PHOTOS });
  const { requests } = mockFetch(server.routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests, server };
}

const tiles = () => screen.getAllByRole('checkbox', { name: /^Select / });
const sent = (requests: ReturnType<typeof setup>['requests'], method: string, path: string) =>
  requests.find((request) => request.method === method && request.url.pathname === path);

describe('PersonScreen', () => {
  it('shows the person’s photos from the album route in the shared grid', async () => {
    const { requests } = setup();
    expect(await screen.findByRole('button', { name: 'Rename Ayşe' })).toHaveTextContent('Ayşe');
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(sent(requests, 'GET', '/api/album/pe-1')?.url.searchParams.get('contentType')).toBe('album/person');
    expect(screen.getByRole('link', { name: 'Back to people' })).toHaveAttribute('href', '/main/discover/people');
  });

  it('renames in place: Enter saves, Escape cancels', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Ayşe' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Nobody{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(sent(requests, 'PUT', '/api/person/label/pe-1')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Rename Ayşe' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ayşe Yılmaz{Enter}');
    expect(await screen.findByText('Name saved.')).toBeInTheDocument();
    expect(sent(requests, 'PUT', '/api/person/label/pe-1')?.body).toEqual({ label: 'Ayşe Yılmaz' });
    expect(await screen.findByRole('button', { name: 'Rename Ayşe Yılmaz' })).toBeInTheDocument();
  });

  it('takes selected photos away from the person and makes one the face on the card', async () => {
    const { user, requests } = setup();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select sea.jpg' }));
    const bar = await screen.findByRole('toolbar', { name: 'Actions for the selected items' });
    await user.click(within(bar).getByRole('button', { name: 'Choose as cover' }));
    expect(await screen.findByText('Cover updated.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/person/thumbnail/pe-1')?.body).toEqual({ uuid: 'ph-2' });

    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(within(bar).getByRole('button', { name: 'Not this person' }));
    expect(await screen.findByText('Removed from this person.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/person/photo/delete/pe-1')?.body).toEqual(['ph-1', 'ph-2']);
    await waitFor(() => expect(tiles()).toHaveLength(1));
  });

  it('merges into someone picked from a list (the keyboard way) and opens the survivor', async () => {
    const { user, requests, router } = setup();
    await user.click(within(await screen.findByRole('toolbar', { name: 'Person actions' })).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Ayşe with…' });
    expect(within(dialog).queryByRole('button', { name: /^Ayşe/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Unnamed person/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Mehmet/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge Ayşe into Mehmet?' });
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/discover/person/pe-2'));
    expect(sent(requests, 'PATCH', '/api/person/pe-1')?.body).toEqual({ mergeInto: 'pe-2' });
    await waitFor(() => expect(tiles()).toHaveLength(4));
  });

  it('hides the person and goes back to people', async () => {
    const { user, requests, router } = setup();
    await user.click(within(await screen.findByRole('toolbar', { name: 'Person actions' })).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/discover/people'));
    expect(sent(requests, 'DELETE', '/api/person/hide')?.body).toEqual(['pe-1']);
    expect(await screen.findByRole('link', { name: 'Mehmet, Photos: 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Ayşe/ })).not.toBeInTheDocument();
  });

  it('shows the people in a photo and its place in the viewer’s info panel, each a link', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    const server = discoverTestServer({
      people: PEOPLE,
      photos: PHOTOS,
      places: [{ id: 'pl-1', name: 'İzmir', nameEn: 'Izmir', country: 'Türkiye', countryCode: 'TR', latitude: 38.4, longitude: 27.1, photoCount: 1, coverPhoto: null }],
      inPhoto: { 'ph-1': [{ personId: 'pe-1', label: 'Ayşe', thumbnailUrl: null, box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 } }] },
      placeOf: { 'ph-1': 'pl-1' },
    });
    mockFetch(server.routes);
    const store = createAppStore();
    const { user } = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/discover/person/pe-1?photo=ph-1'] });
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
    await user.click(within(viewer).getByRole('button', { name: 'Info' }));
    const panel = await within(viewer).findByRole('complementary', { name: 'Info' });
    expect(await within(panel).findByRole('link', { name: 'Open Ayşe' })).toHaveAttribute('href', '/main/discover/person/pe-1');
    expect(await within(panel).findByRole('link', { name: 'İzmir, Türkiye' })).toHaveAttribute('href', '/main/discover/place/pl-1');
  });

  it('says so for a person that is not there', async () => {
    setup('/main/discover/person/pe-404');
    expect(await screen.findByRole('heading', { name: 'This page doesn’t exist or was removed.' })).toBeInTheDocument();
  });
});
