import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { OPS_TOKEN_KEY } from '../api/session';
import { ADMIN, renderConsole, serveOps } from '../test-support';

// Keys are built in the test; the English strings are what the screen shows (test/setup.ts).
const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));
const ID = '0b7c3d9e-1f2a-4b5c-8d6e-7f8091a2b3c4';

describe('a subscriber\'s page', () => {
  it('suspends only with a reason, then shows the new status; the server\'s refusal keeps the dialog open', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'operator-token');
    let status = 'ACTIVE';
    let refuse = true;
    const seen = serveOps({
      'GET /api/ops/me': () => ({ body: ADMIN }),
      [`GET /api/ops/subscribers/${ID}`]: () => ({
        // The server's shape (opsGetSubscriber in apps/server/openapi.json).
        body: {
          id: ID,
          name: 'Deniz',
          surname: 'Kaya',
          email: 'deniz@example.com',
          phone: '+905321234567',
          status,
          createdAt: '2026-01-10T09:00:00.000Z',
          language: 'tr',
          emailVerified: true,
          phoneVerified: true,
          pendingEmail: null,
          suspendedAt: status === 'SUSPENDED' ? '2026-11-29T05:00:00.000Z' : null,
          package: null,
          family: null,
          quota: { quotaBytes: 5 * 1024 ** 3, planQuotaBytes: 5 * 1024 ** 3, bonusBytes: 0, usedBytes: 3 * 1024 ** 3, reservedBytes: 0 },
          usage: [{ kind: 'photo', files: 120, bytes: 3 * 1024 ** 3 }],
          sessions: [],
          twoFactor: { enabled: false, methods: [], recoveryCodesLeft: 0 },
          signIns: [],
          lockout: null,
          grants: [],
        },
      }),
      [`POST /api/ops/subscribers/${ID}/suspend`]: () => {
        if (refuse) {
          refuse = false;
          return { status: 409, body: { status: 'CONFLICT', message: 'The account is being deleted.' } };
        }
        status = 'SUSPENDED';
        return { body: {} };
      },
    });
    const { user } = renderConsole(`/ops/subscribers/${ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Deniz Kaya' })).toBeInTheDocument();
    // Counts and sizes per kind, never what the files are.
    expect(screen.getByRole('table', { name: t('ops:usage_by_kind') })).toHaveTextContent(t('ops:kind_photo'));

    await user.click(screen.getByRole('button', { name: t('ops:action_suspend') }));
    const dialog = await screen.findByRole('dialog', { name: t('ops:suspend_title') });
    const confirm = within(dialog).getByRole('button', { name: t('ops:action_suspend') });

    // No reason, or one too short: nothing is sent.
    await user.click(confirm);
    expect(within(dialog).getByText(t('ops:reason_invalid', { min: 3, max: 500 }))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: t('ops:reason_label') }), 'ok');
    await user.click(confirm);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: t('ops:reason_label') }), ' — caller reported a stolen phone');
    await user.click(confirm);
    // The server refused: its message shows and the dialog stays, the reason kept.
    expect(await within(dialog).findByText('The account is being deleted.')).toBeInTheDocument();
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body, r.headers.get('x-auth-token')])).toEqual([
      [`/api/ops/subscribers/${ID}/suspend`, { reason: 'ok — caller reported a stolen phone' }, 'operator-token'],
      [`/api/ops/subscribers/${ID}/suspend`, { reason: 'ok — caller reported a stolen phone' }, 'operator-token'],
    ]);
    // The page reads the subscriber again: suspended, and the action turns into lifting it.
    expect(await screen.findByText(t('ops:status_SUSPENDED'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('ops:action_unsuspend') })).toBeInTheDocument();
  });
});
