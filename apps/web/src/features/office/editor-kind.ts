import { editsInOfficeEditor } from '@/media/slots';
import type { OfficeFormat } from './ooxml/open';

/** The formats the embedded editor edits, by file extension; others keep their preview picture. */
export function editorOf(name: string): OfficeFormat | null {
  return editsInOfficeEditor(name) ? (name.slice(name.lastIndexOf('.') + 1).toLowerCase() as OfficeFormat) : null;
}
