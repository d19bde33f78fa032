import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import styles from './qr-code.module.css';

export interface QrCodeProps {
  /** What the code carries (a URL, an otpauth:// address). */
  value: string;
  /** What a screen reader hears instead of the picture. */
  label: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  className?: string;
  testId?: string;
}

/** Quiet zone around the code, in modules: the standard asks for 4 so phone cameras find the edges. */
const QUIET_ZONE = 4;

/** The dark modules as one SVG path (one "h1v1h-1z" square each): a few kB of markup, crisp at any size. */
function modulePath(value: string): { path: string; count: number } {
  // Type 0 picks the smallest version that fits; level M survives a smudged screen and keeps the code small.
  const code = qrcode(0, 'M');
  code.addData(value, 'Byte');
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, count: count + QUIET_ZONE * 2 };
}

/**
 * A QR code drawn as inline SVG (QR sign-in, authenticator enrolment). Always dark on white whatever the theme or
 * direction: scanners need the contrast, and SVG coordinates are never mirrored for right-to-left languages.
 * Import it only from lazily loaded screens: it brings the QR encoder with it.
 */
export function QrCode({ value, label, size = 200, className, testId }: QrCodeProps) {
  const { path, count } = useMemo(() => modulePath(value), [value]);
  return (
    <svg
      className={[styles.code, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
