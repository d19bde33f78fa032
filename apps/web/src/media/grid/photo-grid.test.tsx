import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FileItem } from '@/api/files';
import { PhotoGrid } from './photo-grid';
import { fileItem } from '@/test/file-item';

const item = (uuid: string, width = 4000, height = 3000): FileItem => fileItem({
  uuid,
  name: `${uuid}.jpg`,
  folder: false,
  bytes: 1,
  contentType: 'image/jpeg',
  parentFolderUuid: null,
  projectId: 'p',
  thumbnailUrl: `/api/media/thumb/${uuid}`,
  width,
  height,
  mediaStatus: 'READY',
});

function renderGrid(props: Partial<Parameters<typeof PhotoGrid>[0]> & { items: FileItem[] }) {
  const handlers = { onLoadMore: vi.fn(), onToggleSelect: vi.fn(), onOpen: vi.fn() };
  render(<PhotoGrid hasMore={false} selected={new Set()} selectionMode={false} {...handlers} {...props} />);
  return handlers;
}

describe('PhotoGrid', () => {
  it('lays a flat list out in justified rows and opens a photo by its index', async () => {
    const items = Array.from({ length: 8 }, (_, i) => item(`a${i}`));
    const { onOpen, onLoadMore } = renderGrid({ items });
    const tiles = screen.getAllByRole('button', { name: /^a\d\.jpg/ });
    expect(tiles).toHaveLength(8);
    // jsdom's 1024 px window: 694 px wide, four 4:3 pictures at 170 px do not fit, so rows are stretched to fill.
    // The tile box is the open button's parent: it carries the justified position.
    const first = tiles[0]!.parentElement!.style;
    expect(first.insetInlineStart).toBe('2px');
    expect(parseFloat(first.blockSize)).toBeLessThanOrEqual(170 * 1.5);
    await userEvent.click(screen.getByRole('button', { name: 'a2.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(2);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('toggles instead of opening while selecting, and shows the checked state', async () => {
    const items = [item('a'), item('b')];
    const { onOpen, onToggleSelect } = renderGrid({ items, selectionMode: true, selected: new Set(['a']) });
    expect(screen.getByRole('checkbox', { name: 'Select a.jpg' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'b.jpg' }));
    expect(onToggleSelect).toHaveBeenCalledWith('b', { shiftKey: false, ctrlKey: false, metaKey: false });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('asks for more once when the end of a list with more is in view', () => {
    const { onLoadMore } = renderGrid({ items: [item('a'), item('b')], hasMore: true });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('photo-pending-block')).toBeInTheDocument();
  });

  it('renders only the rows near the window of a long list', () => {
    const items = Array.from({ length: 3000 }, (_, i) => item(`x${i}`));
    const { onLoadMore } = renderGrid({ items, hasMore: true });
    expect(screen.getAllByRole('button', { name: /^x\d+\.jpg/ }).length).toBeLessThan(100);
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
