import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { json, type MockHandler } from '@/test/fetch-mock';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

const GB = 1024 ** 3;

function pkg(code: string, storageGb: number, period: 'MONTHLY' | 'YEARLY', priceMinor: number, extra: Record<string, unknown> = {}) {
  const discountRate = period === 'YEARLY' ? 30 : 0;
  return {
    id: `id-${code}`,
    code,
    name: `package.${code}`,
    storageBytes: storageGb * GB,
    period,
    priceMinor,
    currency: 'TRY',
    discountRate,
    discountedPriceMinor: Math.round((priceMinor * (100 - discountRate)) / 100),
    premium: false,
    family: false,
    familyMemberCount: 0,
    type: 'STORAGE',
    buyOneGetOne: false,
    ...extra,
  };
}

const CATALOGUE = [
  pkg('S50M', 50, 'MONTHLY', 2999),
  pkg('S100M', 100, 'MONTHLY', 4999),
  pkg('S500M', 500, 'MONTHLY', 9999),
  pkg('F2TM', 2048, 'MONTHLY', 24999, { premium: true, family: true, familyMemberCount: 5, type: 'FAMILY' }),
  pkg('S50Y', 50, 'YEARLY', 29990),
  pkg('S100Y', 100, 'YEARLY', 49990, { buyOneGetOne: true }),
];

function subscription(fields: Record<string, unknown> = {}) {
  return {
    package: null,
    status: 'NONE',
    periodStart: null,
    periodEnd: null,
    renewsAt: null,
    graceUntil: null,
    pendingPackage: null,
    quotaBytes: 5 * GB,
    usedBytes: Math.round(1.2 * GB),
    usagePercent: 24,
    accountStatus: 'ACTIVE',
    familyRole: null,
    ...fields,
  };
}

const active100 = () =>
  subscription({
    package: CATALOGUE[1],
    status: 'ACTIVE',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    renewsAt: '2026-12-01T00:00:00.000Z',
    quotaBytes: 100 * GB,
    usedBytes: 80 * GB,
    usagePercent: 80,
  });

