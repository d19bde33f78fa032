import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { OPS_TOKEN_KEY } from '../api/session';
import { ADMIN, renderConsole, serveOps } from '../test-support';

const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));
const MARKETING = { ...ADMIN, role: 'marketing' as const, permissions: ['ops.self', 'ops.dashboard.read', 'ops.campaign.read', 'ops.campaign.write'] };
const CAMPAIGN = {
  id: '3c1f0f0e-0000-4000-8000-000000000001',
  kind: 'STARS',
  name: 'Winter stars',
  status: 'ACTIVE',
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2027-01-01T00:00:00.000Z',
  drawAt: null,
  texts: { tr: { title: 'Kış yıldızları', summary: '' }, en: { title: 'Winter stars', summary: '' } },
  details: {},
  rules: {},
  updatedAt: '2026-11-29T00:00:00.000Z',
};

describe('the console\'s campaigns', () => {
  it('lists campaigns, creates a referral campaign with its rule and texts, and closes one with a reason', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: MARKETING }),
      'GET /api/ops/campaigns': () => ({ body: { items: [CAMPAIGN] } }),
      'POST /api/ops/campaigns': (r) => ({ body: { ...CAMPAIGN, ...(r.body as object), id: 'x', status: 'ACTIVE' } }),
      [`POST /api/ops/campaigns/${CAMPAIGN.id}/close`]: () => ({ body: { ...CAMPAIGN, status: 'CLOSED' } }),
    });
    const { user } = renderConsole('/ops/campaigns');
    const table = await screen.findByRole('table', { name: t('ops_campaigns:menu') });
    expect(table).toHaveTextContent('Winter stars');
    expect(table).toHaveTextContent(t('ops_campaigns:kind_stars'));

    await user.click(screen.getByRole('button', { name: t('ops_campaigns:new') }));
    const dialog = await screen.findByRole('dialog', { name: t('ops_campaigns:new') });
    await user.type(within(dialog).getByRole('textbox', { name: t('ops:name') }), 'Invite winter');
    const ends = within(dialog).getByLabelText(t('ops_campaigns:ends'));
    await user.type(ends, '2027-02-01T10:00');
    const title = within(dialog).getByRole('textbox', { name: t('ops_campaigns:title') });
    await user.type(title, 'Arkadaşını davet et');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: t('ops_campaigns:language') }), 'en');
    await user.type(within(dialog).getByRole('textbox', { name: t('ops_campaigns:title') }), 'Invite friends');
    await user.type(within(dialog).getByRole('textbox', { name: t('ops_campaigns:details') }), '<p>Both get 1 GB</p>');
    await user.type(within(dialog).getByRole('textbox', { name: t('ops:reason_label') }), 'Winter growth plan');
    await user.click(within(dialog).getByRole('button', { name: t('ops:save') }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === '/api/ops/campaigns')).toBe(true));
    const created = seen.find((r) => r.method === 'POST' && r.path === '/api/ops/campaigns')!.body as Record<string, unknown>;
    expect(created).toMatchObject({
      kind: 'REFERRAL',
      name: 'Invite winter',
      texts: { tr: { title: 'Arkadaşını davet et', summary: '' }, en: { title: 'Invite friends', summary: '' } },
      details: { en: '<p>Both get 1 GB</p>' },
      rules: { bonusBytes: 1024 ** 3, monthlyCap: 10 },
      reason: 'Winter growth plan',
    });

    await user.click(screen.getByRole('button', { name: t('ops_campaigns:close_named', { name: 'Winter stars' }) }));
    const closeDialog = await screen.findByRole('dialog', { name: t('ops_campaigns:close_named', { name: 'Winter stars' }) });
    await user.type(within(closeDialog).getByRole('textbox', { name: t('ops:reason_label') }), 'Campaign over');
    await user.click(within(closeDialog).getByRole('button', { name: t('ops_campaigns:close_named', { name: 'Winter stars' }) }));
    await waitFor(() => expect(seen.some((r) => r.path === `/api/ops/campaigns/${CAMPAIGN.id}/close`)).toBe(true));
    expect(seen.find((r) => r.path === `/api/ops/campaigns/${CAMPAIGN.id}/close`)!.body).toEqual({ reason: 'Campaign over' });
  });
});
