import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderSignedIn } from '@/test/settings-fixtures';

interface Item {
  id: string;
  name: string;
  scope: 'files' | 'contacts';
  createdAt: number;
  lastUsedAt: number | null;
}

describe('App passwords in Settings → Security', () => {
  it('shows the mount address with a copy button, creates a password shown once, lists and revokes it', async () => {
    let items: Item[] = [{ id: 'p-1', name: 'Old NAS', scope: 'files', createdAt: Date.UTC(2026, 10, 1), lastUsedAt: null }];
    const { user, requests } = renderSignedIn('/main/settings?tab=2', {
      'GET /api/app-passwords': () => json({ items }),
      'POST /api/app-passwords': ({ body }) => {
        const { name, scope } = body as { name: string; scope: 'files' | 'contacts' };
        const created = { id: 'p-2', name, scope, createdAt: Date.UTC(2026, 10, 28), lastUsedAt: null };
        items = [created, ...items];
        return json({ ...created, password: 'Zm9vYmFyYmF6cXV4c2VjcmV0LTEyMzQ1Njc4OTA' }, { status: 201 });
      },
      'DELETE /api/app-passwords/p-1': () => {
        items = items.filter((i) => i.id !== 'p-1');
        return new Response(null, { status: 204 });
      },
    });
    const region = await screen.findByRole('region', { name: 'App passwords (WebDAV)' });
    expect(within(region).getByText(`${window.location.origin}/dav/files/`)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Copy address' }));
    // user-event's clipboard stands in for the browser's: what the button copied is what it holds.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/dav/files/`);
    const list = within(region).getByRole('list', { name: 'App passwords' });
    expect(await within(list).findByText('Old NAS')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Create password' }));
    expect(within(region).getByText('Enter a name for the device.')).toBeInTheDocument();
    await user.type(within(region).getByLabelText('Device name'), 'İş laptopu');
    await user.selectOptions(within(region).getByLabelText('Access to'), 'files');
    await user.click(within(region).getByRole('button', { name: 'Create password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password for İş laptopu' });
    expect(within(dialog).getByTestId('app-password-secret')).toHaveTextContent('Zm9vYmFyYmF6cXV4c2VjcmV0LTEyMzQ1Njc4OTA');
    await user.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('Zm9vYmFyYmF6cXV4c2VjcmV0LTEyMzQ1Njc4OTA');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/app-passwords')?.body).toEqual({ name: 'İş laptopu', scope: 'files' });
    expect(await within(list).findByText('İş laptopu')).toBeInTheDocument();
    // Shown once: the secret is nowhere on the page after the dialog closes.
    expect(screen.queryByText('Zm9vYmFyYmF6cXV4c2VjcmV0LTEyMzQ1Njc4OTA')).not.toBeInTheDocument();

    const oldRow = within(list).getByText('Old NAS').closest('li')!;
    await user.click(within(oldRow as HTMLElement).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this app password?' });
    await user.click(within(confirm).getByTestId('confirm-ok'));
    expect(await within(region).findByText('Old NAS can no longer connect.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Old NAS')).not.toBeInTheDocument());
  });
});
