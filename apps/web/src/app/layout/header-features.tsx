import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteFlag } from '@/api/remote-config';
import { DocIcon, FolderPlusIcon, PhotosIcon, SheetIcon, SlideIcon, UploadIcon } from '@/components/ui/icons';
import { useCreateAlbumHost } from '@/features/albums/components/create-album-host';
import { useCreateDocument } from '@/features/files/hooks/use-create-document';
import type { SearchSlot } from '@/features/shell/components/header';
import type { NewMenuEntry } from '@/features/shell/new-menu-entry';
import { SearchBox, SearchIconLink } from '@/features/search/components/search-box';
import { useUploader } from '@/hooks/use-uploader';
import { useAppSelector } from '@/state/hooks';

/**
 * Features that plug into the header. The NEW menu offers "Upload files" (upload feature) and "Create
 * folder" (files feature), both into the opened folder, and "Create album" on photo and album pages (albums
 * feature, which also opens it for `?openModal`), and, when the remote config `only_office_enabled` is on, a blank
 * document, spreadsheet or presentation in the opened folder (files feature); the search feature gives the search box
 * and the mobile search icon.
 */
// Loaded when first opened: it is not needed to show any screen (issue 17).
const CreateFolderDialog = lazy(() => import('@/features/files/components/create-folder-dialog').then((module) => ({ default: module.CreateFolderDialog })));

const NewEntriesContext = createContext<readonly NewMenuEntry[]>([]);

export function useNewMenuEntries(): readonly NewMenuEntry[] {
  return useContext(NewEntriesContext);
}

// Both are tiny; the suggestion list and the results screen load on demand.
const SEARCH_SLOT: SearchSlot = { box: <SearchBox variant="header" />, icon: <SearchIconLink />, page: <SearchBox variant="page" /> };

export function useSearchSlot(): SearchSlot | null {
  return SEARCH_SLOT;
}

/** Provides the NEW entries and hosts what they open (the create-folder dialog; the file picker is the uploader's). */
export function HeaderFeatures({ children }: { children: ReactNode }) {
  const uploader = useUploader();
  const parentUuid = useAppSelector((state) => state.ui.openedFolders.at(-1)?.uuid ?? null);
  const [creatingFolder, setCreatingFolder] = useState(false);
  // Once opened the dialog stays mounted, so it can animate out and reopens at once.
  const [folderDialogUsed, setFolderDialogUsed] = useState(false);
  const openCreateFolder = useCallback(() => {
    setFolderDialogUsed(true);
    setCreatingFolder(true);
  }, []);
  const pageName = useAppSelector((state) => state.ui.pageName);
  const createAlbum = useCreateAlbumHost();
  const { openCreateAlbum } = createAlbum;
  const { i18n } = useTranslation();
  const officeEnabled = useRemoteFlag('only_office_enabled', i18n.language);
  const createDocument = useCreateDocument(parentUuid);

  const entries = useMemo<NewMenuEntry[]>(() => {
    const list: NewMenuEntry[] = [];
    if (uploader) {
      list.push({ key: 'upload', labelKey: 'upload:new_upload', icon: UploadIcon, onSelect: () => uploader.pickFiles(parentUuid), testId: 'new-upload' });
    }
    list.push({ key: 'folder', labelKey: 'files:new_folder', icon: FolderPlusIcon, onSelect: openCreateFolder, testId: 'new-folder' });
    if (officeEnabled) {
      list.push({ key: 'document', labelKey: 'files:new_document', icon: DocIcon, onSelect: () => void createDocument('WORD'), testId: 'new-document' });
      list.push({ key: 'spreadsheet', labelKey: 'files:new_spreadsheet', icon: SheetIcon, onSelect: () => void createDocument('CELL'), testId: 'new-spreadsheet' });
      list.push({ key: 'presentation', labelKey: 'files:new_presentation', icon: SlideIcon, onSelect: () => void createDocument('SLIDE'), testId: 'new-presentation' });
    }
    if (pageName === 'photos' || pageName === 'ALBUMS') {
      list.push({ key: 'album', labelKey: 'albums:create_album', icon: PhotosIcon, onSelect: openCreateAlbum, testId: 'new-album' });
    }
    return list;
  }, [uploader, parentUuid, openCreateFolder, officeEnabled, createDocument, pageName, openCreateAlbum]);

  return (
    <NewEntriesContext.Provider value={entries}>
      {children}
      {folderDialogUsed && (
        <Suspense fallback={null}>
          <CreateFolderDialog open={creatingFolder} onOpenChange={setCreatingFolder} parentUuid={parentUuid} />
        </Suspense>
      )}
      {createAlbum.element}
    </NewEntriesContext.Provider>
  );
}
