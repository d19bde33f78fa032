import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { FamilyEntry } from './family.public';

function renderEntry(family: Record<string, unknown>) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  mockFetch({ 'GET /api/family': () => json(family) });
  return renderRoutes([{ path: '/main/packages', element: <FamilyEntry /> }], { initialEntries: ['/main/packages'] });
}

const base = { status: 'ACTIVE', maxMembers: 5, pool: { quotaBytes: 100, usedBytes: 10, usagePercent: 10 }, invitations: [] };
const member = (role: string, id: string) => ({ accountId: id, name: 'A', surname: 'B', contactMask: 'a***@b.co', role, usedBytes: 5, limitBytes: null, usagePercent: 5, joinedAt: '2026-11-01T00:00:00.000Z' });

describe('FamilyEntry', () => {
  it("shows an admin the seats and the links to manage and invite", async () => {
    renderEntry({ ...base, role: 'ADMIN', me: { usedBytes: 5, limitBytes: null, usagePercent: 5 }, members: [member('ADMIN', '1'), member('MEMBER', '2')] });
    const card = await screen.findByRole('region', { name: 'Family sharing' });
    expect(within(card).getByText('1 of 5 members share your plan.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Manage family' })).toHaveAttribute('href', '/main/usages/manage-family-share');
    expect(within(card).getByRole('link', { name: 'Invite a member' })).toHaveAttribute('href', '/main/packages/familyInvitation');
  });

  it("shows a member their share's use and the details link", async () => {
    renderEntry({ ...base, role: 'MEMBER', me: { usedBytes: 5, limitBytes: null, usagePercent: 42 }, members: [member('ADMIN', '1'), member('MEMBER', '2')] });
    const card = await screen.findByRole('region', { name: 'Family sharing' });
    expect(within(card).getByText('You use 42% of your family share.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'My family share' })).toHaveAttribute('href', '/main/usages/family-share-details');
  });

  it('offers the invitations screen to someone outside a family', async () => {
    renderEntry({ ...base, role: null, status: null, maxMembers: 0, me: { usedBytes: 0, limitBytes: null, usagePercent: 0 }, members: [] });
    const card = await screen.findByRole('region', { name: 'Family sharing' });
    expect(within(card).getByRole('link', { name: 'Family invitations' })).toHaveAttribute('href', '/main/packages/familyInvitation');
    expect(within(card).queryByRole('link', { name: 'Manage family' })).toBeNull();
  });
});
