import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { odfPackage, PKG, REL, xlsxPackage } from '@/test/office-packages';

// The embedded editor opened from Files on an OpenDocument text and a spreadsheet: the table and sheet tools change
// the document, and Save sends it through WOPI in its own format.

const base = { folder: false, parentFolderUuid: 'f-1', projectId: 'p-1', createdDate: 0, lastModifiedDate: 0, favourite: false, status: 'ACTIVE' };

function open(name: string, contentType: string, bytes: Uint8Array) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const item = { ...base, uuid: 'doc-1', name, bytes: bytes.length, contentType, documentType: name.endsWith('.odt') ? 'WORD' : 'CELL' };
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/remoteconfig': ({ url }) =>
      url.searchParams.get('parameter') === 'only_office_enabled' ? json({ parameter: 'only_office_enabled', value: 'true' }) : json({ status: 'NOT_FOUND' }, { status: 404 }),
    'GET /api/filesystem': () => json({ fileList: [item], page: 0, size: 50, hasMore: false }),
    'GET /api/office/files/p-1/doc-1': () =>
      json({
        uuid: 'doc-1', projectId: 'p-1', name, contentType, bytes: bytes.length, version: 'v1', documentType: item.documentType, documentKind: 1, mode: 'edit', lockedBy: null,
        editor: { kind: 'embedded', url: null }, accessToken: 'wopi-token', accessTokenTtl: Date.now() + 3_600_000, wopiSrc: 'http://localhost/api/wopi/files/doc-1', previewUrl: null, thumbnailUrl: null,
      }),
    'GET /api/wopi/files/doc-1': () => json({ UserId: 'u-1', UserFriendlyName: 'Ayşe Yılmaz', UserCanWrite: true, Version: 'v1' }),
    'GET /api/wopi/files/doc-1/contents': () => new Response(bytes as Uint8Array<ArrayBuffer>),
    'POST /api/wopi/files/doc-1': () => new Response(null, { status: 200 }),
    'POST /api/wopi/files/doc-1/contents': () => new Response(null, { status: 200 }),
  });
  const store = createAppStore();
  const view = renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/preview?uuid=doc-1&parent=f-1'] });
  const saved = () => {
    const put = server.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/wopi/files/doc-1/contents').at(-1);
    return put ? unzipSync(put.body as Uint8Array) : undefined;
  };
  return { ...server, user: view.user, saved };
}

/** Puts the caret in an element, as a click would (jsdom has no layout to click into). */
function caretIn(el: Element) {
  const range = document.createRange();
  range.selectNodeContents(el);
  range.collapse(true);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
}

const ODT = odfPackage(
  'text',
  '<style:style style:name="Gun" style:family="table-cell"><style:table-cell-properties fo:background-color="#ffee00"/></style:style>',
  '<text:p>Plan</text:p><table:table table:name="T"><table:table-column table:number-columns-repeated="2"/>' +
    '<table:table-row><table:table-cell table:style-name="Gun" office:value-type="string"><text:p>Cuma</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Göreme</text:p></table:table-cell></table:table-row></table:table>',
);

