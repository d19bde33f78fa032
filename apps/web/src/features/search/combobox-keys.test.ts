import { describe, expect, it } from 'vitest';
import { moveActiveOption } from './combobox-keys';

describe('moveActiveOption', () => {
  it('goes down from the box to the first option and wraps at both ends', () => {
    expect(moveActiveOption(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActiveOption(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActiveOption(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActiveOption(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActiveOption(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActiveOption(2, 3, 'ArrowUp')).toBe(1);
  });

  it('stays in the box without options', () => {
    expect(moveActiveOption(-1, 0, 'ArrowDown')).toBe(-1);
    expect(moveActiveOption(4, 0, 'ArrowUp')).toBe(-1);
  });
});
