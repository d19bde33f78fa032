import {
  AudioIcon,
  DocIcon,
  FileIcon,
  FolderIcon,
  ImageIcon,
  PdfIcon,
  SheetIcon,
  SlideIcon,
  TextIcon,
  VideoIcon,
  ZipIcon,
} from '@/components/ui/icons';
import type { FileKind } from './file-kind';
import styles from './file-thumbnail.module.css';

const ICONS = {
  folder: FolderIcon,
  image: ImageIcon,
  video: VideoIcon,
  audio: AudioIcon,
  pdf: PdfIcon,
  doc: DocIcon,
  sheet: SheetIcon,
  slide: SlideIcon,
  zip: ZipIcon,
  text: TextIcon,
  file: FileIcon,
} as const;

/** The tinted tile with the icon of an item's media type. */
export function FileKindIcon({ kind, size = 20, large = false }: { kind: FileKind; size?: number; large?: boolean }) {
  const Icon = ICONS[kind];
  return (
    <span className={`${styles.kindTile} ${large ? styles.kindTileLarge : ''}`} data-kind={kind} aria-hidden="true">
      <Icon size={size} />
    </span>
  );
}
