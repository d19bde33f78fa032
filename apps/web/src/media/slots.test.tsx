import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { MediaSlotsProvider, OfficeEditorSlot, type OfficeEditorSlotProps } from './slots';

// The office editor's slot: it asks for the document's open config as it mounts (the editor takes that answer), draws
// the editor the app loads without suspending, and falls back to the lazy editor when that load fails.

function Loaded({ name }: OfficeEditorSlotProps) {
  return <p>loaded editor for {name}</p>;
}
function Lazy({ name }: OfficeEditorSlotProps) {
  return <p>lazy editor for {name}</p>;
}

function renderSlot(loadOfficeEditor: (name: string) => Promise<typeof Loaded>) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({ 'GET /api/office/files/p-1/doc-1': () => json({ accessToken: 'wopi-token', wopiSrc: 'http://localhost/api/wopi/files/doc-1' }) });
  const asked: string[] = [];
  render(
    <Provider store={createAppStore()}>
      <MediaSlotsProvider value={{ OfficeEditor: Lazy, loadOfficeEditor: (name) => (asked.push(name), loadOfficeEditor(name)) }}>
        <OfficeEditorSlot uuid="doc-1" projectId="p-1" name="plan.docx" fallback={<p>waiting</p>} />
      </MediaSlotsProvider>
    </Provider>,
  );
  return { ...server, asked };
}

describe('the office editor slot', () => {
  it('asks for the open config and loads the editor for the file at once, then draws the loaded editor', async () => {
    let resolve!: (editor: typeof Loaded) => void;
    const { requests, asked } = renderSlot(() => new Promise((r) => (resolve = r)));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(asked).toEqual(['plan.docx']);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/office/files/p-1/doc-1')).toBe(true));
    resolve(Loaded);
    expect(await screen.findByText('loaded editor for plan.docx')).toBeInTheDocument();
    expect(screen.queryByText(/lazy editor/)).toBeNull();
    // The file's bytes and info were asked for with the config's token, for the editor to claim.
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.startsWith('/api/wopi/files/doc-1')).map((r) => r.url.pathname).sort()).toEqual(['/api/wopi/files/doc-1', '/api/wopi/files/doc-1/contents']));
  });

  it('draws the lazy editor when loading it without suspending failed', async () => {
    renderSlot(() => Promise.reject(new Error('chunk failed')));
    expect(await screen.findByText('lazy editor for plan.docx')).toBeInTheDocument();
  });
});
