import { isSafeUrl } from './safe-url';

/**
 * Goes to a download URL (the server answers with Content-Disposition: attachment, so the page stays).
 * An anchor with `download` keeps the app on screen even if the answer turns out not to be a file.
 */
export function startDownload(url: string): void {
  if (!isSafeUrl(url)) throw new Error('Refusing to download from an unsafe URL');
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
