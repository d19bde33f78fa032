/** The photo album kind, its icon, page size and list order. */
export const ALBUM_CONTENT_TYPE = 'album/photo';
export const ALBUM_ICON = 'playlist-2';
export const ALBUM_PAGE_SIZE = 100;
export const ALBUM_SORT = { sortBy: 'lastModifiedDate', sortOrder: 'DESC' } as const;
/** docs/api.md: labels are 1–255 characters. */
export const ALBUM_LABEL_MAX_LENGTH = 255;
/** The photo picker reads the library in file-list pages (50 items) of both media kinds. */
export const LIBRARY_PAGE_SIZE = 50;
export const MEDIA_CONTENT_TYPES = 'image OR video';
/** docs/api.md: addFiles takes 1–500 uuids (as many as the default max_select_count lets one select). */
export const ADD_FILES_MAX = 500;
/** This query parameter opens the create-album dialog. */
export const OPEN_MODAL_PARAM = 'openModal';
