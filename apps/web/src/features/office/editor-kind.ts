import { editsInOfficeEditor } from '@/media/slots';

/** The editors the embedded editor has, by file extension; others keep their preview picture. */
export type EditorKind = 'docx' | 'xlsx' | 'pptx';

export function editorOf(name: string): EditorKind | null {
  return editsInOfficeEditor(name) ? (name.slice(name.lastIndexOf('.') + 1).toLowerCase() as EditorKind) : null;
}
