import { createContext, Suspense, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetOfficeFileInProjectQuery } from '@/api/office';
import { useRemoteFlagStatus } from '@/api/remote-config';

export interface AddToAlbumSlotProps {
  open: boolean;
  /** The photos and videos to add. */
  uuids: string[];
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

/**
 * What the share dialog shares: files and folders (link and invitations), one album (a live link only), or a person's
 * or a place's photos (a live link only: photos recognised or taken there later appear in it).
 */
export type ShareTarget =
  | { kind: 'items'; items: readonly { uuid: string; projectId: string; name: string; folder: boolean }[] }
  | { kind: 'album'; uuid: string; name: string }
  | { kind: 'person' | 'place'; uuid: string; name: string };

export interface ShareSlotProps {
  open: boolean;
  target: ShareTarget;
  onOpenChange: (open: boolean) => void;
}

export interface AddToFamilySlotProps {
  open: boolean;
  /** The caller's own photos and videos to move or copy into the family library. */
  uuids: string[];
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

export interface PhotoDetailsSlotProps {
  /** The owner's photo or video on screen in the viewer. */
  uuid: string;
}

export interface OfficeEditorSlotProps {
  uuid: string;
  /** The project (account) whose file it is: mine, or the owner's for a file shared with me. */
  projectId: string;
  name: string;
  /** A public link's visitor: no editor session, read-only, the bytes from the (signed) address this gives. */
  readOnlyUrl?: () => Promise<string>;
}

/** Pieces a feature lends to every media screen; the app fills them, so features never import each other. */
export interface MediaSlots {
  /** The album picker behind "add to album"; without it the action is not offered. */
  AddToAlbum?: ComponentType<AddToAlbumSlotProps>;
  /** Moving or copying photos into the family library (issue 35); without it the action is not offered. */
  AddToFamily?: ComponentType<AddToFamilySlotProps>;
  /** The share dialog (public link, invitations, who has access); without it Share is not offered. */
  Share?: ComponentType<ShareSlotProps>;
  /** More about the photo in the viewer's info panel (who is in it, where it was taken); without it, nothing. */
  PhotoDetails?: ComponentType<PhotoDetailsSlotProps>;
  /** The embedded office editor (loaded with the first document opened); without it documents show their preview. */
  OfficeEditor?: ComponentType<OfficeEditorSlotProps>;
  /**
   * The same editor fetched without suspending, with the view for this file name's kind started at once: the slot
   * draws it as soon as it is here (a suspended boundary is revealed no sooner than React's 300 ms throttle allows).
   */
  loadOfficeEditor?: (name: string) => Promise<ComponentType<OfficeEditorSlotProps>>;
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

/** Renders the app's family library dialog while it is open (it loads with its first use). */
export function AddToFamilySlot(props: AddToFamilySlotProps) {
  const { AddToFamily } = useMediaSlots();
  if (!AddToFamily || !props.open) return null;
  return (
    <Suspense fallback={null}>
      <AddToFamily {...props} />
    </Suspense>
  );
}

/** Renders the app's share dialog while it is open (it loads with its first use). */
export function ShareSlot(props: ShareSlotProps) {
  const { Share } = useMediaSlots();
  if (!Share || !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Share {...props} />
    </Suspense>
  );
}

/** Renders the app's extra photo details in the info panel; they load (and suspend) here and nowhere else. */
export function PhotoDetailsSlot(props: PhotoDetailsSlotProps) {
  const { PhotoDetails } = useMediaSlots();
  if (!PhotoDetails) return null;
  return (
    <Suspense fallback={null}>
      <PhotoDetails {...props} />
    </Suspense>
  );
}

/** Documents the embedded editor opens (in their own format); other office files keep their preview picture. */
export const editsInOfficeEditor = (name: string): boolean => /\.(docx|xlsx|pptx|odt|ods|odp)$/i.test(name);

/**
 * Whether documents open in the office editor: the app lends one and the remote config `only_office_enabled` is not
 * off (while it loads, on: the product ships with it on, and a document should not flicker from picture to editor).
 */
export function useHasOfficeEditor(): boolean {
  const { i18n } = useTranslation();
  const enabled = useRemoteFlagStatus('only_office_enabled', i18n.language);
  return Boolean(useMediaSlots().OfficeEditor) && enabled !== false;
}

/** Renders the app's office editor for a document; it loads (and suspends) here, showing `fallback` meanwhile. */
export function OfficeEditorSlot({ fallback, ...props }: OfficeEditorSlotProps & { fallback: ReactNode }) {
  const { OfficeEditor, loadOfficeEditor } = useMediaSlots();
  // The open config (and with it the document's bytes, see api/office) is asked for now, while the editor's code and
  // strings load, not once they have: the editor reads this same answer.
  useGetOfficeFileInProjectQuery({ projectId: props.projectId, uuid: props.uuid }, { refetchOnMountOrArgChange: true, skip: !OfficeEditor || Boolean(props.readOnlyUrl) });
  const [loaded, setLoaded] = useState<{ Editor: ComponentType<OfficeEditorSlotProps> } | 'failed' | null>(null);
  const { name } = props;
  useEffect(() => {
    if (!loadOfficeEditor) return;
    let live = true;
    loadOfficeEditor(name).then(
      (Editor) => live && setLoaded({ Editor }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [loadOfficeEditor, name]);
  if (!OfficeEditor) return fallback;
  if (loaded && loaded !== 'failed') {
    return (
      <Suspense fallback={fallback}>
        <loaded.Editor {...props} />
      </Suspense>
    );
  }
  // Still loading: the fallback; a load that failed goes through the lazy editor, whose error the screen shows.
  if (loadOfficeEditor && !loaded) return fallback;
  return (
    <Suspense fallback={fallback}>
      <OfficeEditor {...props} />
    </Suspense>
  );
}
