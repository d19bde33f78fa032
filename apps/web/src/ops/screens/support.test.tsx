import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { OPS_TOKEN_KEY } from '../api/session';
import { ADMIN, renderConsole, serveOps } from '../test-support';

const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));
const TICKET = '3f0c2d9e-1f2a-4b5c-8d6e-7f8091a2b3c4';
const ACCOUNT = '5a1b2c3d-0000-4000-8000-000000000009';

/** The agents' socket at the network edge: it records frames and never connects (the REST calls carry the test). */
class QuietSocket {
  static sent: string[] = [];
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  send(data: string) {
    QuietSocket.sent.push(data);
  }
  close() {}
}

const item = (over: Record<string, unknown>) => ({
  kind: 'ticket',
  id: TICKET,
  state: 'waiting_agent',
  language: 'tr',
  type: null,
  accountId: ACCOUNT,
  waitingSince: '2026-11-29T07:00:00.000Z',
  assigneeId: null,
  assigneeName: null,
  preview: 'Upload is stuck',
  subscriberReadSeq: 0,
  agentReadSeq: 0,
  ...over,
});

const message = (seq: number, over: Record<string, unknown>) => ({
  id: `m${seq}`,
  ticketId: TICKET,
  seq,
  clientId: `c${seq}`,
  author: 'subscriber',
  authorName: null,
  text: `text ${seq}`,
  attachment: null,
  createdAt: '2026-11-29T07:00:00.000Z',
  internal: false,
  ...over,
});

beforeEach(() => {
  sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
  QuietSocket.sent = [];
  vi.stubGlobal('WebSocket', QuietSocket);
});

describe('the support inbox', () => {
  it('lists tickets and feedback and asks the server again when a filter changes', async () => {
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      'GET /api/ops/support/inbox': () => ({
        body: { items: [item({}), item({ kind: 'feedback', id: 'f1', state: 'new', type: 'COMPLAINT', preview: 'Invoice page is blank' })] },
      }),
    });
    const { user } = renderConsole('/ops/support');
    const table = await screen.findByRole('table', { name: t('ops_support:inbox_title') });
    expect(within(table).getByRole('link', { name: 'Upload is stuck' })).toHaveAttribute('href', `/ops/support/tickets/${TICKET}`);
    expect(within(table).getByRole('link', { name: 'Invoice page is blank' })).toHaveAttribute('href', '/ops/support/feedback/f1');
    expect(within(screen.getByRole('navigation', { name: t('ops:menu_label') })).getByRole('link', { name: t('ops_support:menu') })).toBeInTheDocument();

    const filters = within(screen.getByRole('search', { name: t('ops_support:filters') }));
    await user.selectOptions(filters.getByRole('combobox', { name: t('ops_support:filter_state') }), 'solved');
    await user.selectOptions(filters.getByRole('combobox', { name: t('ops_support:filter_language') }), 'ar');
    await waitFor(() => {
      const last = seen.filter((r) => r.path === '/api/ops/support/inbox').at(-1)!;
      expect(last.search.get('state')).toBe('solved');
      expect(last.search.get('language')).toBe('ar');
    });

    // Two changes before the screen renders again (a quick user on a busy machine): the first one is kept.
    act(() => {
      fireEvent.change(filters.getByRole('combobox', { name: t('ops_support:filter_kind') }), { target: { value: 'ticket' } });
      fireEvent.change(filters.getByRole('combobox', { name: t('ops_support:filter_type') }), { target: { value: 'COMPLAINT' } });
    });
    await waitFor(() => {
      const last = seen.filter((r) => r.path === '/api/ops/support/inbox').at(-1)!;
      expect(Object.fromEntries(last.search)).toMatchObject({ state: 'solved', language: 'ar', kind: 'ticket', type: 'COMPLAINT' });
    });
  });
});

