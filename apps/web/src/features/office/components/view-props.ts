import type { RefObject } from 'react';
import type { OfficeFormat } from '../ooxml/open';

/** What a view gives the editor's shell: the document's new bytes when asked to save. */
export interface ViewHandle {
  serialize: () => Uint8Array;
}

/** What the shell gives each view (document, spreadsheet, presentation). */
export interface ViewProps {
  bytes: Uint8Array;
  /** The file's own format, which a save writes again. */
  format: OfficeFormat;
  editable: boolean;
  onChange: () => void;
  handle: RefObject<ViewHandle | null>;
}
