import type { ParseKeys } from 'i18next';
import type { ComponentType, SVGProps } from 'react';

/** One side-menu entry; a feature declares its own in its routes.tsx and the app orders them. */
export interface MenuItem {
  key: string;
  labelKey: ParseKeys<'shell'>;
  path: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
}
