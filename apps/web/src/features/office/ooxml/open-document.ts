import { readDocx, writeDocx, type Block } from './docx';
import type { OfficeFormat } from './open';
import type { OoxmlPackage } from './package';

export interface DocumentFile {
  pkg: OoxmlPackage;
  blocks: Block[];
  write(blocks: readonly Block[]): Uint8Array;
}

export async function openDocument(format: OfficeFormat, bytes: Uint8Array): Promise<DocumentFile> {
  if (format === 'odt') {
    const { readOdt, writeOdt } = await import('./odt');
    const doc = readOdt(bytes);
    return { pkg: doc.pkg, blocks: doc.blocks, write: (blocks) => writeOdt(doc, blocks) };
  }
  const doc = readDocx(bytes);
  return { pkg: doc.pkg, blocks: doc.blocks, write: (blocks) => writeDocx(doc, blocks) };
}
