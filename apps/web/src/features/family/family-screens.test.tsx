import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { accountInfo, renderSignedIn } from '@/test/settings-fixtures';

const GIB = 1024 ** 3;
const admin = { accountId: '00000000-0000-4000-8000-000000000001', name: 'Ayşe', surname: 'Yılmaz', contactMask: 'a***@example.com', role: 'ADMIN', usedBytes: GIB, limitBytes: null, usagePercent: 1, joinedAt: '2026-11-01T10:00:00.000Z' };
const member = { accountId: '00000000-0000-4000-8000-000000000002', name: 'Can', surname: 'Demir', contactMask: '+90 5** *** **67', role: 'MEMBER', usedBytes: GIB / 2, limitBytes: null, usagePercent: 0, joinedAt: '2026-11-02T10:00:00.000Z' };
const pool = { quotaBytes: 100 * GIB, usedBytes: GIB * 1.5, usagePercent: 2 };

function familyOf(role: 'ADMIN' | 'MEMBER' | null, extra: Record<string, unknown> = {}) {
  if (role === null) return { role: null, status: null, maxMembers: 0, pool: { quotaBytes: 0, usedBytes: 0, usagePercent: 0 }, me: { usedBytes: 0, limitBytes: null, usagePercent: 0 }, members: [], invitations: [] };
  return { role, status: 'ACTIVE', maxMembers: 5, pool, me: { usedBytes: role === 'ADMIN' ? GIB : GIB / 2, limitBytes: null, usagePercent: 1 }, members: [admin, member], invitations: [], ...extra };
}

describe('family screens', () => {
  beforeEach(() => localStorage.clear());

  it('the admin invites by phone and sees the pending invitation; seats count it', async () => {
    const invitation = { id: '00000000-0000-4000-8000-0000000000aa', contactMask: '+90 5** *** **12', status: 'PENDING', createdAt: '2026-11-26T10:00:00.000Z', expiresAt: '2026-12-03T10:00:00.000Z' };
    let sent = false;
    const { requests } = renderSignedIn(
      '/main/packages/familyInvitation',
      {
        'GET /api/family': () => json(familyOf('ADMIN', { invitations: sent ? [invitation] : [] })),
        'GET /api/family/invitations/received': () => json([]),
        'POST /api/family/invitations': () => {
          sent = true;
          return json(invitation);
        },
      },
      accountInfo({ isFamilyMember: true, isFamilyAdmin: true, isFamilyUserMember: false, familyStatus: 'ACTIVE' }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Invite a family member' }, { timeout: 20_000 });
    expect(screen.getByTestId('family-seats')).toHaveTextContent('1 of 5 places taken');
    await user.click(within(form).getByRole('radio', { name: 'By phone' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '5321234512');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Invitation sent.')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/family/invitations')?.body;
    expect(body).toEqual({ countryCode: '90', phoneNumber: '5321234512' });
    const sentList = await screen.findByRole('region', { name: 'Invitations you sent' });
    await waitFor(() => expect(within(sentList).getByText('+90 5** *** **12')).toBeInTheDocument());
    expect(within(sentList).getByRole('button', { name: 'Cancel +90 5** *** **12' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('family-seats')).toHaveTextContent('2 of 5 places taken'));
  });

  it('an invitee accepts a received invitation and lands on the share details; a refusal is explained', async () => {
    const id = '00000000-0000-4000-8000-0000000000bb';
    let joined = false;
    let attempts = 0;
    renderSignedIn('/main/packages/familyInvitation', {
      'GET /api/family': () => json(joined ? familyOf('MEMBER') : familyOf(null)),
      'GET /api/family/invitations/received': () => json(joined ? [] : [{ id, familyAdminName: 'Ayşe Yılmaz', expiresAt: '2026-12-03T10:00:00.000Z' }]),
      [`POST /api/family/invitations/${id}/accept`]: () => {
        attempts += 1;
        if (attempts === 1) return json({ status: 'HAS_OWN_PACKAGE', message: 'no' }, { status: 409 });
        joined = true;
        return json({ ok: true });
      },
      // The flags the details page's gate reads come from the account info read again after joining.
      'GET /api/account/info': () => json(accountInfo(joined ? { isFamilyMember: true, isFamilyAdmin: false, isFamilyUserMember: true, familyStatus: 'ACTIVE' } : {})),
    });
    const user = userEvent.setup();
    const received = await screen.findByRole('region', { name: 'Invitations for you' }, { timeout: 20_000 });
    expect(await within(received).findByText('Ayşe Yılmaz invites you to their family plan')).toBeInTheDocument();
    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You have a package of your own. It must end before you can join a family.')).toBeInTheDocument();
    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    const share = await screen.findByRole('region', { name: 'My share' }, { timeout: 20_000 });
    expect(within(share).getByText('Family admin: Ayşe Yılmaz')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Family storage' })).toBeInTheDocument();
  });

  it('the manage page lists members with their use; the admin can set a limit in GB', async () => {
    localStorage.setItem('isFamilyMember', 'true');
    const { requests } = renderSignedIn('/main/usages/manage-family-share', {
      'GET /api/family': () => json(familyOf('ADMIN')),
      [`PUT /api/family/members/${member.accountId}/limit`]: () => json({ ok: true }),
    });
    const user = userEvent.setup();
    const members = await screen.findByRole('region', { name: 'Members' }, { timeout: 20_000 });
    expect(within(members).getByText('Can Demir')).toBeInTheDocument();
    expect(within(members).getByText(/512 MB of 100 GB/)).toBeInTheDocument();
    await user.type(within(members).getByRole('textbox', { name: 'Limit for Can Demir in GB (empty: no limit)' }), '10');
    await user.click(within(members).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ limitBytes: 10 * GIB });
    expect(within(members).getByRole('button', { name: 'Remove Can Demir' })).toBeInTheDocument();
  });

  it('role gates: without the family flags the pages send you to the packages screen; a non-member cannot open the details', async () => {
    const { router } = renderSignedIn('/main/usages/manage-family-share', { 'GET /api/family': () => json(familyOf(null)) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages'), { timeout: 20_000 });
    localStorage.setItem('isFamilyMember', 'true');
    const admin = renderSignedIn('/main/usages/family-share-details', { 'GET /api/family': () => json(familyOf('ADMIN')) });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/main/packages'), { timeout: 20_000 });
  });
});
