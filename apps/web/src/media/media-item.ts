import { thumbHashToDataURL } from 'thumbhash';
import type { FileItem } from '@/api/files';

/** How often a listing is read again while the server is still making thumbnails. */
export const MEDIA_POLL_MS = 3000;

/** True when any of the items still waits for its thumbnail. */
export function hasPendingMedia(items: readonly (Pick<FileItem, 'folder'> & Partial<Pick<FileItem, 'mediaStatus'>>)[] | undefined): boolean {
  return Boolean(items?.some((item) => !item.folder && item.mediaStatus === 'PENDING'));
}

/** The listing's polling interval: poll only while something is pending (0 = no polling). */
export function mediaPollingInterval(items: readonly (Pick<FileItem, 'folder'> & Partial<Pick<FileItem, 'mediaStatus'>>)[] | undefined): number {
  return hasPendingMedia(items) ? MEDIA_POLL_MS : 0;
}

/** A video's length as m:ss (h:mm:ss from an hour on); null without a usable duration. */
export function formatDuration(ms: number | null | undefined): string | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const PLACEHOLDER_CACHE_SIZE = 500;
const placeholders = new Map<string, string | null>();

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The thumbhash as a PNG data URL (the CSP allows data: images), decoded once per hash and kept in a small
 * cache, so re-renders and the preview reuse it; null when there is none or it cannot be decoded.
 */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = placeholders.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null;
  try {
    url = thumbHashToDataURL(decodeBase64(hash));
  } catch {
    url = null;
  }
  if (placeholders.size >= PLACEHOLDER_CACHE_SIZE) placeholders.delete(placeholders.keys().next().value!);
  placeholders.set(hash, url);
  return url;
}
