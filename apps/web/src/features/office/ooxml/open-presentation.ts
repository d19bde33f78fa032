import type { OfficeFormat } from './open';
import { readPptx, writePptx, type Presentation, type Slide } from './pptx';

export interface PresentationFile {
  pres: Presentation;
  write(slides: readonly Slide[]): Uint8Array;
}

export async function openPresentation(format: OfficeFormat, bytes: Uint8Array): Promise<PresentationFile> {
  if (format === 'odp') {
    const { readOdp, writeOdp } = await import('./odp');
    const pres = readOdp(bytes);
    return { pres, write: (slides) => writeOdp(pres, slides) };
  }
  const pres = readPptx(bytes);
  return { pres, write: (slides) => writePptx(pres, slides) };
}
