import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const CAMPAIGN = { id: '5b0a1c8e-0000-4a01-8000-00000000d001', title: 'Summer draw', conditions: 'One entry per code.', startsAt: 0, endsAt: 1, commitment: 'ab' };

function setup(routes: Record<string, MockHandler> = {}, captchaRequired = false) {
  const { requests } = mockFetch({
    'GET /api/draw/captcha/required': () => json({ data: { captchaRequired } }),
    'GET /api/draw/campaign': () => json(CAMPAIGN),
    'POST /api/draw': () => json({ referenceToken: 'ref-1', expectedInputLength: 5, remainingTimeInMinutes: 3 }),
    'POST /api/draw/validate': () => json({ campaignId: CAMPAIGN.id, title: CAMPAIGN.title, result: 'You are in the draw.', receipt: 'rcpt', entryHash: 'h' }),
    ...routes,
  });
  const store = createAppStore();
  renderRoutes(createAppRoutes(store), { store, initialEntries: ['/cekilis'] });
  return { requests, user: userEvent.setup() };
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  const phone = await screen.findByLabelText('Phone number');
  await user.type(phone, '53a2-12345678');
  await user.click(screen.getByTestId('draw-code-0'));
  await user.paste('AB2C3D4');
}

describe('DrawScreen', () => {
  it('goes from code and phone to the SMS code and congratulations, sending six code characters first', async () => {
    const { requests, user } = setup();
    const send = await screen.findByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await fillStepOne(user);
    // Non-digits never reach the field, and it stops at ten digits.
    expect(screen.getByLabelText('Phone number')).toHaveValue('5321234567');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/draw')!.body).toEqual({ msisdn: '5321234567', code: 'AB2C3D', language: 'en' });
    // expectedInputLength + 1 boxes; 3 minutes → 3:00; Resend waits for 0:00.
    expect(screen.getByTestId('draw-otp-5')).toBeInTheDocument();
    expect(screen.queryByTestId('draw-otp-6')).not.toBeInTheDocument();
    // The timer runs on the real clock: a busy machine may be a second past the start by now.
    expect(screen.getByTestId('draw-timer')).toHaveTextContent(/(3:00|2:5\d)$/);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    const join = screen.getByRole('button', { name: 'Join the draw' });
    expect(join).toBeDisabled();
    await user.click(screen.getByTestId('draw-otp-0'));
    await user.paste('123456');
    await user.click(join);
    expect(await screen.findByRole('heading', { name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.getByTestId('draw-result')).toHaveTextContent('You are in the draw.');
    expect(requests.find((r) => r.url.pathname === '/api/draw/validate')!.body).toEqual({ referenceToken: 'ref-1', otp: '123456', language: 'en' });
  });

  it('shows the spec texts: draw_error, CAPTCHA_REQUIRED, and step 4 on Too many requests!', async () => {
    let answer = { status: 'ILLEGAL_ARGUMENT', message: 'Illegal argument error' };
    let status = 400;
    const { user } = setup({ 'POST /api/draw': () => json(answer, { status }) });
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('draw-error')).toHaveTextContent('The code or phone number is not valid.');
    answer = { status: 'CAPTCHA_REQUIRED', message: 'Captcha required.' };
    status = 412;
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByTestId('draw-error')).toHaveTextContent('Please complete the security check.'));
    answer = { status: 'TOO_MANY_REQUESTS', message: 'Too many requests!' };
    status = 429;
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByTestId('draw-too-many')).toHaveTextContent('You have made too many requests.');
  });

  it('shows the captcha when the server requires it and sends its answer in the headers', async () => {
    const { requests, user } = setup({}, true);
    await fillStepOne(user);
    expect(await screen.findByTestId('captcha-box')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /captcha|security|answer/i }), 'K7P2Q');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Step 2 of 2');
    expect(requests.find((r) => r.url.pathname === '/api/draw')!.headers.get('x-captcha-answer')).toBe('K7P2Q');
  });

  it('maps the validation errors: INVALID_OTP, OTP_TIMEOUT, and Too many requests! to step 4', async () => {
    let answer: object = { status: 'INVALID_OTP', message: 'Invalid OTP!' };
    let status = 400;
    const { user } = setup({ 'POST /api/draw/validate': () => json(answer, { status }) });
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const enter = async () => {
      await user.click(await screen.findByTestId('draw-otp-0'));
      await user.paste('123456');
      await user.click(screen.getByRole('button', { name: 'Join the draw' }));
    };
    await enter();
    expect(await screen.findByTestId('draw-error')).toHaveTextContent('The SMS code is wrong.');
    answer = { status: 'OTP_EXPIRED', message: 'OTP Expired!' };
    await enter();
    await waitFor(() => expect(screen.getByTestId('draw-error')).toHaveTextContent('The SMS code has expired.'));
    answer = { status: 'TOO_MANY_REQUESTS', message: 'Too many requests!' };
    status = 429;
    await enter();
    expect(await screen.findByTestId('draw-too-many')).toBeInTheDocument();
  });
});
