import type { FileItem } from '@/api/files';

/** A complete file item as the server sends it (a plain active file without media), with the fields a test cares about. */
export function fileItem(fields: Partial<FileItem> & Pick<FileItem, 'uuid'>): FileItem {
  return {
    name: fields.uuid,
    folder: false,
    bytes: 0,
    contentType: '',
    parentFolderUuid: null,
    projectId: 'p-1',
    createdDate: 0,
    lastModifiedDate: 0,
    favourite: false,
    hidden: false,
    status: 'ACTIVE',
    documentType: null,
    trashedDate: null,
    metadata: {},
    thumbnailUrl: null,
    smallThumbnailUrl: null,
    previewUrl: null,
    placeholder: null,
    width: null,
    height: null,
    takenDate: null,
    durationMs: null,
    mediaStatus: null,
    camera: null,
    latitude: null,
    longitude: null,
    videoSlideshow: false,
    ...fields,
  };
}
