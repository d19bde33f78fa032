import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderSignedIn } from '@/test/settings-fixtures';

const base = { id: 'e1', filesTotal: 40, bytesTotal: 8 * 1024 * 1024, partsDone: 0, createdAt: 1, finishedAt: null, expiresAt: null, parts: [] };
const running = { ...base, status: 'RUNNING', filesDone: 10, bytesDone: 2 * 1024 * 1024 };
const ready = {
  ...base,
  status: 'READY',
  filesDone: 40,
  bytesDone: 8 * 1024 * 1024,
  partsDone: 2,
  finishedAt: Date.UTC(2026, 11, 1),
  expiresAt: Date.UTC(2026, 11, 8),
  parts: [
    { number: 1, bytes: 4 * 1024 * 1024, name: 'bulut-data-2026-12-01-1.zip', url: '/api/export/download/t1' },
    { number: 2, bytes: 4 * 1024 * 1024, name: 'bulut-data-2026-12-01-2.zip', url: '/api/export/download/t2' },
  ],
};

describe('Settings → Connected accounts → Download all my data', () => {
  it('asks for the archive and shows its progress while it is prepared', async () => {
    let current: object | null = null;
    const { user, requests } = renderSignedIn('/main/settings?tab=5', {
      'GET /api/export': () => json({ export: current }),
      'POST /api/export': () => {
        current = running;
        return json(running);
      },
    });
    const section = await screen.findByRole('region', { name: 'Download all my data' });
    await user.click(within(section).getByRole('button', { name: 'Prepare my archive' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/export')).toBe(true));
    expect(await within(section).findByText(/Preparing your archive… 10 of 40 files/)).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: 'Download all my data' })).toHaveAttribute('value', '25');
    expect(within(section).getByRole('button', { name: 'Prepare my archive' })).toBeDisabled();
  });

  it('lists the ready parts as download links', async () => {
    renderSignedIn('/main/settings?tab=5', { 'GET /api/export': () => json({ export: ready }) });
    const section = await screen.findByRole('region', { name: 'Download all my data' });
    const first = await within(section).findByRole('link', { name: /^Part 1 of 2/ });
    expect(first).toHaveAttribute('href', '/api/export/download/t1');
    expect(first).toHaveAttribute('download', 'bulut-data-2026-12-01-1.zip');
    expect(within(section).getByRole('link', { name: /^Part 2 of 2/ })).toHaveAttribute('href', '/api/export/download/t2');
    expect(within(section).getByText(/Your archive is ready\./)).toBeInTheDocument();
  });
});
