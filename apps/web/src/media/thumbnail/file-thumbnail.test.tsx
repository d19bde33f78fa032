import { fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import type { FileItem } from '@/api/files';
import { FileThumbnail } from './file-thumbnail';

const rgba = new Uint8Array(8 * 6 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 53) % 256));
const HASH = btoa(String.fromCharCode(...rgbaToThumbHash(8, 6, rgba)));
const THUMB = 'https://cdn.example.com/thumb/i-1.webp?sig=abc';
const SMALL = 'https://cdn.example.com/thumb/i-1-small.webp?sig=def';

type Media = Pick<FileItem, 'uuid' | 'thumbnailUrl' | 'smallThumbnailUrl' | 'placeholder' | 'mediaStatus' | 'durationMs'>;
const item = (media: Partial<Media> = {}): Media => ({
  uuid: 'i-1',
  thumbnailUrl: null,
  smallThumbnailUrl: null,
  placeholder: null,
  mediaStatus: null,
  durationMs: null,
  ...media,
});

// A ready thumbnail is decorative (aria-hidden, alt=""): it has no role, so its layers keep test ids.
describe('FileThumbnail', () => {
  it('paints the placeholder first, then fades the lazy thumbnail in once it loads', () => {
    render(<FileThumbnail item={item({ thumbnailUrl: THUMB, placeholder: HASH, mediaStatus: 'READY' })} kind="image" variant="grid" />);
    const box = screen.getByTestId('file-thumbnail');
    expect(box).toHaveAttribute('data-state', 'loading');
    expect(screen.getByTestId('file-thumbnail-placeholder').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const image = screen.getByTestId('file-thumbnail-image');
    expect(image).toHaveAttribute('src', THUMB);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('alt', '');
    expect(image).not.toHaveClass('thumbImageLoaded');

    fireEvent.load(image);
    expect(box).toHaveAttribute('data-state', 'loaded');
    expect(image).toHaveClass('thumbImageLoaded');
  });

  it('shows the kind icon without a thumbnail, when it failed, or when the picture does not load', () => {
    const { container, rerender } = render(<FileThumbnail item={item()} kind="image" variant="list" />);
    expect(screen.queryByTestId('file-thumbnail')).toBeNull();
    expect(container.querySelector('[data-kind="image"]')).not.toBeNull();

    rerender(<FileThumbnail item={item({ thumbnailUrl: THUMB, placeholder: HASH, mediaStatus: 'FAILED' })} kind="image" variant="list" />);
    expect(screen.queryByTestId('file-thumbnail')).toBeNull();
    expect(container.querySelector('[data-kind="image"]')).not.toBeNull();

    rerender(<FileThumbnail item={item({ thumbnailUrl: THUMB, mediaStatus: 'READY' })} kind="image" variant="list" />);
    fireEvent.error(screen.getByTestId('file-thumbnail-image'));
    expect(screen.queryByTestId('file-thumbnail')).toBeNull();
    expect(container.querySelector('[data-kind="image"]')).not.toBeNull();
  });

  it('a list thumb loads the small picture, with the big one in its srcset for screens denser than 3×', () => {
    const { rerender } = render(<FileThumbnail item={item({ thumbnailUrl: THUMB, smallThumbnailUrl: SMALL, mediaStatus: 'READY' })} kind="image" variant="list" />);
    const image = screen.getByTestId('file-thumbnail-image');
    expect(image).toHaveAttribute('src', SMALL);
    expect(image).toHaveAttribute('srcset', `${SMALL} 128w, ${THUMB} 250w`);
    expect(image).toHaveAttribute('sizes', '40px');

    // Not made yet (a photo the backfill has not reached): the big one, alone.
    rerender(<FileThumbnail item={item({ thumbnailUrl: THUMB, mediaStatus: 'READY' })} kind="image" variant="list" />);
    expect(screen.getByTestId('file-thumbnail-image')).toHaveAttribute('src', THUMB);
    expect(screen.getByTestId('file-thumbnail-image')).not.toHaveAttribute('srcset');
  });

  it('a grid tile keeps the big picture, and offers both where the caller says how wide the tile is', () => {
    const media = item({ thumbnailUrl: THUMB, smallThumbnailUrl: SMALL, mediaStatus: 'READY' });
    const { rerender } = render(<FileThumbnail item={media} kind="image" variant="grid" />);
    expect(screen.getByTestId('file-thumbnail-image')).toHaveAttribute('src', THUMB);
    expect(screen.getByTestId('file-thumbnail-image')).not.toHaveAttribute('srcset');

    rerender(<FileThumbnail item={media} kind="image" variant="grid" sizes="(max-width: 600px) 33vw, 120px" />);
    const image = screen.getByTestId('file-thumbnail-image');
    expect(image).toHaveAttribute('src', THUMB);
    expect(image).toHaveAttribute('srcset', `${SMALL} 128w, ${THUMB} 250w`);
    expect(image).toHaveAttribute('sizes', '(max-width: 600px) 33vw, 120px');
  });

  it('refuses an unsafe thumbnail URL', () => {
    const { container, rerender } = render(<FileThumbnail item={item({ thumbnailUrl: 'javascript:alert(1)', mediaStatus: 'READY' })} kind="image" variant="grid" />);
    expect(screen.queryByTestId('file-thumbnail-image')).toBeNull();
    expect(container.querySelector('[data-kind="image"]')).not.toBeNull();

    // An unsafe small URL is dropped; the big one is shown alone.
    rerender(<FileThumbnail item={item({ thumbnailUrl: THUMB, smallThumbnailUrl: 'javascript:alert(1)', mediaStatus: 'READY' })} kind="image" variant="list" />);
    expect(screen.getByTestId('file-thumbnail-image')).toHaveAttribute('src', THUMB);
    expect(screen.getByTestId('file-thumbnail-image')).not.toHaveAttribute('srcset');
  });

  it('shimmers the placeholder or the kind icon while pending', () => {
    const { container, rerender } = render(<FileThumbnail item={item({ mediaStatus: 'PENDING' })} kind="image" variant="grid" />);
    const box = screen.getByRole('img', { name: 'Processing…' });
    expect(box).toHaveClass('thumbPending');
    expect(box).toHaveAttribute('data-state', 'pending');
    expect(container.querySelector('[data-kind="image"]')).not.toBeNull();

    rerender(<FileThumbnail item={item({ mediaStatus: 'PENDING', placeholder: HASH })} kind="image" variant="grid" />);
    expect(screen.getByTestId('file-thumbnail-placeholder')).toBeInTheDocument();
    expect(screen.queryByTestId('file-thumbnail-image')).toBeNull();
  });

  it('marks videos with a play badge and their length', () => {
    render(<FileThumbnail item={item({ thumbnailUrl: THUMB, placeholder: HASH, mediaStatus: 'READY', durationMs: 83_400 })} kind="video" variant="grid" />);
    expect(screen.getByRole('img', { name: 'Video, 1:23' })).toBeInTheDocument();
    expect(screen.getByTestId('file-thumbnail-video')).toHaveTextContent('1:23');
  });
});
