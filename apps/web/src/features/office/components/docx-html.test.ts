import { describe, expect, it } from 'vitest';
import type { Block } from '../ooxml/docx';
import { readBlocks, renderBlocks } from './docx-html';

// Pictures may come after the text (the document view reads them from the package once the page is drawn).

describe('pictures in the editable HTML', () => {
  const blocks: Block[] = [
    { kind: 'p', style: 'p', source: 0, inlines: [{ kind: 'text', text: 'Balon ' }, { kind: 'keep', id: 0, label: 'image', image: 'word/media/a.jpeg' }] },
    { kind: 'p', style: 'p', source: 1, inlines: [{ kind: 'keep', id: 1, label: 'image', image: 'word/media/missing.png' }] },
  ];

  it('a picture given later is drawn when it comes; one the package turns out not to have becomes a placeholder', async () => {
    let give!: (url: string | undefined) => void;
    const later = new Promise<string | undefined>((resolve) => (give = resolve));
    let missing!: (url: string | undefined) => void;
    const never = new Promise<string | undefined>((resolve) => (missing = resolve));
    const root = document.createElement('div');
    renderBlocks(root, blocks, (path) => (path.endsWith('a.jpeg') ? later : never), (kind) => `[${kind}]`);
    const [first, second] = [...root.querySelectorAll('img')];
    expect(first?.getAttribute('src')).toBeNull();
    expect(first?.alt).toBe('[image]');
    give('blob:photo');
    missing(undefined);
    await Promise.all([later, never]);
    await Promise.resolve();
    expect(first?.getAttribute('src')).toBe('blob:photo');
    expect(second?.isConnected).toBe(false);
    expect(root.querySelectorAll('[data-placeholder]')).toHaveLength(1);
    // The text and the kept runs read back as they were.
    expect(readBlocks(root, () => undefined)).toEqual([
      { kind: 'p', style: 'p', source: 0, inlines: [{ kind: 'text', text: 'Balon ' }, { kind: 'keep', id: 0, label: '' }] },
      { kind: 'p', style: 'p', source: 1, inlines: [{ kind: 'keep', id: 1, label: '' }] },
    ]);
  });
});
