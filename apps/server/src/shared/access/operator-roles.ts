import { OPERATOR_PERMISSIONS, type OperatorPermission } from './permissions.js';

/** The console's roles (issue 27); an operator holds exactly one. */
export const OPERATOR_ROLES = ['admin', 'support', 'marketing', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** What each role may do; `ops.self` (the operator's own profile and sign-out) belongs to every role. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, ReadonlySet<OperatorPermission>>> = {
  admin: new Set(OPERATOR_PERMISSIONS),
  support: new Set<OperatorPermission>([
    'ops.self',
    'ops.dashboard.read',
    'ops.subscriber.read',
    'ops.subscriber.write',
    'ops.subscriber.identity',
    'ops.support.read',
    'ops.support.write',
    'ops.plan.read',
  ]),
  marketing: new Set<OperatorPermission>([
    'ops.self',
    'ops.dashboard.read',
    'ops.config.read',
    'ops.config.write',
    'ops.campaign.read',
    'ops.campaign.write',
    'ops.draw.read',
    'ops.draw.write',
    'ops.plan.read',
  ]),
  finance: new Set<OperatorPermission>([
    'ops.self',
    'ops.dashboard.read',
    'ops.order.read',
    'ops.order.refund',
    'ops.plan.read',
    'ops.plan.write',
    'ops.subscriber.read',
  ]),
};

export const isOperatorRole = (value: unknown): value is OperatorRole => typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

export const roleAllows = (role: OperatorRole, permission: OperatorPermission): boolean => ROLE_PERMISSIONS[role].has(permission);

/** The role's permissions in the catalogue's order (the console shows menu items by these). */
export const permissionsOf = (role: OperatorRole): OperatorPermission[] => OPERATOR_PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
