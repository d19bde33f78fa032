import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { formatDuration, hasPendingMedia, MEDIA_POLL_MS, mediaPollingInterval, placeholderDataUrl } from './media-item';

const file = (mediaStatus: 'PENDING' | 'READY' | 'FAILED' | null | undefined, folder = false) => ({ folder, mediaStatus });

describe('mediaPollingInterval', () => {
  it('polls only while a file is pending', () => {
    expect(mediaPollingInterval(undefined)).toBe(0);
    expect(mediaPollingInterval([])).toBe(0);
    expect(mediaPollingInterval([file(undefined), file(null), file('READY'), file('FAILED')])).toBe(0);
    expect(mediaPollingInterval([file('READY'), file('PENDING')])).toBe(MEDIA_POLL_MS);
    expect(MEDIA_POLL_MS).toBe(3000);
  });

  it('ignores folders', () => {
    expect(hasPendingMedia([file('PENDING', true)])).toBe(false);
  });
});

describe('formatDuration', () => {
  it('reads m:ss, h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_400)).toBe('0:05');
    expect(formatDuration(83_000)).toBe('1:23');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });
});

describe('placeholderDataUrl', () => {
  it('decodes a base64 thumbhash to a PNG data URL, once', () => {
    const rgba = new Uint8Array(4 * 4 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
    const url = placeholderDataUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(placeholderDataUrl(hash)).toBe(url);
  });

  it('gives null for nothing or garbage', () => {
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('%%%not base64')).toBeNull();
  });
});
