import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { OPS_TOKEN_KEY } from '../api/session';
import { ADMIN, renderConsole, serveOps } from '../test-support';

const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));

describe('console lists', () => {
  it('the operators list marks an operator whose set-up link is not used yet; changing a role asks for a reason', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    const operator = (id: string, name: string, setupPending: boolean) => ({
      id,
      email: `${name.toLowerCase()}@bulut.example`,
      name,
      role: 'support',
      status: 'ACTIVE',
      setupPending,
      createdAt: 1_764_000_000_000,
      lastSignInAt: null,
    });
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      'GET /api/ops/operators': () => ({ body: { items: [operator('a1', 'Selin', true), operator('a2', 'Mert', false)] } }),
      'PUT /api/ops/operators/a2/role': () => ({ body: { ...operator('a2', 'Mert', false), role: 'finance' } }),
    });
    const { user } = renderConsole('/ops/operators');
    const table = await screen.findByRole('table', { name: t('ops:menu_operators') });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('Selin')).toHaveTextContent(t('ops:status_setup_pending'));
    expect(row('Mert')).not.toHaveTextContent(t('ops:status_setup_pending'));

    await user.click(screen.getByRole('button', { name: t('ops:change_role_named', { name: 'Mert' }) }));
    const dialog = await screen.findByRole('dialog', { name: t('ops:change_role_named', { name: 'Mert' }) });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: t('ops:role') }), 'finance');
    await user.type(within(dialog).getByRole('textbox', { name: t('ops:reason_label') }), 'Moved to billing');
    await user.click(within(dialog).getByRole('button', { name: t('ops:save') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/ops/operators/a2/role', body: { role: 'finance', reason: 'Moved to billing' } });
  });

  it('a subscriber search keeps its query in the address and lists the hits; nothing found says so', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      'GET /api/ops/subscribers': (r) => ({
        body: {
          items:
            r.search.get('q') === 'deniz'
              ? [{ id: 's1', name: 'Deniz', surname: 'Kaya', email: 'deniz@example.com', phone: '+905321234567', status: 'ACTIVE', createdAt: '2026-01-10T09:00:00.000Z', planCode: null }]
              : [],
        },
      }),
    });
    const { user, router } = renderConsole('/ops/subscribers');
    await user.type(await screen.findByRole('searchbox', { name: t('ops:subscriber_search') }), 'deniz');
    await user.click(screen.getByRole('button', { name: t('ops:search') }));
    const results = await screen.findByRole('table', { name: t('ops:results') });
    expect(within(results).getByRole('link', { name: 'Deniz Kaya' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=deniz');

    await user.clear(screen.getByRole('searchbox', { name: t('ops:subscriber_search') }));
    await user.type(screen.getByRole('searchbox', { name: t('ops:subscriber_search') }), 'nobody');
    await user.click(screen.getByRole('button', { name: t('ops:search') }));
    expect(await screen.findByText(t('ops:no_results'))).toBeInTheDocument();
  });
});
