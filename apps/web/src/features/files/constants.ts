/** File-list page size, and the folder-list size that fetches all subfolders in one answer. */
export const FILE_PAGE_SIZE = 50;
export const FOLDER_LIST_SIZE = 99999;
/** A text preview shows at most this much of the file. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;
