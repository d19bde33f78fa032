import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockHandler, type MockRequest } from '@/test/fetch-mock';
import { renderSignedIn } from '@/test/settings-fixtures';

const pack = {
  id: 'p-100',
  code: 'S100_M',
  name: '100 GB',
  storageBytes: 100 * 1024 ** 3,
  period: 'MONTHLY',
  priceMinor: 4999,
  currency: 'TRY',
  discountRate: 0,
  discountedPriceMinor: 4999,
  premium: false,
  family: false,
  familyMemberCount: 0,
  type: 'STORAGE',
  buyOneGetOne: false,
};

function payment(status: string, declineCode: string | null = null) {
  return { id: 'pay-1', amountMinor: 4999, currency: 'TRY', status, declineCode, method: 'CARD', cardMask: '**** **** **** 4242', description: '100 GB', capturedAt: null };
}

function routes(extra: Record<string, MockHandler> = {}, cards: unknown = { userKind: 3, cards: [] }): Record<string, MockHandler> {
  return {
    'GET /api/packages': () => json({ packages: [pack], currency: 'TRY' }),
    'POST /api/packages/quote': () => json({ action: 'PURCHASE', amountMinor: 4999, currency: 'TRY', creditMinor: 0, effectiveAt: '2026-11-26T12:00:00Z' }),
    'GET /api/payment/cards': () => json(cards),
    ...extra,
  };
}

const orders = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/packages/orders');

async function fillCard(user: ReturnType<typeof renderSignedIn>['user'], number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Month'), '12');
  await user.type(screen.getByLabelText('Year'), '30');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ayşe Yılmaz');
}

const agreements = {
  language: 'en',
  documents: [
    { kind: 'PRE_INFORMATION', title: 'Preliminary Information Form', text: 'SELLER: Bulut İletişim Hizmetleri A.Ş.\n\nSERVICE: Bulut 100 GB cloud storage package, monthly subscription.\n\nRIGHT OF WITHDRAWAL: …' },
    { kind: 'DISTANCE_SALES', title: 'Distance Sales Agreement', text: 'ARTICLE 1 – PARTIES\n\nBUYER: Ayşe Yılmaz\n\nARTICLE 3 – SERVICE AND PRICE: ₺49.99' },
  ],
};

