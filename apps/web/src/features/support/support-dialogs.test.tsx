import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountCard } from '@/features/account/components/account-card';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { FEEDBACK_FAILURE_CLOSE_MS, feedbackLanguage, supportDialogFor } from './support-rules';

interface Setup {
  countryCode?: string;
  chatbot?: boolean;
  routes?: Record<string, MockHandler>;
}

/** The account card with the shell's calls answered; Support is chosen from it as the subscriber does. */
async function openSupport({ countryCode = '90', chatbot = false, routes = {} }: Setup = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', status: 'ACTIVE', countryCode, language: 'en' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/remoteconfig': ({ url }) =>
      url.searchParams.get('parameter') === 'chatbot_menu_enabled'
        ? json({ parameter: 'chatbot_menu_enabled', value: String(chatbot) })
        : json({ status: 'NOT_FOUND' }, { status: 404 }),
    ...routes,
  });
  const view = renderRoutes([{ path: '/main/files', element: <AccountCard unreadCount={0} /> }], { initialEntries: ['/main/files'] });
  await view.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Support' }));
  return { ...view, ...server };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Support routing rule', () => {
  it('opens the chat only for English or Turkish, country code 90 and the flag on', () => {
    expect(supportDialogFor({ language: 'tr', countryCode: '90', chatEnabled: true })).toBe('chat');
    expect(supportDialogFor({ language: 'en-GB', countryCode: '+90', chatEnabled: true })).toBe('chat');
    expect(supportDialogFor({ language: 'tr', countryCode: '90', chatEnabled: false })).toBe('feedback');
    expect(supportDialogFor({ language: 'de', countryCode: '90', chatEnabled: true })).toBe('feedback');
    expect(supportDialogFor({ language: 'ar', countryCode: '90', chatEnabled: true })).toBe('feedback');
    expect(supportDialogFor({ language: 'tr', countryCode: '995', chatEnabled: true })).toBe('feedback');
    expect(supportDialogFor({ language: 'en', countryCode: '', chatEnabled: true })).toBe('feedback');
  });

  it('sends TR or AR when that is the interface language, else EN', () => {
    expect(feedbackLanguage('tr')).toBe('TR');
    expect(feedbackLanguage('ar')).toBe('AR');
    expect(feedbackLanguage('en')).toBe('EN');
    expect(feedbackLanguage('ru')).toBe('EN');
    expect(feedbackLanguage('ka')).toBe('EN');
  });

  it('opens the chat dialog with the built frame address for a +90 subscriber when the flag is on', async () => {
    await openSupport({
      chatbot: true,
      routes: {
        'GET /api/support/config': () => json({ data: { chatUrl: '/support-chat' } }),
        'GET /api/account/ticket': () => json({ data: { ticket: 'tkt-1', expiresAt: '2026-12-07T10:00:00.000Z' } }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    const frame = await within(dialog).findByTitle('Support chat');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.pathname).toBe('/support-chat');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      userId: 'u-1',
      language: 'en',
      clientVersion: '3.64.43',
      type: 'web',
      source: 'web-account-card',
      theme: 'light',
      ticket: 'tkt-1',
    });
    expect(frame).toHaveAttribute('width', '600');
    expect(frame).toHaveAttribute('height', '600');
    expect(frame.getAttribute('sandbox')!.split(' ').sort()).toEqual(['allow-downloads', 'allow-same-origin', 'allow-scripts']);
  });

  it('opens the feedback dialog when the flag is off', async () => {
    await openSupport({ chatbot: false });
    expect(await screen.findByRole('dialog', { name: 'Send us feedback' })).toBeInTheDocument();
  });
});

describe('Feedback dialog', () => {
  it('caps the text at 700 characters with a live counter, and keeps Send disabled while empty', async () => {
    const { user } = await openSupport({ countryCode: '49' });
    const dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    const text = within(dialog).getByRole('textbox', { name: 'Your message' });
    expect(send).toBeDisabled();
    expect(within(dialog).getByTestId('feedback-counter')).toHaveTextContent('0/700');
    await user.type(text, '   ');
    expect(send).toBeDisabled();
    await user.clear(text);
    await user.type(text, 'Hello');
    expect(send).toBeEnabled();
    expect(within(dialog).getByTestId('feedback-counter')).toHaveTextContent('5/700');
    // A paste past the limit keeps the first 700 characters; further typing is ignored.
    fireEvent.change(text, { target: { value: 'x'.repeat(750) } });
    expect(text).toHaveValue('x'.repeat(700));
    await user.type(text, 'y');
    expect(text).toHaveValue('x'.repeat(700));
    expect(within(dialog).getByTestId('feedback-counter')).toHaveTextContent('700/700');
    expect(dialog).toHaveClass('feedback');
    expect(dialog).not.toHaveClass('feedbackTall');
    expect(within(dialog).queryByTestId('feedback-complaint-note')).toBeNull();
  });

  it('is the taller dialog with the complaint note for country code 995', async () => {
    await openSupport({ countryCode: '995' });
    const dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
    expect(dialog).toHaveClass('feedbackTall');
    expect(within(dialog).getByTestId('feedback-complaint-note')).toBeInTheDocument();
  });

  it.each([
    ['tr', 'tr'],
    ['ar', 'ar'],
    ['ru', 'en'],
  ])('sends the type, the text and the client details in language %s as %s, then thanks', async (language, sent) => {
    await i18n.changeLanguage(language);
    const { user, requests } = await openSupport({
      countryCode: '7',
      routes: { 'POST /api/feedback/send/COMPLAINT/tr': () => json({ data: { id: 'f' } }), 'POST /api/feedback/send/COMPLAINT/ar': () => json({ data: { id: 'f' } }), 'POST /api/feedback/send/COMPLAINT/en': () => json({ data: { id: 'f' } }) },
    });
    const dialog = await screen.findByTestId('feedback-dialog');
    await user.click(within(dialog).getByTestId('feedback-type-COMPLAINT'));
    await user.type(within(dialog).getByTestId('feedback-text'), 'The app is slow');
    await user.click(within(dialog).getByTestId('feedback-send'));
    expect(await within(dialog).findByTestId('feedback-sent')).toHaveTextContent('Thank you, your feedback has been sent.');
    const request = requests.find((r) => r.method === 'POST')!;
    expect(request.url.pathname).toBe(`/api/feedback/send/COMPLAINT/${sent}`);
    expect(request.body).toMatchObject({ text: 'The app is slow', client: { userAgent: navigator.userAgent } });
  });

  it('thanks on failure too and closes itself after 4 seconds; a success stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const { user } = await openSupport({
      countryCode: '49',
      routes: { 'POST /api/feedback/send/SUGGESTION/en': () => (fail ? json({ status: 'INTERNAL', message: 'x' }, { status: 503 }) : json({ data: { id: 'f' } })) },
    });
    let dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Idea');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you, your feedback has been sent.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FEEDBACK_FAILURE_CLOSE_MS));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fail = false;
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Support' }));
    dialog = await screen.findByRole('dialog', { name: 'Send us feedback' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Idea');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you, your feedback has been sent.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(FEEDBACK_FAILURE_CLOSE_MS * 2));
    expect(screen.getByRole('dialog', { name: 'Send us feedback' })).toBeInTheDocument();
  });
});
