import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { FileItem } from '@/api/files';
import { fileItem } from '@/test/file-item';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function doc(overrides: Partial<FileItem> = {}): FileItem {
  return fileItem({
    uuid: 'doc-1',
    name: 'Untitled document.docx',
    folder: false,
    bytes: 1_234,
    contentType: DOCX,
    parentFolderUuid: null,
    projectId: 'p-1',
    createdDate: Date.UTC(2026, 0, 5, 9, 7),
    lastModifiedDate: Date.UTC(2026, 0, 5, 9, 7),
    favourite: false,
    hidden: false,
    status: 'ACTIVE',
    documentType: 'WORD',
    trashedDate: null,
    ...overrides,
  });
}

function setup(officeEnabled: boolean, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': ({ url }) =>
      url.searchParams.get('parameter') === 'only_office_enabled'
        ? json({ parameter: 'only_office_enabled', value: String(officeEnabled) })
        : json({ status: 'NOT_FOUND' }, { status: 404 }),
    ...routes,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/files'] }), ...server };
}

describe('NEW → document, spreadsheet, presentation', () => {
  it('creates a blank document in the opened folder and opens its preview, which shows the first page once made', async () => {
    let created = false;
    let previewReady = false;
    const { user, requests } = setup(true, {
      'GET /api/filesystem': () => json({ fileList: created ? [doc()] : [], page: 0, size: 50, hasMore: false }),
      'POST /api/office/files': () => {
        created = true;
        return json(doc());
      },
      'GET /api/filesystem/item/doc-1': () => json(doc(previewReady ? { previewUrl: '/api/media/preview/tok', thumbnailUrl: '/api/media/thumb/tok' } : {})),
    });
    await screen.findByRole('group', { name: 'Your files will live here' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByRole('menuitem', { name: 'New spreadsheet' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'New presentation' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'New document' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/office/files')).toBe(true));
    expect(requests.find((r) => r.url.pathname === '/api/office/files')?.body).toEqual({ documentType: 'WORD', parentFolderUuid: '', name: 'Untitled document' });
    const preview = await screen.findByTestId('preview');
    expect(preview).toHaveAccessibleName('Untitled document.docx');
    // No first page yet: the type icon and a download; it appears when the server has made it.
    expect(await screen.findByText('No preview available')).toBeInTheDocument();
    previewReady = true;
    expect(await screen.findByRole('img', { name: 'Untitled document.docx' }, { timeout: 5000 })).toHaveAttribute('src', '/api/media/preview/tok');
  });

  it('offers nothing of it while office documents are off', async () => {
    const { user } = setup(false, { 'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }) });
    await screen.findByRole('group', { name: 'Your files will live here' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByRole('menuitem', { name: 'Create folder' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'New document' })).toBeNull();
  });
});
