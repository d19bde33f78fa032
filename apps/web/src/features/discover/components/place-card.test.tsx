import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { i18n } from '@/i18n/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { discoverTestServer, photo, placeFixture } from '../discover.fixtures';

// A district GeoNames names in Latin script (no Arabic exonym) in an Arabic country line: the mixed case.
const KADIKOY = placeFixture('pl-1', 'Kadıköy', 'تركيا', { photoCount: 2 });
const TBILISI = placeFixture('pl-2', 'تبليسي', 'جورجيا', { countryCode: 'GE' });

async function inArabic() {
  for (const ns of ['discover', 'common', 'shell', 'viewer', 'photos'] as const) {
    i18n.addResourceBundle('ar', ns, (await import(`@/i18n/locales/ar/${ns}.json`)).default, true, true);
  }
  await i18n.changeLanguage('ar');
}

function render(path: string, initial: Parameters<typeof discoverTestServer>[0]) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const { requests } = mockFetch(discoverTestServer(initial).routes);
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), requests };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('place card in Arabic', () => {
  it('city and country lines take the page direction (rtl), each with its text isolated, so both start at the same edge', async () => {
    await inArabic();
    render('/main/discover/places', { places: [KADIKOY, TBILISI] });
    expect(document.documentElement.dir).toBe('rtl');
    const cards = await screen.findAllByTestId('place-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const lines = [within(card).getByTestId('card-title'), within(card).getByTestId('card-meta')];
      for (const line of lines) {
        // No direction of its own: the line is aligned by the card's (inherited rtl), not by its text's script.
        expect(line.tagName).toBe('SPAN');
        expect(line.closest('[dir]')).toBe(document.documentElement);
        // The text is isolated in a bdi, so a Latin name keeps its own order inside the right-to-left line.
        expect(line.children).toHaveLength(1);
        expect(line.firstElementChild!.tagName).toBe('BDI');
      }
    }
    const kadikoy = within(cards[0]!);
    expect(kadikoy.getByTestId('card-title')).toHaveTextContent('Kadıköy');
    expect(kadikoy.getByTestId('card-meta')).toHaveTextContent('تركيا');
    expect(cards[0]).toHaveAccessibleName('Kadıköy, تركيا');
  });

  it("the viewer's info panel joins city and country with the Arabic comma, each isolated", async () => {
    await inArabic();
    const { user } = render('/main/discover/place/pl-1?photo=ph-1', {
      places: [KADIKOY],
      photos: { 'pl-1': [photo('ph-1', 'beach.jpg')] },
      placeOf: { 'ph-1': 'pl-1' },
    });
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
    await user.click(within(viewer).getByRole('button', { name: i18n.t('viewer:info') }));
    const place = await within(viewer).findByRole('link', { name: 'Kadıköy، تركيا' });
    expect([...place.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Kadıköy', 'تركيا']);
  });

  it('switching the language fetches the places again, named in the new language', async () => {
    const { requests } = render('/main/discover/places', { places: [KADIKOY] });
    expect(await screen.findAllByTestId('place-card')).toHaveLength(1);
    const asked = () => requests.filter((r) => r.url.pathname === '/api/location/page').map((r) => r.headers.get('X-Client-Language'));
    expect(asked()).toEqual(['en']);
    await act(() => inArabic());
    await waitFor(() => expect(asked()).toEqual(['en', 'ar']));
  });
});
