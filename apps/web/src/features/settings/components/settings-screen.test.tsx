import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { i18n } from '@/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function setup() {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  let account = { uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', phoneNumber: '5321234567', countryCode: '90', status: 'ACTIVE' };
  const server = mockFetch({
    'GET /api/account/info': () => json(account),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/notification/communication/fetch': () => json([]),
    'POST /api/account/nameSurname': ({ body }) => {
      account = { ...account, ...(body as object) };
      return json(account);
    },
    'POST /api/account/language': ({ body }) => json(body),
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/settings'] }), ...server };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SettingsScreen', () => {
  it('shows the profile with read-only contact details', async () => {
    setup();
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ayşe');
    expect(screen.getByLabelText('Last name')).toHaveValue('Yılmaz');
    const profile = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(profile).getByText('ayse@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('+90 5321234567')).toBeInTheDocument();
  });

  it('saves name and surname', async () => {
    const { user, requests } = setup();
    const name = await screen.findByLabelText('First name');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Zeynep');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/account/nameSurname')?.body).toEqual({ name: 'Zeynep', surname: 'Yılmaz' });
  });

  it('switches the language at once, saves it and sets the direction for Arabic', async () => {
    const { user, requests } = setup();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    i18n.addResourceBundle('ar', 'settings', { title: 'الإعدادات' });
    await user.selectOptions(select, 'ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/account/language')?.body).toEqual({ language: 'ar' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الإعدادات');
  });
});