describe('the office editor on an .odt and an .xlsx', () => {
  it('adds a table row and removes a column in an .odt, and saves an OpenDocument package', async () => {
    const { user, saved } = open('plan.odt', 'application/vnd.oasis.opendocument.text', ODT);
    const body = await screen.findByRole('textbox', { name: 'Document text' }, { timeout: 30_000 });
    // The blocks are put into the text box by an effect after it is drawn.
    await waitFor(() => expect(body.querySelector('td')).not.toBeNull());
    const addRow = screen.getByRole('button', { name: 'Add row below' });
    // The table tools wait for the caret to be in a table.
    expect(addRow).toBeDisabled();
    caretIn(body.querySelector('td')!);
    await waitFor(() => expect(addRow).toBeEnabled());
    await user.click(addRow);
    expect(body.querySelectorAll('tr')).toHaveLength(2);
    body.querySelectorAll('tr')[1]!.querySelector('p')!.textContent = 'Cumartesi';
    caretIn(body.querySelectorAll('td')[1]!);
    await user.click(screen.getByRole('button', { name: 'Delete column' }));
    expect(body.querySelectorAll('tr')[0]!.querySelectorAll('td')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const files = saved()!;
    expect(strFromU8(files.mimetype!)).toBe('application/vnd.oasis.opendocument.text');
    const content = strFromU8(files['content.xml']!);
    // Both rows keep the first column's cell style; the second column and its text are gone.
    expect(content.match(/table:style-name="Gun"/g)).toHaveLength(2);
    expect(content).toContain('<text:p>Cumartesi</text:p>');
    expect(content).not.toContain('Göreme');
  });

  it('inserts a row above the selected cell of an .xlsx; the formula below follows it', async () => {
    const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const XLSX = xlsxPackage({
      'workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Sayfa1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      'worksheets/sheet1.xml': `<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1"><v>4</v></c></row><row r="2"><c r="A2"><v>6</v></c></row><row r="3"><c r="A3"><f>SUM(A1:A2)</f><v>10</v></c></row></sheetData></worksheet>`,
    });
    const { user, saved } = open('hesap.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', XLSX);
    const grid = await screen.findByRole('grid', {}, { timeout: 30_000 });
    await user.click(grid.querySelector('[data-ref="A2"]')!);
    await user.click(screen.getByRole('button', { name: 'Insert row above' }));
    expect(grid.querySelector('[data-ref="A2"]')).toHaveTextContent('');
    expect(grid.querySelector('[data-ref="A3"]')).toHaveTextContent('6');
    expect(grid.querySelector('[data-ref="A4"]')).toHaveTextContent('10');
    await user.click(grid.querySelector('[data-ref="A4"]')!);
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveValue('=SUM(A1:A3)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(strFromU8(saved()!['xl/worksheets/sheet1.xml']!)).toContain('<row r="4"><c r="A4"><f>SUM(A1:A3)</f><v>10</v></c></row>');
  });

  it('draws only the rows in view of a 10,000-row sheet, edits row 9,000 and saves it; the file and its config are read once', async () => {
    const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rows = Array.from({ length: 10_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i + 1}</v></c><c r="B${i + 1}"><f>A${i + 1}*2</f><v>${(i + 1) * 2}</v></c></row>`);
    const XLSX = xlsxPackage({
      'workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Siparişler" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      'worksheets/sheet1.xml': `<worksheet xmlns="${S}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
    });
    const { user, saved, requests } = open('siparis.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', XLSX);
    const grid = await screen.findByRole('grid', {}, { timeout: 30_000 });
    expect(grid.querySelector('[data-ref="A1"]')).toHaveTextContent('1');
    // Rows far below are not in the page until scrolled to.
    expect(grid.querySelector('[data-ref="A9000"]')).toBeNull();
    expect(grid.querySelectorAll('[role="row"]').length).toBeLessThan(100);
    grid.scrollTop = 8999 * 28;
    fireEvent.scroll(grid);
    const cell = await waitFor(() => {
      const el = grid.querySelector('[data-ref="A9000"]');
      expect(el).toHaveTextContent('9000');
      return el!;
    });
    expect(grid.querySelector('[data-ref="A1"]')).toBeNull();
    expect(grid.querySelectorAll('[role="row"]').length).toBeLessThan(100);
    await user.click(cell);
    expect(screen.getByTestId('office-cell-name')).toHaveTextContent('A9000');
    const bar = screen.getByRole('textbox', { name: 'Formula' });
    await user.clear(bar);
    await user.type(bar, '21{Enter}');
    await waitFor(() => expect(grid.querySelector('[data-ref="B9000"]')).toHaveTextContent('42'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sheet = strFromU8(saved()!['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<row r="9000"><c r="A9000"><v>21</v></c><c r="B9000"><f>A9000*2</f><v>42</v></c></row>');
    expect(sheet).toContain('<row r="8999"><c r="A8999"><v>8999</v></c>');
    // The open config, CheckFileInfo and the bytes were each asked for once: the editor took what its slot started.
    const count = (method: string, path: string) => requests.filter((r) => r.method === method && r.url.pathname === path).length;
    expect(count('GET', '/api/office/files/p-1/doc-1')).toBe(1);
    expect(count('GET', '/api/wopi/files/doc-1')).toBe(1);
    expect(count('GET', '/api/wopi/files/doc-1/contents')).toBe(1);
  });
});
