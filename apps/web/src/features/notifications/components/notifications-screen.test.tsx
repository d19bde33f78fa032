import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function setup(initial: { notificationId: string; status: string; title: string; body: string; createdDate: string }[]) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  let notifications = [...initial];
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/notification/communication/fetch': () => json(notifications),
    ...Object.fromEntries(
      initial.map(({ notificationId: id }) => [
        `GET /api/notification/communication/read/${id}`,
        () => {
          notifications = notifications.map((n) => (n.notificationId === id ? { ...n, status: 'READ' } : n));
          return json({ notificationId: id, status: 'READ' });
        },
      ]),
    ),
    'DELETE /api/notification/communication': ({ body }) => {
      notifications = notifications.filter((n) => !(body as string[]).includes(n.notificationId));
      return json({ deleted: (body as string[]).length });
    },
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/notifications'] }), ...server };
}

const sample = [
  { notificationId: 'n-1', status: 'UNREAD', title: 'Backup complete', body: '1,284 photos are safe.', createdDate: '2026-01-05T09:07:00' },
  { notificationId: 'n-2', status: 'READ', title: 'Welcome to Bulut', body: 'Start backing up.', createdDate: '2025-12-31T23:59:00' },
];

describe('NotificationsScreen', () => {
  it('lists notifications with title, body, date and unread state', async () => {
    setup(sample);
    const items = within(await screen.findByRole('list', { name: 'Notification list' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Backup complete');
    expect(items[0]).toHaveTextContent('1,284 photos are safe.');
    expect(items[0]).toHaveTextContent('05.01.2026 - 09:07');
    // Unread when shown: highlighted and labelled for this visit (the page marks it read at once).
    expect(items[0]).toHaveAttribute('data-fresh', 'true');
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('31.12.2025 - 23:59');
  });

  it('opening the page marks what it shows as read: the badge clears, the new one stays highlighted for this visit', async () => {
    const { requests } = setup([...sample, { notificationId: 'n-3', status: 'UNREAD', title: 'Album shared', body: 'Deniz shared an album.', createdDate: '2025-12-30T10:00:00' }]);
    const items = within(await screen.findByRole('list', { name: 'Notification list' })).getAllByRole('listitem');
    // No click: every unread notification shown is read on the server, each once.
    await waitFor(() => expect(items[0]).toHaveAttribute('data-status', 'READ'));
    await waitFor(() => expect(items[2]).toHaveAttribute('data-status', 'READ'));
    const reads = requests.filter((r) => r.url.pathname.startsWith('/api/notification/communication/read/')).map((r) => r.url.pathname);
    expect(reads.sort()).toEqual(['/api/notification/communication/read/n-1', '/api/notification/communication/read/n-3']);
    // The account button's badge is gone (its name carries the unread count while there is one).
    await waitFor(() => expect(screen.getByRole('button', { name: /^Account menu/ })).not.toHaveAccessibleName(/unread/));
    expect(items[0]).toHaveAttribute('data-fresh', 'true');
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(items[1]).not.toHaveAttribute('data-fresh');
  });

  it('clears all notifications after confirmation and shows the empty state', async () => {
    const { user, requests } = setup(sample);
    await screen.findByRole('list', { name: 'Notification list' });
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Clear all notifications?' })).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual(['n-1', 'n-2']);
    expect(await screen.findByText('All notifications were cleared.')).toBeInTheDocument();
  });

  it('shows the empty state when there is nothing', async () => {
    setup([]);
    expect(await screen.findByText('New notifications will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });
});
