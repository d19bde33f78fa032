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
