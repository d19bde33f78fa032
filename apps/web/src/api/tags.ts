/** Cache tag types, exactly as the specification lists them. */
export const TAG_TYPES = [
  'Group',
  'Album',
  'ForYou',
  'GetPeople',
  'LeftMenu',
  'FilesByFieldName',
  'Trash',
  'Throwback',
  'Notification',
  'ConnectedAccounts',
  'FaceImageGrouping',
  'Invoice',
  'CaptchaRequired',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** FilesByFieldName id of a folder listing: the folder uuid, or this for the root. */
export const ROOT_FOLDER_TAG_ID = 'ROOT';

/** The family library is a timeline of its own (issue 35): a Group entry with its own id. */
export const FAMILY_LIBRARY_TAG = { type: 'Group' as const, id: 'FAMILY_LIBRARY' };

export function folderListingTag(parentUuid: string | null) {
  return { type: 'FilesByFieldName' as const, id: parentUuid ?? ROOT_FOLDER_TAG_ID };
}
