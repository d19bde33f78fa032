import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockHandler } from '@/test/fetch-mock';
import { renderSignedIn } from '@/test/settings-fixtures';

const settingsOff = { twoFactorAuthEnabled: false, methods: ['SMS', 'EMAIL'], totpEnabled: false, recoveryCodesLeft: 0 };

function securityRoutes(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/v2/account/updatePassword': () => json({ minLength: 8, maxLength: 64, captchaRequired: false }),
    'GET /api/auth/settings': () => json(settingsOff),
    'POST /api/v1/account/recovery/email': () => json({ email: null, verified: false }),
    'GET /api/securityQuestions': () => json([{ id: 1, text: 'Your first pet?' }, { id: 2, text: 'Your first school?' }]),
    'GET /api/account/securityQuestion': () => json({ securityQuestionId: null }),
    'GET /api/auth/sessions': () =>
      json([
        { id: 's-1', deviceName: 'Chrome on Linux', deviceType: 'WEB', createdAt: '2026-11-20T10:00:00Z', lastSeenAt: '2026-11-26T09:00:00Z', current: true },
        { id: 's-2', deviceName: 'iPhone', deviceType: 'IOS', createdAt: '2026-11-21T10:00:00Z', lastSeenAt: '2026-11-25T09:00:00Z', current: false },
      ]),
    ...extra,
  };
}

describe('Security tab', () => {
  it('checks the new password, then changes it and asks for a captcha when the server wants one', async () => {
    let calls = 0;
    const { user, requests } = renderSignedIn(
      '/main/settings?tab=2',
      securityRoutes({
        'POST /api/v2/account/updatePassword': () => {
          calls += 1;
          return calls === 1
            ? json({ status: 'CAPTCHA_REQUIRED', message: 'Captcha required.' }, { status: 400 })
            : json({});
        },
      }),
    );
    const region = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(region).getByLabelText('Current password'), 'Old-pass-1');
    await user.type(within(region).getByLabelText('New password'), 'short');
    await user.type(within(region).getByLabelText('Repeat new password'), 'other');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(within(region).getByText('Use 8 to 64 characters.')).toBeInTheDocument();
    expect(within(region).getByText('The passwords do not match.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v2/account/updatePassword')).toBe(false);

    await user.clear(within(region).getByLabelText('New password'));
    await user.type(within(region).getByLabelText('New password'), 'New-pass-2026');
    await user.clear(within(region).getByLabelText('Repeat new password'));
    await user.type(within(region).getByLabelText('Repeat new password'), 'New-pass-2026');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText('Enter the security code.')).toBeInTheDocument();
    const captcha = within(region).getByTestId('captcha-box');
    await user.type(within(captcha).getByRole('textbox'), 'abc12');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText('Your password has been changed. Other devices have been signed out.')).toBeInTheDocument();
    const sent = requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/v2/account/updatePassword');
    expect(sent.at(-1)?.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-2026', repeatPassword: 'New-pass-2026' });
    expect(sent.at(-1)?.headers.get('x-captcha-answer')).toBe('abc12');
  });

  it('turns two-step sign-in on after the password, and enrols an authenticator app with its recovery codes', async () => {
    let settings = { ...settingsOff };
    const { user, requests } = renderSignedIn(
      '/main/settings?tab=2',
      securityRoutes({
        'GET /api/auth/settings': () => json(settings),
        'POST /api/auth/settings': ({ body }) => {
          const { password, twoFactorAuthEnabled } = body as { password: string; twoFactorAuthEnabled: boolean };
          if (password !== 'Right-pass-1') return json({ status: 'INVALID_PASSWORD', message: 'The password is not correct.', field: 'password' }, { status: 400 });
          settings = { ...settings, twoFactorAuthEnabled };
          return json(settings);
        },
        'POST /api/auth/2fa/totp/setup': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Bulut:ayse%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bulut' }),
        'POST /api/auth/2fa/totp/enable': () => {
          settings = { ...settings, totpEnabled: true, recoveryCodesLeft: 10, methods: ['SMS', 'EMAIL', 'TOTP'] };
          return json({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}-abcd`) });
        },
      }),
    );
    const region = await screen.findByRole('region', { name: 'Two-step sign-in' });
    const toggle = await within(region).findByRole('switch', { name: 'Two-step sign-in' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in?' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('The password is wrong.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'Right-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(region).getByRole('switch', { name: 'Two-step sign-in' })).toHaveAttribute('aria-checked', 'true'));

    await user.click(within(region).getByRole('button', { name: 'Set up' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.type(within(setup).getByLabelText('Current password'), 'Right-pass-1');
    await user.click(within(setup).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'data-value',
      'otpauth://totp/Bulut:ayse%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bulut',
    );
    expect(within(region).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByTestId('totp-code-0'));
    await user.keyboard('123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    const codes = await within(region).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(requests.find((r) => r.url.pathname === '/api/auth/2fa/totp/enable')?.body).toEqual({ code: '123456' });
    await user.click(within(region).getByRole('button', { name: 'I have saved them' }));
    expect(within(region).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(region).findByText('Recovery codes left: 10')).toBeInTheDocument();
  });

  it('lists signed-in devices and signs out one or every other', async () => {
    const { user, requests } = renderSignedIn(
      '/main/settings?tab=2',
      securityRoutes({
        'DELETE /api/auth/sessions/s-2': () => json({}),
        'POST /api/auth/sessions/endOthers': () => json({ ended: 1 }),
      }),
    );
    const region = await screen.findByRole('region', { name: 'Signed-in devices' });
    const rows = await within(region).findAllByTestId('device-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    expect(await within(region).findByText('The device has been signed out.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/auth/sessions/s-2')).toBe(true);
    await user.click(within(region).getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of every other device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await within(region).findByText('Devices signed out: 1.')).toBeInTheDocument();
  });

  it('sets a recovery e-mail that waits for its link, and a security question', async () => {
    const { user, requests } = renderSignedIn(
      '/main/settings?tab=2',
      securityRoutes({
        'PUT /api/v1/account/recovery/email': ({ body }) => json({ email: (body as { email: string }).email, verified: false }),
        'POST /api/account/updateSecurityQuestion': ({ body }) => json({ securityQuestionId: (body as { securityQuestionId: number }).securityQuestionId }),
      }),
    );
    const recovery = await screen.findByRole('region', { name: 'Recovery e-mail' });
    await user.click(await within(recovery).findByRole('button', { name: 'Add address' }));
    await user.type(within(recovery).getByLabelText('Recovery e-mail address'), 'backup@example.com');
    await user.click(within(recovery).getByRole('button', { name: 'Send link' }));
    expect(await within(recovery).findByText('backup@example.com')).toBeInTheDocument();
    expect(within(recovery).getByText('Not verified')).toBeInTheDocument();
    expect(within(recovery).getByRole('button', { name: 'Resend link' })).toBeInTheDocument();

    const question = screen.getByRole('region', { name: 'Security question' });
    await user.click(within(question).getByRole('button', { name: 'Choose a question' }));
    await user.click(within(question).getByRole('button', { name: 'Save changes' }));
    expect(within(question).getByText('Question is required.')).toBeInTheDocument();
    await user.selectOptions(within(question).getByLabelText('Question'), '2');
    await user.type(within(question).getByLabelText('Answer'), 'Atatürk İlkokulu');
    await user.click(within(question).getByRole('button', { name: 'Save changes' }));
    expect(await within(question).findByText('Your security question has been saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/account/updateSecurityQuestion')?.body).toEqual({ securityQuestionId: 2, answer: 'Atatürk İlkokulu' });
  });
});
