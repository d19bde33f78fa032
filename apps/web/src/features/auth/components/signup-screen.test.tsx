import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const shellCalls: Record<string, MockHandler> = {
  'GET /api/account/info': () => json({ uuid: 'u-2', email: 'new@example.com', status: 'ACTIVE' }),
  'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
  'GET /api/account/authority': () => json([]),
  'GET /api/notification/communication/fetch': () => json([]),
};

function setup(calls: Record<string, MockHandler> = {}, path = '/auth/signup') {
  const server = mockFetch({
    ...shellCalls,
    'GET /api/captcha/required': () => json({ captchaRequired: false }),
    'GET /api/eula/get/en': () =>
      json({ id: 12, locale: 'en', version: 3, content: '<h2>Scope</h2><p>Terms for <strong>Bulut</strong>.</p><script>alert(1)</script>' }),
    'POST /api/v2/signup': () => json({ referenceToken: 'ref-1', expectedInputLength: 6, remainingTimeInMinutes: 3 }),
    ...calls,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), ...server };
}

async function fillForm(user: ReturnType<typeof setup>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'new@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0532 123 45 67');
  await user.type(screen.getByLabelText('Password'), 'sunny2026');
  await user.click(screen.getByRole('checkbox', { name: /accept the Terms of Use/ }));
}

describe('SignupScreen', () => {
  it('validates the form before calling the server', async () => {
    const { user, requests } = setup();
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Use 8–128 characters with at least one letter and one digit.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the Terms of Use to continue.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/v2/signup')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveDisplayValue(/\+90/);
  });

  it('offers every country calling code, those of all eleven languages among them', async () => {
    setup();
    const select = await screen.findByRole('combobox', { name: 'Country code' });
    const options = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(options.length).toBeGreaterThanOrEqual(240);
    for (const expected of ['Georgia (+995)', 'Albania (+355)', 'Romania (+40)', 'Ukraine (+380)', 'Germany (+49)', 'Spain (+34)', 'France (+33)', 'Russia (+7)', 'Egypt (+20)', 'Brazil (+55)', 'India (+91)']) {
      expect(options).toContain(expected);
    }
  });

  it('shows the Terms of Use from the server, sanitised, in an information modal', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Terms of Use' }));
    const modal = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(within(modal).getByRole('heading', { name: 'Scope' })).toBeInTheDocument();
    expect(modal.querySelector('script')).toBeNull();
    await user.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  // Role queries over the whole form and the shell are slow in jsdom: more than the 5 s default on a busy machine.
  it('signs up, verifies the one-time code and opens the signed-in area', async () => {
    const { user, requests, router } = setup({
      'POST /api/v2/signup/validate': ({ body }) =>
        (body as { otp: string }).otp === '000000'
          ? json({ status: 'INVALID_OTP', message: 'Invalid OTP!' }, { status: 400 })
          : json({ userUuid: 'u-2', deviceInfo: null, latestActivityId: 'a-1' }, { headers: { 'X-Auth-Token': 'token-2' } }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
    expect(screen.getByText('We sent a 6-digit code by e-mail to new@example.com.')).toBeInTheDocument();
    // The countdown runs on the real clock: on a busy machine a second or more may pass before this line.
    expect(screen.getByText(/^Code expires in/)).toHaveTextContent(/^Code expires in (3:00|2:5\d)$/);
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toBeDisabled();
    expect(requests.find((r) => r.url.pathname === '/api/v2/signup')?.body).toEqual({
      email: 'new@example.com',
      phoneNumber: '5321234567',
      countryCode: '90',
      password: 'sunny2026',
      language: 'en',
      eulaId: 12,
      sendOtpTo: 'EMAIL',
    });

    // Filling the last box sends the code by itself: no Verify press.
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }));
    await user.paste('000000');
    expect(await screen.findByText('The code is incorrect. Check it and try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }));
    await user.keyboard('48291');
    expect(requests.filter((r) => r.url.pathname === '/api/v2/signup/validate')).toHaveLength(1);
    await user.keyboard('3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/files'));
    expect(requests.filter((r) => r.url.pathname === '/api/v2/signup/validate').map((r) => (r.body as { otp: string }).otp)).toEqual(['000000', '482913']);
    expect(JSON.parse(localStorage.getItem('user')!)._at).toBe('token-2');
  });

  it('from a share invitation: the code goes to the invited address and the new account lands on the share', async () => {
    const { user, requests, router } = setup(
      {
        'POST /api/v2/signup/validate': () => json({ userUuid: 'u-2', deviceInfo: null, latestActivityId: 'a-1' }, { headers: { 'X-Auth-Token': 'token-2' } }),
        'GET /api/shares': () => json({ items: [], totalCount: 0 }),
        'GET /api/share/public': () => json({ items: [], totalCount: 0 }),
      },
      `/auth/signup?channel=EMAIL&next=${encodeURIComponent('/main/shares?tab=withMe')}`,
    );
    expect(await screen.findByRole('radio', { name: 'E-mail' })).toBeChecked();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await user.keyboard('482913');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/main/shares?tab=withMe'));
    expect((requests.find((r) => r.url.pathname === '/api/v2/signup')?.body as { sendOtpTo: string }).sendOtpTo).toBe('EMAIL');
  });

  it('ignores a next= that is not one of the app’s signed-in pages', async () => {
    const { user, router } = setup(
      { 'POST /api/v2/signup/validate': () => json({ userUuid: 'u-2', deviceInfo: null, latestActivityId: 'a-1' }, { headers: { 'X-Auth-Token': 'token-2' } }) },
      `/auth/signup?next=${encodeURIComponent('//evil.example/main/x')}`,
    );
    expect(await screen.findByRole('radio', { name: 'SMS' })).toBeChecked();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await user.keyboard('482913');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/files'));
  });

  it('enables resend at 0:00 and restarts the countdown', async () => {
    const { user, requests } = setup({
      'POST /api/v2/signup': () => json({ referenceToken: 'ref-9', remainingTimeInMinutes: 0 }),
      'POST /api/v2/signup/sendVerification': () => json({ referenceToken: 'ref-9', expectedInputLength: 4, remainingTimeInMinutes: 2 }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Unknown length: 4 boxes.
    expect(await screen.findByRole('textbox', { name: 'Digit 4' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Digit 5' })).not.toBeInTheDocument();
    expect(screen.getByText('The code has expired. Request a new one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Send a new code/ }));
    expect(await screen.findByText(/^Code expires in/)).toHaveTextContent(/^Code expires in (2:00|1:5\d)$/);
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toBeDisabled();
    expect(requests.find((r) => r.url.pathname === '/api/v2/signup/sendVerification')?.body).toEqual({ referenceToken: 'ref-9' });
  });

  it('points at the field the server rejects', async () => {
    const { user } = setup({
      'POST /api/v2/signup': () => json({ status: 'EMAIL_ALREADY_EXISTS', message: 'E-mail exists' }, { status: 409 }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this e-mail address already exists.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  });
});
