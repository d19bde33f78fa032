import { Icon, type IconProps } from '@/components/ui/icons';

/** The few viewer glyphs the shared icon set lacks, drawn with its Icon. */
export const ZoomInIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2M11 8.5v5M8.5 11h5" />
  </Icon>
);
export const ZoomOutIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2M8.5 11h5" />
  </Icon>
);
export const AlbumAddIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="13" height="13" rx="2" />
    <path d="M7 18.5V20a1 1 0 0 0 1 1h11a1.5 1.5 0 0 0 1.5-1.5V9a1 1 0 0 0-1-1H17M10 8.5v6M7 11.5h6" />
  </Icon>
);
export const AlbumRemoveIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="13" height="13" rx="2" />
    <path d="M7 18.5V20a1 1 0 0 0 1 1h11a1.5 1.5 0 0 0 1.5-1.5V9a1 1 0 0 0-1-1H17M7 11.5h6" />
  </Icon>
);
export const CoverIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <path d="M3.5 16l4.5-4.5 4 4 2.5-2.5 6 6M15.5 9.5v.01" />
  </Icon>
);
