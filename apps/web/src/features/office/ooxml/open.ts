// One reader/writer pair per file format behind each view: a document (.docx, .odt), a workbook (.xlsx, .ods) or a
// presentation (.pptx, .odp) is edited through the same model whichever format it is saved in. Each kind opens through
// its own module (open-document, open-workbook, open-presentation), loaded with its view; the OpenDocument readers and
// writers are chunks of their own, fetched only for those files.

export type OfficeFormat = 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp';

/** The OpenDocument module a format needs, or nothing for the Office Open XML ones (in their view's chunk). */
export function loadOdf(format: OfficeFormat): Promise<unknown> {
  if (format === 'odt') return import('./odt');
  if (format === 'ods') return import('./ods');
  if (format === 'odp') return import('./odp');
  return Promise.resolve();
}