function render(path: string, sub: unknown, routes: Record<string, MockHandler> = {}, info = accountInfo()) {
  return renderSignedIn(
    path,
    {
      'GET /api/packages': () => json({ packages: CATALOGUE, currency: 'TRY' }),
      'GET /api/packages/subscription': () => json(sub),
      ...routes,
    },
    info,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PackagesScreen', () => {
  it('opens on the packages tab (id 2) with the monthly catalogue, prices in the interface language and badges', async () => {
    const { user } = render('/main/packages', subscription());
    expect(await screen.findByRole('tab', { name: 'Packages', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Usage', 'Packages']);
    const list = await screen.findByTestId('package-list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const first = within(list).getByRole('listitem', { name: '50 GB storage' });
    expect(first).toHaveTextContent('TRY 29.99');
    expect(within(first).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    const family = within(list).getByRole('listitem', { name: '2 TB family' });
    expect(family).toHaveTextContent('Family · 5 people');
    expect(family).toHaveTextContent('Premium features');
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Free plan');

    // Yearly: the discount badge (packages_discount_rate), the old price struck out, the campaign badge.
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    const yearly = within(screen.getByTestId('package-list')).getAllByRole('listitem');
    expect(yearly).toHaveLength(2);
    const hundred = within(screen.getByTestId('package-list')).getByRole('listitem', { name: '100 GB storage' });
    expect(hundred).toHaveTextContent('30% off');
    expect(hundred).toHaveTextContent('Buy one, get one');
    expect(hundred.querySelector('s')).toHaveTextContent('TRY 499.90');
    expect(hundred).toHaveTextContent('TRY 349.93');
  });

  it('writes amounts and dates in Turkish when the interface is Turkish', async () => {
    const tr = (await import('@/i18n/locales/tr/packages.json')).default;
    const trCommon = (await import('@/i18n/locales/tr/common.json')).default;
    const trAccount = (await import('@/i18n/locales/tr/account.json')).default;
    i18n.addResourceBundle('tr', 'packages', tr);
    i18n.addResourceBundle('tr', 'common', trCommon);
    i18n.addResourceBundle('tr', 'account', trAccount);
    await i18n.changeLanguage('tr');
    render('/main/packages', active100(), {}, accountInfo({ language: 'tr' }));
    const plan = await screen.findByTestId('current-plan');
    expect(plan).toHaveTextContent('100 GB depolama');
    expect(plan).toHaveTextContent('Aylık ₺49,99');
    expect(plan).toHaveTextContent('1 Aralık 2026 tarihinde yenilenir');
  });

  it('marks the current plan, offers upgrade at payment and cancels to the end of the period', async () => {
    let current = active100();
    const { user, router, requests } = render('/main/packages', null, {
      'GET /api/packages/subscription': () => json(current),
      'POST /api/packages/quote': ({ body }) =>
        json({ action: (body as { packageId: string }).packageId === 'id-S500M' ? 'UPGRADE' : 'DOWNGRADE', amountMinor: 5000, currency: 'TRY', creditMinor: 0, effectiveAt: '2026-12-01T00:00:00.000Z' }),
      'POST /api/packages/subscription/cancel': () => {
        current = { ...current, status: 'CANCELLED' };
        return json(current);
      },
      'POST /api/packages/subscription/resume': () => {
        current = { ...current, status: 'ACTIVE' };
        return json(current);
      },
    });
    const list = await screen.findByTestId('package-list');
    const mine = within(list).getByRole('listitem', { name: '100 GB storage' });
    expect(mine).toHaveTextContent('Your plan');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Renews on December 1, 2026');

    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(dialog).toHaveTextContent('Your plan stays until December 1, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(screen.getByTestId('plan-status')).toHaveTextContent('Cancelled'));
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Ends on December 1, 2026 and will not renew.');
    await user.click(screen.getByRole('button', { name: 'Resume plan' }));
    await waitFor(() => expect(screen.getByTestId('plan-status')).toHaveTextContent('Active'));
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/packages/subscription/')).map((r) => r.url.pathname)).toEqual([
      '/api/packages/subscription/cancel',
      '/api/packages/subscription/resume',
    ]);

    await user.click(within(screen.getByTestId('package-list')).getByRole('button', { name: 'Upgrade', description: '500 GB storage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages/payment'));
    expect(router.state.location.search).toBe('?packageId=id-S500M');
  });

  it('asks before a downgrade and says clearly when the usage does not fit the smaller quota', async () => {
    const { user, requests } = render('/main/packages', active100(), {
      'POST /api/packages/quote': () => json({ action: 'DOWNGRADE', amountMinor: 0, currency: 'TRY', creditMinor: 0, effectiveAt: '2026-12-01T00:00:00.000Z' }),
      'POST /api/packages/subscription/downgrade': () => json({ status: 'USAGE_EXCEEDS_QUOTA', message: 'Usage exceeds the quota' }, { status: 409 }),
    });
    const list = await screen.findByTestId('package-list');
    await user.click(within(list).getByRole('button', { name: 'Downgrade', description: '50 GB storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to a smaller package?' });
    expect(dialog).toHaveTextContent('You move to 50 GB storage on December 1, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You use 80 GB, more than 50 GB holds. Delete files first, then try again.');
    expect(requests.find((r) => r.url.pathname === '/api/packages/subscription/downgrade')?.body).toEqual({ packageId: 'id-S50M' });
    // Nothing changed: the plan is still the current one.
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Active');
  });

  it('shows a pending downgrade and the grace warning', async () => {
    render(
      '/main/packages',
      subscription({ ...active100(), status: 'GRACE', graceUntil: '2026-12-08T00:00:00.000Z', pendingPackage: CATALOGUE[0] }),
    );
    expect(await screen.findByTestId('grace-warning')).toHaveTextContent('We will try again every day until December 8, 2026');
    expect(screen.getByTestId('pending-downgrade')).toHaveTextContent('Changes to 50 GB storage on December 1, 2026.');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
  });

  it('the usage tab (?tab=1) shows used of quota, rounded and capped at 100', async () => {
    const invoice = { id: 'inv-1', number: 'BLT-2026-000001', kind: 'INVOICE', issuedAt: '2026-11-20T10:00:00.000Z', description: '100 GB monthly', netMinor: 3333, vatMinor: 666, totalMinor: 3999, currency: 'TRY', periodStart: null, periodEnd: null };
    const { user, router } = render('/main/packages?tab=1', subscription({ usedBytes: 6 * GB, usagePercent: 100, accountStatus: 'READ_ONLY' }), {
      'GET /api/invoices': () => json({ items: [invoice], total: 1 }),
    });
    expect(await screen.findByRole('tab', { name: 'Usage', selected: true })).toBeInTheDocument();
    const summary = await screen.findByTestId('usage-summary');
    expect(within(summary).getByTestId('usage-percent')).toHaveTextContent('100% used');
    expect(within(summary).getByTestId('usage-quota')).toHaveTextContent('5 GB');
    expect(within(summary).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(summary).getByRole('alert')).toHaveTextContent('read-only');
    // The invoices (helper V's panel) are listed under the usage.
    expect(await screen.findByText('BLT-2026-000001')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Packages' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
  });

  it('the redirect helper stores the label and opens the packages', async () => {
    const { router } = render('/main/redirect?label=campaign-banner', subscription());
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages'));
    expect(sessionStorage.getItem('navToPackages')).toBe('campaign-banner');
    expect(await screen.findByRole('tab', { name: 'Packages', selected: true })).toBeInTheDocument();
  });

  it('the account card has "Usage info and packages" with the grace tooltip when a grace period runs', async () => {
    const { user, router } = render('/main/packages?tab=1', subscription(), {}, accountInfo({ graceUntil: '2026-12-08T00:00:00.000Z' }));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const entry = await screen.findByRole('menuitem', { name: 'Usage info and packages' });
    expect(entry).toHaveAccessibleDescription('Your renewal payment did not go through');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Your renewal payment did not go through');
    await user.click(entry);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/main/packages');
  });

  it('no grace period: the entry has no tooltip', async () => {
    const { user } = render('/main/packages', subscription());
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const entry = await screen.findByRole('menuitem', { name: 'Usage info and packages' });
    expect(entry).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
  });
});
