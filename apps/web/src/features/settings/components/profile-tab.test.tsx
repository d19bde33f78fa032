import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

describe('Profile tab', () => {
  it('changes the e-mail only after checking it, then shows the address waiting for its link and resends it', async () => {
    let info = accountInfo();
    const { user, requests } = renderSignedIn(
      '/main/settings?tab=1',
      {
        'GET /api/account/info': () => json(info),
        'POST /api/account/email': ({ body }) => {
          info = { ...info, pendingEmail: (body as { email: string }).email };
          return new Response('OK', { headers: { 'content-type': 'text/plain' } });
        },
        'POST /api/verify/sendVerificationEmail': () => json({ email: info.pendingEmail, pendingEmail: info.pendingEmail }),
      },
    );
    const region = await screen.findByRole('region', { name: 'E-mail address' });
    // Verified: nothing to send.
    expect(within(region).queryByRole('button', { name: 'Send verification e-mail' })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Change e-mail' }));
    const field = within(region).getByLabelText('New e-mail address');
    await user.click(within(region).getByRole('button', { name: 'Send link' }));
    expect(within(region).getByText('New e-mail address is required.')).toBeInTheDocument();
    await user.type(field, 'not-an-address');
    await user.click(within(region).getByRole('button', { name: 'Send link' }));
    expect(within(region).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    // Longer than 320 characters (spec §5): the field stops at 320, a paste beyond it is refused too.
    expect(field).toHaveAttribute('maxLength', '320');
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(within(region).getByRole('button', { name: 'Send link' }));
    expect(await within(region).findByText('We sent a verification link to new@example.com.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/account/email')?.body).toEqual({ email: 'new@example.com' });
    const pending = await within(region).findByTestId('pending-email');
    expect(pending).toHaveTextContent('Waiting for verification of new@example.com.');
    // The account keeps its address until the link is opened.
    expect(within(region).getByText('ayse@example.com')).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Resend link' }));
    expect(await within(region).findByText('We sent a verification link to new@example.com.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/verify/sendVerificationEmail')).toHaveLength(1);
  });

  it('an unverified e-mail offers "Send verification e-mail"; the link goes to the account address', async () => {
    const { user, requests } = renderSignedIn('/main/settings?tab=1', {
      'GET /api/account/info': () => json(accountInfo({ emailVerified: false })),
      'POST /api/verify/sendVerificationEmail': () => json({ email: 'ayse@example.com' }),
    });
    const region = await screen.findByRole('region', { name: 'E-mail address' });
    expect(within(region).getByText('Not verified')).toBeInTheDocument();
    const prompt = within(region).getByTestId('unverified-email');
    expect(prompt).toHaveTextContent('Confirm that this address is yours');
    await user.click(within(prompt).getByRole('button', { name: 'Send verification e-mail' }));
    expect(await within(region).findByText('We sent a verification link to ayse@example.com.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/verify/sendVerificationEmail')).toHaveLength(1);
  });

  it('says when verification e-mails were asked for too often', async () => {
    const { user } = renderSignedIn('/main/settings?tab=1', {
      'GET /api/account/info': () => json(accountInfo({ emailVerified: false })),
      'POST /api/verify/sendVerificationEmail': () => json({ status: 'TOO_MANY_REQUESTS', message: 'Too many requests!' }, { status: 429 }),
    });
    const region = await screen.findByRole('region', { name: 'E-mail address' });
    await user.click(within(region).getByRole('button', { name: 'Send verification e-mail' }));
    expect(await within(region).findByRole('alert')).toBeInTheDocument();
  });

  it('says when the new e-mail belongs to another account', async () => {
    const { user } = renderSignedIn('/main/settings', {
      'POST /api/account/email': () => json({ status: 'EMAIL_ALREADY_EXISTS', message: 'taken', field: 'email' }, { status: 409 }),
    });
    const region = await screen.findByRole('region', { name: 'E-mail address' });
    await user.click(within(region).getByRole('button', { name: 'Change e-mail' }));
    await user.type(within(region).getByLabelText('New e-mail address'), 'taken@example.com');
    await user.click(within(region).getByRole('button', { name: 'Send link' }));
    expect(await within(region).findByText('This e-mail address is already used by another account.')).toBeInTheDocument();
  });

  it('changes the phone number with the SMS code sent to the new number', async () => {
    const { user, requests } = renderSignedIn('/main/settings', {
      'POST /api/v2/account/updatePhoneNumber': () => json({ referenceToken: 'ref-1', expectedInputLength: 6, remainingTimeInMinutes: 3 }),
      'POST /api/v2/account/verifyPhoneNumberToUpdate': ({ body }) =>
        (body as { otp: string }).otp === '123456'
          ? json({ countryCode: '90', phoneNumber: '5559876543' })
          : json({ status: 'INVALID_OTP', message: 'Invalid OTP!' }, { status: 400 }),
    });
    const region = await screen.findByRole('region', { name: 'Phone number' });
    await user.click(within(region).getByRole('button', { name: 'Change number' }));
    await user.type(within(region).getByLabelText('New phone number'), '555');
    await user.click(within(region).getByRole('button', { name: 'Send code' }));
    expect(within(region).getByText('Enter a valid phone number.')).toBeInTheDocument();
    await user.type(within(region).getByLabelText('New phone number'), '9876543');
    await user.click(within(region).getByRole('button', { name: 'Send code' }));
    expect(await within(region).findByText('Enter the 6-digit code we sent to +90 5559876543.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/v2/account/updatePhoneNumber')?.body).toEqual({ countryCode: '90', phoneNumber: '5559876543' });
    await user.click(screen.getByTestId('settings-otp-0'));
    await user.keyboard('654321');
    await user.click(within(region).getByRole('button', { name: 'Verify' }));
    expect(await within(region).findByText('The code is wrong.')).toBeInTheDocument();
    await user.click(screen.getByTestId('settings-otp-0'));
    await user.keyboard('123456');
    await user.click(within(region).getByRole('button', { name: 'Verify' }));
    expect(await within(region).findByText('Your phone number has been changed.')).toBeInTheDocument();
    expect(await within(region).findByText('+90 5559876543')).toBeInTheDocument();
  });

  it('refuses a birthday in the future and saves the address', async () => {
    const { user, requests } = renderSignedIn('/main/settings', {
      'POST /api/account/address': ({ body }) => json(body),
      'POST /api/account/birthday': ({ body }) => json(body),
    });
    const region = await screen.findByRole('region', { name: 'Birthday and address' });
    const birthday = within(region).getByLabelText('Birthday');
    await user.type(birthday, '2999-01-01');
    await user.click(within(region).getByRole('button', { name: 'Save changes' }));
    expect(within(region).getByText(/Enter a date between 1900-01-01 and/)).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/account/birthday')).toBe(false);
    await user.clear(birthday);
    await user.type(birthday, '1990-05-17');
    await user.type(within(region).getByLabelText('Address'), 'Atatürk Cad. 1, İstanbul');
    await user.click(within(region).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/account/birthday')?.body).toEqual({ birthday: '1990-05-17' });
    expect(requests.find((r) => r.url.pathname === '/api/account/address')?.body).toEqual({ address: 'Atatürk Cad. 1, İstanbul' });
  });

  it('uploads a profile photo as the request body and shows it', async () => {
    const { user, requests } = renderSignedIn('/main/settings', {
      'PUT /api/account/profilePhoto': () => json({ url: 'https://localhost/api/media/photo.webp' }),
    });
    const region = await screen.findByRole('region', { name: 'Profile photo' });
    const input = within(region).getByTestId('profile-photo-input');
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 * 6)], 'big.png', { type: 'image/png' }));
    expect(within(region).getByText('The photo is larger than 10 MB.')).toBeInTheDocument();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    expect(await within(region).findByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toBe(photo);
    expect(put?.headers.get('content-type')).toBe('image/jpeg');
  });
});
