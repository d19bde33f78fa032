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
  | 'foryou'
  /** A contacts backup version, and a contact inside one (issue 31). */
  | 'contact_version'
  | 'contact'
  /** A person of a family library (issue 35): its family's members hold it, not one account. */
  | 'family_person'
  /** An album of a family library (issue 35): its family's members hold it. */
  | 'family_album';

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
  'contacts.read': 'contact_version',
  'contacts.write': 'contact_version',
  'contact.read': 'contact',
  'family_person.read': 'family_person',
  'family_person.write': 'family_person',
  'family_album.read': 'family_album',
  'family_album.write': 'family_album',
  self: null,
} as const satisfies Record<string, ResourceKind | null>;

/**
 * What an operator (the console's principal, issue 27) may do. Operator permissions take no resource ids: an operator's
 * role grants them across every account, so the check is the role alone (see operator-roles.ts).
 */
export const OPERATOR_PERMISSIONS = [
  'ops.self',
  'ops.dashboard.read',
  'ops.subscriber.read',
  'ops.subscriber.write',
  'ops.subscriber.identity',
  'ops.operator.manage',
  'ops.plan.read',
  'ops.plan.write',
  'ops.config.read',
  'ops.config.write',
  'ops.order.read',
  'ops.order.refund',
  'ops.audit.read',
  // Reserved for the support inbox and campaigns issues.
  'ops.support.read',
  'ops.support.write',
  'ops.campaign.read',
  'ops.campaign.write',
  // The telesales prize draw (issue 30): campaigns, codes, entries, the draw itself.
  'ops.draw.read',
  'ops.draw.write',
] as const;

export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];
/** A subscriber's permission: checked against the caller's account and the resources its ids name. */
export type SubscriberPermission = keyof typeof PERMISSIONS;
export type Permission = SubscriberPermission | OperatorPermission;
export type ResourcePermission = { [P in SubscriberPermission]: (typeof PERMISSIONS)[P] extends null ? never : P }[SubscriberPermission];
/** Which principal a permission is asked of. */
export type PermissionKind = 'subscriber' | 'operator';

export const kindOf = (permission: ResourcePermission): ResourceKind => PERMISSIONS[permission];

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATOR_PERMISSIONS);

export const isOperatorPermission = (value: unknown): value is OperatorPermission => typeof value === 'string' && OPERATOR_SET.has(value);

export const isSubscriberPermission = (value: unknown): value is SubscriberPermission =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);

export const isPermission = (value: unknown): value is Permission => isSubscriberPermission(value) || isOperatorPermission(value);

export const permissionKind = (permission: Permission): PermissionKind => (isOperatorPermission(permission) ? 'operator' : 'subscriber');
