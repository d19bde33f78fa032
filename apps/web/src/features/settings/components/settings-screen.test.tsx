import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { json } from '@/test/fetch-mock';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SettingsScreen', () => {
  it('shows the seven tabs with the profile first, its contact details read from the account', async () => {
    renderSignedIn('/main/settings');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Security',
      'Permissions',
      'Language',
      'Connected accounts',
      'Help',
      'Delete account',
    ]);
    expect(await screen.findByLabelText('First name')).toHaveValue('Ayşe');
    const profile = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(profile).getByText('ayse@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('+90 5321234567')).toBeInTheDocument();
  });

  it('opens the tab the address names and keeps the address in step when another is chosen', async () => {
    const { user, router } = renderSignedIn('/main/settings?tab=6');
    expect(await screen.findByRole('tab', { name: 'Help', selected: true })).toBeInTheDocument();
    const question = await screen.findByRole('button', { name: 'What is Bulut?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What is Bulut?' })).toHaveTextContent(/cloud storage from your operator/);
    // Arrow keys move between tabs (tabs pattern) and the address follows.
    screen.getByRole('tab', { name: 'Help' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=7'));
    expect(await screen.findByRole('tab', { name: 'Delete account', selected: true })).toHaveFocus();
  });

  it('an unknown tab id falls back to the profile', async () => {
    renderSignedIn('/main/settings?tab=99');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });

  it('the account card opens Settings on Profile and Help on the FAQ', async () => {
    const { user, router } = renderSignedIn('/main/settings?tab=3', {
      'GET /api/account/permission/list': () => json([]),
      'GET /api/remoteconfig': () => json({ parameter: 'x', value: 'Text' }),
    });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Help' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=6'));
    expect(await screen.findByRole('tab', { name: 'Help', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });

  it('saves name and surname', async () => {
    const { user, requests } = renderSignedIn('/main/settings', {
      'POST /api/account/nameSurname': ({ body }) => json({ ...accountInfo(), ...(body as object) }),
    });
    const name = await screen.findByLabelText('First name');
    const save = within(screen.getByRole('region', { name: 'Personal information' })).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Zeynep');
    await user.click(save);
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/account/nameSurname')?.body).toEqual({ name: 'Zeynep', surname: 'Yılmaz' });
  });

  it('the Language tab saves the language to the account, then switches and sets the direction for Arabic', async () => {
    const { user, requests } = renderSignedIn('/main/settings?tab=4', { 'POST /api/account/language': ({ body }) => json(body) });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    i18n.addResourceBundle('ar', 'settings', { title: 'الإعدادات' });
    await user.selectOptions(select, 'ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    await waitFor(() => expect(requests.find((r) => r.url.pathname === '/api/account/language')?.body).toEqual({ language: 'ar' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الإعدادات');
  });

  it('the Language tab keeps the account’s language when the account cannot save the choice', async () => {
    const { user } = renderSignedIn('/main/settings?tab=4', { 'POST /api/account/language': () => json({ status: 'INTERNAL', message: 'down' }, { status: 500 }) });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, 'ar');
    expect(await screen.findByText('Your language could not be saved to your account.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});
