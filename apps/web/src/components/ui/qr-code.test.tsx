import { render, screen } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('draws every dark module of the encoded value inside a 4-module quiet zone', () => {
    const value = 'https://bulut.example/main/qr-approve?code=abc123';
    render(<QrCode value={value} label="Sign-in code" size={160} />);
    const svg = screen.getByRole('img', { name: 'Sign-in code' });
    const reference = qrcode(0, 'M');
    reference.addData(value, 'Byte');
    reference.make();
    const count = reference.getModuleCount();
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${count + 8} ${count + 8}`);
    let dark = 0;
    for (let row = 0; row < count; row += 1) for (let col = 0; col < count; col += 1) if (reference.isDark(row, col)) dark += 1;
    const squares = svg.querySelector('path')?.getAttribute('d')?.match(/M/g) ?? [];
    expect(squares).toHaveLength(dark);
    // The top-left finder pattern's corner module sits right after the quiet zone.
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
  });
});
