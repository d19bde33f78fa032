import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { createAppRoutes } from '../router';
import { createAppStore } from '../store';

function renderSignIn() {
  mockFetch({ 'GET /api/captcha/required': () => json({ captchaRequired: false }) });
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: ['/'] });
}

/** The brand link at the top of the sign-in page (the language picker's header). */
const logoLink = () => within(screen.getByTestId('language-picker').closest('header')!).getByRole('link');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('sign-in page logo', () => {
  it('leads to the landing page of the interface language, and follows a change of language', async () => {
    const { user } = renderSignIn();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(logoLink()).toHaveAttribute('href', '/en/index.html');
    expect(logoLink()).toHaveAccessibleName('About Bulut');
    // Tests load no language files on demand: give Turkish its texts first.
    i18n.addResourceBundle('tr', 'common', (await import('@/i18n/locales/tr/common.json')).default);
    i18n.addResourceBundle('tr', 'auth', (await import('@/i18n/locales/tr/auth.json')).default);
    await user.selectOptions(screen.getByTestId('language-picker'), 'tr');
    await waitFor(() => expect(logoLink()).toHaveAttribute('href', '/tr/index.html'));
    expect(logoLink()).toHaveAccessibleName('Bulut hakkında');
  });

  it('uses the English landing for a language without its own page', async () => {
    const { user } = renderSignIn();
    await screen.findByRole('heading', { name: 'Sign in' });
    i18n.addResourceBundle('de', 'common', (await import('@/i18n/locales/de/common.json')).default);
    await user.selectOptions(screen.getByTestId('language-picker'), 'de');
    await waitFor(() => expect(logoLink()).toHaveAccessibleName('Über Bulut'));
    expect(logoLink()).toHaveAttribute('href', '/en/index.html');
  });
});
