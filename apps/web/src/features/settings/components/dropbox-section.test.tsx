import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderSignedIn } from '@/test/settings-fixtures';

const social = {
  'GET /api/share/social/status': () => json({ google: { connected: false, email: null }, apple: { connected: false, email: null } }),
  'GET /api/auth/social/providers': () => json({ google: false, apple: false }),
};

const running = {
  connected: true,
  email: 'deniz@example.com',
  displayName: 'Deniz Kaya',
  toImport: null,
  import: {
    status: 'RUNNING',
    filesTotal: 120,
    bytesTotal: 10 * 1024 * 1024,
    filesDone: 30,
    bytesDone: 5 * 1024 * 1024,
    filesUnchanged: 0,
    filesFailed: 1,
    bytesPerSecond: 1024 * 1024,
    secondsLeft: 5,
    startedAt: 1,
    finishedAt: null,
    failures: [{ path: '/bad\u202ename.txt', reason: 'NAME_REFUSED' }],
  },
};

describe('Settings → Connected accounts → Dropbox', () => {
  it('shows the connected account and the running import’s progress, speed, time left and failures', async () => {
    renderSignedIn('/main/settings?tab=5', { ...social, 'GET /api/migration/dropbox/status': () => json(running) });
    const section = await screen.findByRole('region', { name: 'Import from Dropbox' });
    expect(await within(section).findByText('Dropbox account: deniz@example.com')).toBeInTheDocument();
    expect(within(section).getByText(/Importing… 30 of 120 files, 5 MB of 10 MB\./)).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: 'Import from Dropbox' })).toHaveAttribute('value', '50');
    expect(within(section).getByText('1 MB per second, about 1 min left')).toBeInTheDocument();
    expect(within(section).getByText('Not imported: 1')).toBeInTheDocument();
    expect(within(section).getByText(/name not accepted/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Import changes' })).toBeDisabled();
  });

  it('back from Dropbox’s page with a code: connects with the code and state, and clears them from the address', async () => {
    let connected = false;
    const { requests, router } = renderSignedIn('/main/settings?tab=5&code=the-code&state=the-state', {
      ...social,
      'GET /api/migration/dropbox/status': () => json({ ...running, connected, email: connected ? running.email : null, import: null }),
      'POST /api/migration/dropbox/connect/v2': () => {
        connected = true;
        return json({ ...running, import: null });
      },
    });
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/migration/dropbox/connect/v2')).toBe(true));
    expect(requests.find((r) => r.url.pathname === '/api/migration/dropbox/connect/v2')!.body).toEqual({ code: 'the-code', state: 'the-state' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=5'));
    expect(await screen.findByText('Dropbox account: deniz@example.com')).toBeInTheDocument();
  });

  it('is not shown when the server has the Dropbox import off (404)', async () => {
    const { requests } = renderSignedIn('/main/settings?tab=5', social);
    expect(await screen.findByRole('region', { name: 'Connected accounts' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/migration/dropbox/status')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Import from Dropbox' })).toBeNull();
  });
});