describe('Payment screen', () => {
  it('opens both documents behind the checkbox and lets them be read before paying, without ticking it', async () => {
    const { user, requests } = renderSignedIn('/main/packages/payment?packageId=p-100', routes({ 'GET /api/packages/agreements': () => json(agreements) }));
    const checkbox = await screen.findByRole('checkbox', { name: /distance sales agreement/ });
    await user.click(screen.getByRole('button', { name: 'distance sales agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Distance Sales Agreement' });
    const text = await within(dialog).findByTestId('agreement-text');
    expect(text).toHaveTextContent('BUYER: Ayşe Yılmaz');
    expect(text).toHaveTextContent('₺49.99');
    expect(text).toHaveAttribute('lang', 'en');
    const call = requests.find((r) => r.url.pathname === '/api/packages/agreements')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ packageId: 'p-100', language: 'en' });
    // The footer's Close (the corner icon has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(checkbox).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'preliminary information form' }));
    const pre = await screen.findByRole('dialog', { name: 'Preliminary Information Form' });
    expect(await within(pre).findByTestId('agreement-text')).toHaveTextContent('SELLER: Bulut İletişim Hizmetleri A.Ş.');
    expect(orders(requests)).toHaveLength(0);
  });

  it('after a successful payment shows success with Continue at once, and stays until the subscriber moves on', async () => {
    const { user, router } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({ 'POST /api/packages/orders': () => json({ orderId: 'o-1', status: 'COMPLETED', payment: payment('CAPTURED'), actionUrl: null, paycellTrxnId: null }) }),
    );
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    await user.click(screen.getByRole('button', { name: /^Pay .*49\.99/ }));
    const done = await screen.findByTestId('payment-done');
    // No countdown and no automatic move: the way on is there at once.
    await user.click(within(done).getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages'));
  });


  it('shows the order and raises every card-error flag before sending anything', async () => {
    const { user, requests } = renderSignedIn('/main/packages/payment?packageId=p-100', routes());
    expect(await screen.findByText('100 GB storage')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: /^Pay .*49\.99/ });
    await user.click(pay);
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid month.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid year.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3-digit security code.')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the card.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the agreement to continue.')).toBeInTheDocument();

    // A card that fails Luhn keeps its flag; the confirm checkbox alone still blocks a good card.
    await fillCard(user, '4242424242424241');
    await user.click(pay);
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(pay);
    expect(screen.queryByText('Enter a valid card number.')).not.toBeInTheDocument();
    expect(screen.getByText('Please accept the agreement to continue.')).toBeInTheDocument();
    expect(orders(requests)).toHaveLength(0);
  });

  it('sends one order for a double click and shows the success message', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { user, requests } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({
        'POST /api/packages/orders': async () => {
          await answered;
          return json({ orderId: 'o-1', status: 'COMPLETED', payment: payment('CAPTURED'), actionUrl: null, paycellTrxnId: null });
        },
      }),
    );
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    const pay = screen.getByRole('button', { name: /^Pay .*49\.99/ });
    await user.dblClick(pay);
    await user.click(pay);
    await waitFor(() => expect(orders(requests)).toHaveLength(1));
    expect(pay).toBeDisabled();
    release();
    expect(await screen.findByText('Payment successful. Your new storage is ready.')).toBeInTheDocument();
    expect(orders(requests)).toHaveLength(1);
    const body = orders(requests)[0]!.body as { packageId: string; idempotencyKey: string; payment: { type: string; card: { number: string }; saveCard: boolean } };
    expect(body.packageId).toBe('p-100');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.payment).toMatchObject({ type: 'NEW_CARD', card: { number: '4242424242424242', expiryYear: 2030 }, saveCard: true });
    // In the app (not the mobile web view) the 3-D Secure page returns to the app's payment screen.
    expect(body).toMatchObject({ returnTo: 'MAIN' });
  });

  it('shows a decline by its code and starts a new checkout key for the next try', async () => {
    const { user, requests } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({
        'POST /api/packages/orders': () => json({ orderId: 'o-2', status: 'FAILED', payment: payment('DECLINED', 'INSUFFICIENT_FUNDS'), actionUrl: null, paycellTrxnId: null }),
      }),
    );
    await fillCard(user, '4000000000009995');
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    const pay = screen.getByRole('button', { name: /^Pay .*49\.99/ });
    await user.click(pay);
    expect(await screen.findByText('The payment was declined: insufficient funds on the card.')).toBeInTheDocument();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(orders(requests)).toHaveLength(2));
    const [first, second] = orders(requests).map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(first).not.toBe(second);
  });

  it('keeps the same key when an order got no answer, so a retry cannot charge twice', async () => {
    let calls = 0;
    const { user, requests } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({
        'POST /api/packages/orders': () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
          return json({ orderId: 'o-3', status: 'COMPLETED', payment: payment('CAPTURED'), actionUrl: null, paycellTrxnId: null });
        },
      }),
    );
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    const pay = screen.getByRole('button', { name: /^Pay .*49\.99/ });
    await user.click(pay);
    expect(await screen.findByText(/No connection/)).toBeInTheDocument();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText('Payment successful. Your new storage is ready.')).toBeInTheDocument();
    const keys = orders(requests).map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('pays with the default saved card of a linked MasterPass user (card choice 0)', async () => {
    const linked = {
      userKind: 1,
      cards: [{ id: 'c-1', mask: '**** **** **** 4444', brand: 'MASTERCARD', holderName: 'Ayşe Yılmaz', expiryMonth: 1, expiryYear: 2030, isDefault: true, expired: false, expiresSoon: false }],
    };
    const { user, requests } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({ 'POST /api/packages/orders': () => json({ orderId: 'o-4', status: 'COMPLETED', payment: payment('CAPTURED'), actionUrl: null, paycellTrxnId: null }) }, linked),
    );
    expect(await screen.findByRole('radio', { name: /Mastercard/ })).toBeChecked();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    await user.click(screen.getByRole('button', { name: /^Pay .*49\.99/ }));
    await waitFor(() => expect(orders(requests)).toHaveLength(1));
    expect((orders(requests)[0]!.body as { payment: unknown }).payment).toEqual({ type: 'SAVED_CARD', cardId: 'c-1' });
  });

  it('shows the MasterPass link box to a user of kind 2', async () => {
    renderSignedIn('/main/packages/payment?packageId=p-100', routes({}, { userKind: 2, cards: [] }));
    expect(await screen.findByTestId('unlinked-box')).toHaveTextContent(/MasterPass/);
  });

  it('confirms a wallet payment with the SMS code, and can send the code again', async () => {
    const { user, requests } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({
        'POST /api/packages/orders': () =>
          json({ orderId: 'o-5', status: 'PENDING', payment: { ...payment('AWAITING_CODE'), method: 'WALLET', cardMask: null }, actionUrl: null, paycellTrxnId: 'trx-1' }),
        'POST /api/payment/wallet/resend': () => json({}),
        'POST /api/payment/wallet/confirm': (request) =>
          (request.body as { code: string }).code === '123456'
            ? json({ ...payment('CAPTURED'), method: 'WALLET' })
            : json({ status: 'INVALID_CODE', message: 'Wrong code.', field: 'code' }, { status: 400 }),
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Operator wallet' }));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    await user.click(screen.getByRole('button', { name: /^Pay .*49\.99/ }));
    await waitFor(() => expect(orders(requests)).toHaveLength(1));
    expect((orders(requests)[0]!.body as { payment: unknown }).payment).toEqual({ type: 'WALLET' });
    await user.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('The code is wrong. Please try again.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirmation code'));
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Payment successful. Your new storage is ready.')).toBeInTheDocument();
    const confirms = requests.filter((r) => r.url.pathname === '/api/payment/wallet/confirm').map((r) => r.body);
    expect(confirms.at(-1)).toEqual({ paycellTrxnId: 'trx-1', code: '123456' });
  });

  it('waits on the return from 3-D Secure until the payment is final', async () => {
    let polls = 0;
    renderSignedIn(
      '/main/packages/payment?packageId=p-100&orderId=o-6&paymentId=pay-1',
      routes({
        'GET /api/payment/payments/pay-1': () => {
          polls += 1;
          return json(payment(polls < 2 ? 'REQUIRES_ACTION' : 'DECLINED', polls < 2 ? null : 'THREE_DS_FAILED'));
        },
      }),
    );
    expect(await screen.findByText('Your payment is being confirmed…')).toBeInTheDocument();
    expect(await screen.findByText('The 3-D Secure verification failed. Nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/main/packages/payment?packageId=p-100');
    expect(polls).toBe(2);
  });

  it('ends the wallet step when the last allowed wrong code failed the payment', async () => {
    const { user } = renderSignedIn(
      '/main/packages/payment?packageId=p-100',
      routes({
        'POST /api/packages/orders': () =>
          json({ orderId: 'o-7', status: 'PENDING', payment: { ...payment('AWAITING_CODE'), method: 'WALLET' }, actionUrl: null, paycellTrxnId: 'trx-2' }),
        'POST /api/payment/wallet/confirm': () => json({ status: 'INVALID_CODE', message: 'Cancelled after too many attempts.', field: 'code' }, { status: 400 }),
        'GET /api/payment/payments/pay-1': () => json({ ...payment('FAILED', 'TOO_MANY_ATTEMPTS'), method: 'WALLET' }),
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Operator wallet' }));
    await user.click(screen.getByRole('checkbox', { name: /distance sales agreement/ }));
    await user.click(screen.getByRole('button', { name: /^Pay .*49\.99/ }));
    await user.type(await screen.findByLabelText('Confirmation code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('The confirmation code was wrong too many times. Nothing was charged.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirmation code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay .*49\.99/ })).toBeEnabled();
  });
});
