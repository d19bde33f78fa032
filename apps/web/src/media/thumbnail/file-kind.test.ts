import { describe, expect, it } from 'vitest';
import { fileKind, previewKind } from './file-kind';

const file = (name: string, contentType: string | null = null, documentType: 'WORD' | 'PDF' | 'CELL' | 'SLIDE' | null = null) => ({
  name,
  folder: false,
  contentType,
  documentType,
});

describe('file kinds', () => {
  it('knows every icon kind from the content type, the document type or the extension', () => {
    expect(fileKind({ name: 'Belgeler', folder: true, contentType: 'application/x-directory' })).toBe('folder');
    expect(fileKind(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(fileKind(file('a.mov', 'video/quicktime'))).toBe('video');
    expect(fileKind(file('a.m4a', 'audio/mp4'))).toBe('audio');
    expect(fileKind(file('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(fileKind(file('a.docx', null, 'WORD'))).toBe('doc');
    expect(fileKind(file('a.xlsm', 'application/octet-stream'))).toBe('sheet');
    expect(fileKind(file('a.ppt'))).toBe('slide');
    expect(fileKind(file('a.rar'))).toBe('zip');
    expect(fileKind(file('notes.txt', 'text/plain; charset=utf-8'))).toBe('text');
    expect(fileKind(file('blob.bin', 'application/octet-stream'))).toBe('file');
  });

  it('previews only what the server serves inline', () => {
    expect(previewKind(file('a.png', 'image/png'))).toBe('image');
    expect(previewKind(file('logo.svg', 'image/svg+xml'))).toBe('none');
    expect(previewKind(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(previewKind(file('a.mp3', 'audio/mpeg'))).toBe('audio');
    expect(previewKind(file('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(previewKind(file('a.txt', 'text/plain'))).toBe('text');
    expect(previewKind(file('a.docx', null, 'WORD'))).toBe('none');
  });
});
