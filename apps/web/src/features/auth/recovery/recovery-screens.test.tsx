import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const captchaNotRequired = { 'GET /api/captcha/required': () => json({ captchaRequired: false }) };

function renderAt(path: string, calls: Record<string, MockHandler>) {
  const server = mockFetch({ ...captchaNotRequired, ...calls });
  const store = createAppStore();
  const view = renderRoutes(createAppRoutes(store), { store, initialEntries: [path] });
  return { ...view, ...server };
}

const started = {
  referenceToken: 'ref-1',
  flow: 'v2',
  availableMethods: [
    { method: 'SMS', content: '+90 5** *** **12' },
    { method: 'EMAIL', content: 'd***@example.com' },
  ],
  factorsRequired: 1,
  factorsVerified: 0,
  securityQuestionId: null,
};

describe('password recovery', () => {
  it('checks the e-mail or phone before sending, then shows the masked methods of the answer', async () => {
    const { user, requests } = renderAt('/auth/forgotmypassword', { 'POST /api/v2/forgotMyPassword': () => json(started) });
    const field = await screen.findByRole('textbox', { name: 'E-mail or phone number' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your e-mail or phone number.')).toBeInTheDocument();
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid e-mail address or phone number.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/v2/forgotMyPassword')).toBe(false);

    await user.clear(field);
    await user.type(field, ' deniz@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Text message \(SMS\)/ })).toBeChecked();
    expect(screen.getByText('+90 5** *** **12')).toBeInTheDocument();
    expect(screen.getByText('d***@example.com')).toBeInTheDocument();
    const start = requests.find((r) => r.url.pathname === '/api/v2/forgotMyPassword');
    expect(start?.body).toEqual({ username: 'deniz@example.com' });
  });

  it('sends the SMS, takes the code and asks for the new password, which must be repeated', async () => {
    const { user, requests } = renderAt('/auth/forgotmypassword', {
      'POST /api/v2/forgotMyPassword': () => json(started),
      'POST /api/forgotMyPassword/continueWithMsisdn': () =>
        json({ referenceToken: 'ref-1', selectedMethod: 'SMS', selectedValue: '+90 5** *** **12', expectedInputLength: 6, remainingTimeInMinutes: 3 }),
      'POST /api/forgotMyPassword/validatePhoneNumber': () =>
        json({ referenceToken: 'ref-1', status: 'VERIFIED', factorsVerified: 1, factorsRequired: 1, remainingMethods: [] }),
      'POST /api/forgotMyPassword/change': () => json({}),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), '5321234512');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Enter the code' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1' }));
    await user.keyboard('123456');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const validate = requests.find((r) => r.url.pathname === '/api/forgotMyPassword/validatePhoneNumber');
    expect(validate?.body).toEqual({ referenceToken: 'ref-1', otp: '123456' });

    await user.type(screen.getByLabelText('New password'), 'Yeni2026Sifre');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Yeni2026Sifrx');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Yeni2026Sifre');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/forgotMyPassword/change')).toBe(true));
  });

  it('a step opened without its recovery offers a new start', async () => {
    renderAt('/auth/forgotmypassword/smsotp2', {});
    expect(await screen.findByTestId('recovery-restart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/auth/forgotmypassword');
  });
});