describe('a support ticket', () => {
  it('shows the conversation with internal notes marked, the subscriber facts, and sends a note as internal', async () => {
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      [`GET /api/ops/support/tickets/${TICKET}`]: () => ({
        body: {
          ticket: {
            id: TICKET,
            accountId: ACCOUNT,
            state: 'waiting_agent',
            language: 'tr',
            createdAt: '2026-11-29T07:00:00.000Z',
            updatedAt: '2026-11-29T07:00:00.000Z',
            solvedAt: null,
            rating: null,
            assigneeId: null,
            assigneeName: null,
            subscriberReadSeq: 0,
            agentReadSeq: 1,
          },
          messages: [message(1, { text: 'Upload is stuck' }), message(2, { author: 'agent', authorName: 'Ada', internal: true, text: 'Check the quota first' })],
          subscriber: {
            accountId: ACCOUNT,
            name: 'Deniz Kaya',
            language: 'tr',
            countryCode: '90',
            status: 'ACTIVE',
            suspended: false,
            packageCode: 'PLUS_50',
            packageStatus: 'ACTIVE',
            quotaBytes: 50 * 1024 ** 3,
            usedBytes: 49 * 1024 ** 3,
            lockedUntil: null,
          },
        },
      }),
      'GET /api/ops/support/canned': () => ({ body: { items: [{ id: 'k1', language: 'tr', title: 'Quota', text: 'Kotanız dolmak üzere.' }] } }),
      'GET /api/ops/support/agents': () => ({ body: { items: [{ id: ADMIN.id, name: 'Ada Admin' }] } }),
      [`POST /api/ops/support/tickets/${TICKET}/messages`]: ({ body }) => ({
        body: { message: message(3, { author: 'agent', authorName: 'Ada', internal: (body as { internal: boolean }).internal, text: (body as { text: string }).text }) },
      }),
      [`POST /api/ops/support/tickets/${TICKET}/take`]: () => ({ body: { ticket: {} } }),
    });
    const { user } = renderConsole(`/ops/support/tickets/${TICKET}`);
    const conversation = await screen.findByRole('log', { name: t('ops_support:conversation') });
    expect(within(conversation).getByText('Upload is stuck')).toBeInTheDocument();
    const note = within(conversation).getByText('Check the quota first').closest('li')!;
    expect(note).toHaveTextContent(t('ops_support:internal_note'));
    expect(screen.getByText('PLUS_50 (ACTIVE)')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: t('ops_support:mode_note') }));
    await user.selectOptions(screen.getByRole('combobox', { name: t('ops_support:canned') }), 'k1');
    expect(screen.getByRole('textbox', { name: t('ops_support:note_label') })).toHaveValue('Kotanız dolmak üzere.');
    await user.click(screen.getByRole('button', { name: t('ops_support:add_note') }));
    await waitFor(() => expect(within(conversation).getAllByText('Kotanız dolmak üzere.')).toHaveLength(1));
    const sent = seen.find((r) => r.method === 'POST' && r.path.endsWith('/messages'))!;
    expect(sent.body).toMatchObject({ text: 'Kotanız dolmak üzere.', internal: true });
    expect((sent.body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: t('ops_support:take') }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path.endsWith('/take'))).toBe(true));
  });
});

describe('canned replies', () => {
  it('lists the replies of a language, and support creates, edits and deletes them', async () => {
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      'GET /api/ops/support/canned': () => ({ body: { items: [{ id: 'k1', language: 'de', title: 'Quota', text: 'Ihr Speicher ist fast voll.' }] } }),
      'POST /api/ops/support/canned': ({ body }) => ({ body: { item: { id: 'k2', ...(body as object) } } }),
      'PUT /api/ops/support/canned/k1': ({ body }) => ({ body: { item: { id: 'k1', ...(body as object) } } }),
      'DELETE /api/ops/support/canned/k1': () => ({ body: {} }),
    });
    const { user } = renderConsole('/ops/support/canned?language=de');
    expect(await screen.findByText('Ihr Speicher ist fast voll.')).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/api/ops/support/canned')!.search.get('language')).toBe('de');

    await user.type(screen.getByRole('textbox', { name: t('ops_support:canned_field_title') }), 'Hallo');
    await user.type(screen.getByRole('textbox', { name: t('ops_support:canned_field_text') }), 'Guten Tag, wie können wir helfen?');
    await user.click(screen.getByRole('button', { name: t('ops_support:canned_save') }));
    await waitFor(() => expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ language: 'de', title: 'Hallo', text: 'Guten Tag, wie können wir helfen?' }));

    await user.click(screen.getByRole('button', { name: t('ops_support:canned_edit_named', { title: 'Quota' }) }));
    const text = screen.getByRole('textbox', { name: t('ops_support:canned_field_text') });
    expect(text).toHaveValue('Ihr Speicher ist fast voll.');
    await user.clear(text);
    await user.type(text, 'Ihr Speicher ist voll.');
    await user.click(screen.getByRole('button', { name: t('ops_support:canned_save') }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ language: 'de', title: 'Quota', text: 'Ihr Speicher ist voll.' }));

    await user.click(screen.getByRole('button', { name: t('ops_support:canned_delete_named', { title: 'Quota' }) }));
    await waitFor(() => expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/ops/support/canned/k1')).toBe(true));
  });
});
