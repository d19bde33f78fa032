/** What a resource id names; each kind is owned through its table's `account_id`. */
export type ResourceKind =
  | 'file'
  | 'album'
  | 'upload'
  | 'notification'
  | 'project'
  | 'link'
  | 'session'
  | 'payment'
  | 'card'
  | 'order'
  | 'person'
  | 'place'
  | 'thing'
  | 'foryou';

/** Every permission a route can ask for, and the kind of resource its ids name (`self`: the caller's account, no ids). */
export const PERMISSIONS = {
  'file.read': 'file',
  'file.write': 'file',
  'file.share': 'file',
  'album.read': 'album',
  'album.write': 'album',
  'upload.read': 'upload',
  'upload.write': 'upload',
  'notification.read': 'notification',
  'notification.write': 'notification',
  'project.read': 'project',
  'link.write': 'link',
  'session.write': 'session',
  'payment.read': 'payment',
  'card.write': 'card',
  'order.read': 'order',
  'person.read': 'person',
  'person.write': 'person',
  'place.read': 'place',
  'thing.read': 'thing',
  'foryou.read': 'foryou',
  'foryou.write': 'foryou',
  self: null,
} as const satisfies Record<string, ResourceKind | null>;

export type Permission = keyof typeof PERMISSIONS;
export type ResourcePermission = { [P in Permission]: (typeof PERMISSIONS)[P] extends null ? never : P }[Permission];

export const kindOf = (permission: ResourcePermission): ResourceKind => PERMISSIONS[permission];

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
