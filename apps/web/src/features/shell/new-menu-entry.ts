import type { ComponentType, SVGProps } from 'react';

/** An entry of the NEW menu, registered by the feature that can create the thing. */
export interface NewMenuEntry {
  key: string;
  /** i18n key ("ns:key"). */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  onSelect: () => void;
  /** Stable hook for end-to-end tests (e.g. new-upload, new-folder). */
  testId?: string;
}
