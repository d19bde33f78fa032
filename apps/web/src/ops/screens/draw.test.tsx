import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { OPS_TOKEN_KEY } from '../api/session';
import { ADMIN, renderConsole, serveOps } from '../test-support';

const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));
const ID = '3c1d2e4f-0000-4a01-8000-00000000d001';
const MARKETING = { ...ADMIN, role: 'marketing' as const, permissions: ['ops.self', 'ops.dashboard.read', 'ops.draw.read', 'ops.draw.write'] };

describe('the prize-draw console screen', () => {
  it('lists campaigns, issues codes, and closes entries with a reason; phones only masked', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    let status = 'OPEN';
    const campaign = () => ({
      id: ID,
      label: 'Yılbaşı',
      status,
      startsAt: Date.parse('2026-12-01T00:00:00Z'),
      endsAt: Date.parse('2026-12-31T00:00:00Z'),
      winnerCount: 3,
      commitment: 'a'.repeat(64),
      codesIssued: 10,
      codesUsed: 1,
      entries: 1,
      closedAt: null,
      drawnAt: null,
    });
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: MARKETING }),
      'GET /api/ops/draw/campaigns': () => ({ body: { items: [campaign()] } }),
      [`GET /api/ops/draw/campaigns/${ID}/entries`]: () => ({
        body: { total: 1, codesIssued: 10, codesUsed: 1, items: [{ entryHash: 'b'.repeat(64), phone: '+90 5** *** **12', enteredAt: Date.now(), winnerRank: null }] },
      }),
      [`POST /api/ops/draw/campaigns/${ID}/codes`]: () => ({ body: { batchId: 'x', codes: ['AB2C3D4', 'EF5G6H7'] } }),
      [`POST /api/ops/draw/campaigns/${ID}/close`]: () => {
        status = 'CLOSED';
        return { body: campaign() };
      },
    });
    const { user } = renderConsole('/ops/draw');

    expect(await screen.findByRole('heading', { level: 1, name: t('opsDraw:menu') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('opsDraw:menu') })).toBeInTheDocument();
    // The heading shows before the campaign list has loaded.
    await user.click(await screen.findByRole('button', { name: t('opsDraw:manage_named', { name: 'Yılbaşı' }) }));
    const entries = await screen.findByRole('region', { name: t('opsDraw:latest_entries') });
    expect(await within(entries).findByText('+90 5** *** **12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('opsDraw:generate') }));
    const generate = await screen.findByRole('dialog', { name: t('opsDraw:generate') });
    await user.clear(within(generate).getByRole('spinbutton', { name: t('opsDraw:count') }));
    await user.type(within(generate).getByRole('spinbutton', { name: t('opsDraw:count') }), '2');
    await user.type(within(generate).getByRole('textbox', { name: t('ops:reason_label') }), 'Telesales batch');
    await user.click(within(generate).getByRole('button', { name: t('opsDraw:generate') }));
    expect(await screen.findByText(t('opsDraw:issued', { n: 2 }))).toBeInTheDocument();
    expect(seen.find((r) => r.path.endsWith('/codes'))!.body).toEqual({ count: 2, reason: 'Telesales batch' });

    await user.click(screen.getByRole('button', { name: t('opsDraw:close') }));
    const close = await screen.findByRole('dialog', { name: t('opsDraw:close') });
    await user.type(within(close).getByRole('textbox', { name: t('ops:reason_label') }), 'Period over');
    await user.click(within(close).getByRole('button', { name: t('opsDraw:close') }));
    expect(await screen.findByRole('button', { name: t('opsDraw:run') })).toBeInTheDocument();
  });

  it('edits an open campaign with the create form\'s checks: prefilled, end after start, texts kept, a reason', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    const texts = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, { title: `Yılbaşı ${l}`, conditions: `Koşullar ${l}`, result: `Katıldınız ${l}` }]));
    let label = 'Yılbaşı';
    const campaign = () => ({
      id: ID,
      label,
      status: 'OPEN',
      startsAt: Date.parse('2026-12-01T00:00:00Z'),
      endsAt: Date.parse('2026-12-31T00:00:00Z'),
      winnerCount: 3,
      commitment: 'a'.repeat(64),
      codesIssued: 0,
      codesUsed: 0,
      entries: 0,
      closedAt: null,
      drawnAt: null,
    });
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: MARKETING }),
      'GET /api/ops/draw/campaigns': () => ({ body: { items: [campaign()] } }),
      [`GET /api/ops/draw/campaigns/${ID}`]: () => ({ body: { ...campaign(), texts } }),
      [`GET /api/ops/draw/campaigns/${ID}/entries`]: () => ({ body: { total: 0, codesIssued: 0, codesUsed: 0, items: [] } }),
      [`PUT /api/ops/draw/campaigns/${ID}`]: (r) => {
        label = (r.body as { name: string }).name;
        return { body: campaign() };
      },
    });
    const { user } = renderConsole('/ops/draw');
    await user.click(await screen.findByRole('button', { name: t('opsDraw:manage_named', { name: 'Yılbaşı' }) }));
    await user.click(await screen.findByRole('button', { name: t('opsDraw:edit') }));

    const dialog = await screen.findByRole('dialog', { name: t('opsDraw:edit_named', { name: 'Yılbaşı' }) });
    const name = within(dialog).getByRole('textbox', { name: t('opsDraw:label') });
    expect(name).toHaveValue('Yılbaşı');
    expect(within(dialog).getAllByRole('textbox', { name: t('opsDraw:text_title') })[0]).toHaveValue(`Yılbaşı ${SUPPORTED_LANGUAGES[0]}`);
    await user.clear(name);
    await user.type(name, 'Yılbaşı büyük çekiliş');
    await user.type(within(dialog).getByRole('textbox', { name: t('ops:reason_label') }), 'Longer title');

    // An end before the start is refused before it reaches the server, as on create.
    const ends = within(dialog).getByLabelText(t('opsDraw:ends'));
    fireEvent.change(ends, { target: { value: '2026-11-01T00:00' } });
    expect(within(dialog).getByText(t('opsDraw:ends_after_start'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('opsDraw:save') }));
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(ends, { target: { value: '2027-01-15T00:00' } });
    await user.click(within(dialog).getByRole('button', { name: t('opsDraw:save') }));
    expect(await screen.findByRole('button', { name: t('opsDraw:manage_named', { name: 'Yılbaşı büyük çekiliş' }) })).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'PUT')!.body as { name: string; endsAt: number; winnerCount: number; texts: unknown; reason: string };
    expect(put).toMatchObject({ name: 'Yılbaşı büyük çekiliş', winnerCount: 3, texts, reason: 'Longer title' });
    expect(put.endsAt).toBe(new Date('2027-01-15T00:00').getTime());
  });
});
