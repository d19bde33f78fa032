import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** `?photo=<uuid>`: the photo open in the viewer, so a reload or a shared link opens it again. */
export const PHOTO_PARAM = 'photo';

interface ViewerLocationState {
  /** The viewer added this history entry, so closing it is a step back. */
  viewerPushed?: boolean;
}

/**
 * The viewer's place in the URL. Opening pushes one history entry (browser Back closes the viewer and stays on the
 * screen); stepping to another photo replaces it; closing steps back, or drops the parameter when the page was
 * opened with it (a reload or a link), so closing never leaves the app.
 */
export function useViewerUrl() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const uuid = params.get(PHOTO_PARAM);
  const pushed = Boolean((location.state as ViewerLocationState | null)?.viewerPushed);

  const searchWith = useCallback(
    (value: string | null) => {
      const next = new URLSearchParams(params);
      if (value === null) next.delete(PHOTO_PARAM);
      else next.set(PHOTO_PARAM, value);
      const search = next.toString();
      return search ? `?${search}` : '';
    },
    [params],
  );

  const show = useCallback(
    (target: string) => {
      if (target === uuid) return;
      if (uuid === null) void navigate({ search: searchWith(target) }, { state: { viewerPushed: true } satisfies ViewerLocationState });
      else void navigate({ search: searchWith(target) }, { replace: true, state: location.state });
    },
    [uuid, navigate, searchWith, location.state],
  );

  const close = useCallback(() => {
    if (uuid === null) return;
    if (pushed) void navigate(-1);
    else void navigate({ search: searchWith(null) }, { replace: true });
  }, [uuid, pushed, navigate, searchWith]);

  return { uuid, show, close };
}
