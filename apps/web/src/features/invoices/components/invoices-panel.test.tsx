import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { PATIENT } from '@/test/patient';
import type { Invoice } from '../api';
import { InvoicesPanel } from './invoices-panel';

const invoice = (n: number, patch: Partial<Invoice> = {}): Invoice => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: `BLT-2026-${String(n).padStart(6, '0')}`,
  kind: 'INVOICE',
  issuedAt: '2026-11-26T10:00:00.000Z',
  description: '100 GB monthly',
  netMinor: 8325,
  vatMinor: 1665,
  totalMinor: 9990,
  currency: 'TRY',
  periodStart: null,
  periodEnd: null,
  ...patch,
});

function setup(routes: Record<string, MockHandler>) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const { requests } = mockFetch(routes);
  const navigate = vi.fn();
  const user = userEvent.setup();
  render(
    <Provider store={createAppStore()}>
      <InvoicesPanel navigate={navigate} />
    </Provider>,
  );
  return { requests, navigate, user };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('InvoicesPanel', () => {
  it('lists invoices with number, date, description and amount, and downloads the PDF through a signed link', async () => {
    const items = [invoice(2, { periodStart: '2026-11-26T10:00:00.000Z', periodEnd: '2026-12-26T10:00:00.000Z' }), invoice(1, { kind: 'REFUND', totalMinor: -9990, netMinor: -8325, vatMinor: -1665 })];
    const { requests, navigate, user } = setup({
      'GET /api/invoices': () => json({ items, total: 2 }),
      [`GET /api/invoices/${items[0]!.id}/pdf`]: () => json({ url: '/api/invoice-pdf/signed.token' }),
    });
    const table = await screen.findByRole('table', { name: 'Your invoices, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'BLT-2026-000002' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('100 GB monthly');
    expect(rows[0]).toHaveTextContent('Nov 26, 2026');
    expect(rows[0]).toHaveTextContent('TRY 99.90');
    expect(rows[0]).toHaveTextContent(/Nov 26\s*–\s*Dec 26, 2026/);
    expect(rows[1]).toHaveTextContent('Refund');
    expect(rows[1]).toHaveTextContent('-TRY 99.90');
    const list = requests.find((r) => r.url.pathname === '/api/invoices');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ page: '0', size: '20' });

    await user.click(screen.getByRole('button', { name: 'Download invoice BLT-2026-000002 as PDF' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/invoice-pdf/signed.token'), PATIENT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('formats amounts in the interface language', async () => {
    await i18n.changeLanguage('tr');
    setup({ 'GET /api/invoices': () => json({ items: [invoice(1)], total: 1 }) });
    const row = (await screen.findAllByTestId('invoice-row'))[0]!;
    expect(row.textContent).toContain(new Intl.NumberFormat('tr', { style: 'currency', currency: 'TRY' }).format(99.9));
  });

  it('shows an empty state without invoices', async () => {
    setup({ 'GET /api/invoices': () => json({ items: [], total: 0 }) });
    expect(await screen.findByRole('group', { name: 'No invoices yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot load and retries', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/invoices': () => (++calls === 1 ? json({ status: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }) : json({ items: [invoice(1)], total: 1 })),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoices could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'BLT-2026-000001' })).toBeInTheDocument();
  });

  it('says when a PDF link cannot be had and stays on the page', async () => {
    const item = invoice(1);
    const { navigate, user } = setup({
      'GET /api/invoices': () => json({ items: [item], total: 1 }),
      [`GET /api/invoices/${item.id}/pdf`]: () => json({ status: 'NOT_FOUND', message: 'Invoice not found.' }, { status: 404 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download invoice BLT-2026-000001 as PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The invoice could not be downloaded.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('pages through more than 20 invoices', async () => {
    const all = Array.from({ length: 25 }, (_, i) => invoice(25 - i));
    const { user, requests } = setup({
      'GET /api/invoices': (r) => {
        const page = Number(r.url.searchParams.get('page'));
        return json({ items: all.slice(page * 20, page * 20 + 20), total: all.length });
      },
    });
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'BLT-2026-000001' })).toBeInTheDocument();
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(5);
    expect(requests.some((r) => r.url.searchParams.get('page') === '1')).toBe(true);
  });
});
