// Rendering for generated content (collages, animations, memory videos, styled photos, quality): pure functions over
// buffers and files, with no database and no product rules.
export { renderCollage, pickCollageLayout, layoutCells, assignCells, COLLAGE_LAYOUTS, COLLAGE_MIN_PHOTOS, COLLAGE_MAX_PHOTOS } from './collage.js';
export type { CollageLayout, CollagePhoto, CollageOptions, CollageResult } from './collage.js';
export { renderAnimation, renderAnimationMp4, ANIMATION_MAX_FRAMES } from './animation.js';
export type { AnimationOptions, AnimationMp4Options, AnimationResult } from './animation.js';
export { renderMemoryVideo, MEMORY_VIDEO_MAX_PHOTOS, MEMORY_VIDEO_FADE_SECONDS } from './video.js';
export type { MemoryVideoOptions, VideoPhoto, EncodedVideo } from './video.js';
export { renderTitleCard, TITLE_CARD_BACKGROUND } from './title-card.js';
export type { TitleCardOptions } from './title-card.js';
export { renderStyled, PHOTO_STYLES } from './styles.js';
export type { PhotoStyle, StyleOptions } from './styles.js';
export { photoQuality } from './quality.js';
export type { PhotoQuality } from './quality.js';
export { isVideoRenderingAvailable, probeVideo, extractFrame, RenderUnavailableError, RenderFailedError } from './tools.js';
export type { VideoInfo } from './tools.js';
export type { FocusBox, Rect, PixelSize } from './image.js';
