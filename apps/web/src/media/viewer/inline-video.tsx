import type { ReactNode } from 'react';
import { isSafeUrl } from '@/lib/safe-url';
import type { FileItem } from '@/api/files';

/** A URL from the API only if it is one we may put in the page (same origin or an allowed storage host). */
export const safeUrl = (url: string | null | undefined): string | null => (url && isSafeUrl(url) ? url : null);

/**
 * A video played from its signed inline URL, seekable (the server answers Range), with the thumbnail as poster; used by
 * the file preview and the photo viewer.
 */
export function InlineVideo({
  src,
  item,
  className,
  onError,
  testId,
  children,
}: {
  src: string;
  item: Pick<FileItem, 'thumbnailUrl'>;
  className?: string;
  onError(): void;
  testId: string;
  /** Shown by browsers that cannot play it. */
  children: ReactNode;
}) {
  return (
    <video
      key={src}
      className={className}
      src={src}
      poster={safeUrl(item.thumbnailUrl) ?? undefined}
      controls
      playsInline
      preload="metadata"
      onError={onError}
      data-testid={testId}
    >
      {children}
    </video>
  );
}
