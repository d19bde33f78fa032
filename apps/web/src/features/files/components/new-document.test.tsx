import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { FileItem } from '@/api/files';
import { fileItem } from '@/test/file-item';
import { docxPackage } from '@/test/office-packages';

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
  it('creates a blank document in the opened folder and opens it in the editor, which saves it through WOPI with its lock', async () => {
    let created = false;
    const blank = docxPackage('<w:p/><w:sectPr/>');
    const { user, requests } = setup(true, {
      'GET /api/filesystem': () => json({ fileList: created ? [doc()] : [], page: 0, size: 50, hasMore: false }),
      'POST /api/office/files': () => {
        created = true;
        return json(doc());
      },
      'GET /api/office/files/p-1/doc-1': () =>
        json({
          uuid: 'doc-1', projectId: 'p-1', name: 'Untitled document.docx', contentType: DOCX, bytes: blank.length, version: 'v1', documentType: 'WORD',
          documentKind: 1, mode: 'edit', lockedBy: null, editor: { kind: 'embedded', url: null }, accessToken: 'wopi-token', accessTokenTtl: Date.now() + 3_600_000,
          wopiSrc: 'http://localhost/api/wopi/files/doc-1', previewUrl: null, thumbnailUrl: null,
        }),
      'GET /api/wopi/files/doc-1': () => json({ UserId: 'u-1', UserFriendlyName: 'Ayşe Yılmaz', UserCanWrite: true, Version: 'v1' }),
      'GET /api/wopi/files/doc-1/contents': () => new Response(blank as Uint8Array<ArrayBuffer>),
      'POST /api/wopi/files/doc-1': () => new Response(null, { status: 200 }),
      'POST /api/wopi/files/doc-1/contents': () => new Response(null, { status: 200 }),
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

    // The editor opens it with the token, locks it and shows it editable.
    const body = await screen.findByRole('textbox', { name: 'Document text' }, { timeout: 5000 });
    expect(body).toHaveAttribute('contenteditable', 'true');
    const lock = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/wopi/files/doc-1' && r.headers.get('x-wopi-override') === 'LOCK');
    expect(lock?.url.searchParams.get('access_token')).toBe('wopi-token');
    const lockId = lock?.headers.get('x-wopi-lock') ?? '';
    expect(lockId).toMatch(/^bulut-embedded:u-1:/);

    body.querySelector('p')!.textContent = 'Sayın yetkili';
    fireEvent.input(body);
    expect(screen.getByTestId('office-save-state')).toHaveTextContent('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/wopi/files/doc-1/contents');
    expect(put?.headers.get('x-wopi-override')).toBe('PUT');
    expect(put?.headers.get('x-wopi-lock')).toBe(lockId);
    const saved = unzipSync(put?.body as Uint8Array);
    expect(strFromU8(saved['word/document.xml']!)).toContain('<w:t xml:space="preserve">Sayın yetkili</w:t>');
  });

  it('offers nothing of it while office documents are off', async () => {
    const { user } = setup(false, { 'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }) });
    await screen.findByRole('group', { name: 'Your files will live here' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByRole('menuitem', { name: 'Create folder' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'New document' })).toBeNull();
  });
});
