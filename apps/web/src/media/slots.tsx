import { createContext, Suspense, useContext, type ComponentType } from 'react';

export interface AddToAlbumSlotProps {
  open: boolean;
  /** The photos and videos to add. */
  uuids: string[];
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

/** Pieces a feature lends to every media screen; the app fills them, so features never import each other. */
export interface MediaSlots {
  /** The album picker behind "add to album"; without it the action is not offered. */
  AddToAlbum?: ComponentType<AddToAlbumSlotProps>;
}

const MediaSlotsContext = createContext<MediaSlots>({});

export const MediaSlotsProvider = MediaSlotsContext.Provider;

export function useMediaSlots(): MediaSlots {
  return useContext(MediaSlotsContext);
}

/** Renders the app's album picker, if it has one; a lazily loaded picker suspends here and nowhere else. */
export function AddToAlbumSlot(props: AddToAlbumSlotProps) {
  const { AddToAlbum } = useMediaSlots();
  if (!AddToAlbum) return null;
  return (
    <Suspense fallback={null}>
      <AddToAlbum {...props} />
    </Suspense>
  );
}
