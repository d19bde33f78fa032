/** Zoom limits of the viewer: 1 = fitted to the screen. */
export const MIN_SCALE = 1;
export const MAX_SCALE = 5;
/** One press of a zoom button, and a double-click or double-tap, zoom by this much. */
export const ZOOM_STEP = 1.5;
export const DOUBLE_TAP_SCALE = 2.5;
/** A horizontal drag this long (px) at fit size turns the page. */
export const SWIPE_MIN_PX = 50;
/** Two taps closer than this (ms, px) are a double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SLOP_PX = 24;

export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export const FIT: ZoomState = { scale: 1, x: 0, y: 0 };

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Keeps the zoomed picture covering the stage: it may move at most by the part that sticks out on each side. */
export function clampPan(state: ZoomState, width: number, height: number): ZoomState {
  const scale = clampScale(state.scale);
  if (scale === MIN_SCALE) return FIT;
  const maxX = ((scale - 1) * width) / 2;
  const maxY = ((scale - 1) * height) / 2;
  return { scale, x: Math.min(maxX, Math.max(-maxX, state.x)), y: Math.min(maxY, Math.max(-maxY, state.y)) };
}

/** The new zoom after a wheel turn; deltaY < 0 zooms in. */
export function wheelScale(scale: number, deltaY: number): number {
  return clampScale(scale * Math.exp(-deltaY * 0.002));
}

/**
 * Which way a finished horizontal drag turns the page: dragging the picture towards the start edge shows the next
 * one (left in LTR, right in RTL). null when the drag was too short or mostly vertical.
 */
export function swipeDirection(dx: number, dy: number, rtl: boolean): 'next' | 'previous' | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  const towardsLeft = dx < 0;
  return towardsLeft !== rtl ? 'next' : 'previous';
}
