import { lazy } from 'react';
import { withNamespaces } from '@/i18n/i18n';
import type { MediaSlots } from '@/media/slots';

const loadOffice = withNamespaces(['office'], () => import('@/features/office/office-editor.public'));

/** What features lend the shared media screens; loaded with the first screen that shows one. */
export const mediaSlots: MediaSlots = {
  // The share dialog's strings load with it (on demand: not part of the signed-in shell's).
  Share: lazy(() => withNamespaces(['shares'], () => import('@/features/sharing/share-dialog.public'))().then((module) => ({ default: module.ShareDialog }))),
  PhotoDetails: lazy(() => import('@/features/discover/photo-details.public').then((module) => ({ default: module.PhotoDetails }))),
  // The editor and its libraries (zip, XML, formulas) load with the first document opened (issue 33).
  OfficeEditor: lazy(() => loadOffice().then((module) => ({ default: module.OfficeEditor }))),
  // The same module, plus the view for the file's kind, fetched as soon as the editor's module is evaluated.
  loadOfficeEditor: (name) =>
    Promise.all([import('@/features/office/office-editor.public').then((module) => module.preloadOfficeView(name)), loadOffice()]).then(([, module]) => module.OfficeEditor),
  // The family library (issue 35): its strings load with the dialog.
  AddToFamily: lazy(() => withNamespaces(['family'], () => import('@/features/family/add-to-family-dialog.public'))().then((module) => ({ default: module.AddToFamilyDialog }))),
  AddToAlbum: lazy(() => import('@/features/albums/add-to-album-dialog.public').then((module) => ({ default: module.AddToAlbumDialog }))),
};
