import type { ParseKeys } from 'i18next';
import { opsPaths } from '../api/session';
import type { OpsPermission } from '../api/types';

export interface MenuItem {
  to: string;
  labelKey: ParseKeys;
  /** Shown when the operator holds this permission. */
  permission: OpsPermission;
  end?: boolean;
}

/** The console's menu in order; each item needs the permission its screen's first call needs. */
export const MENU: readonly MenuItem[] = [
  { to: opsPaths.home, labelKey: 'ops:menu_dashboard', permission: 'ops.dashboard.read', end: true },
  { to: opsPaths.subscribers, labelKey: 'ops:menu_subscribers', permission: 'ops.subscriber.read' },
  { to: opsPaths.support, labelKey: 'ops_support:menu', permission: 'ops.support.read' },
  { to: opsPaths.plans, labelKey: 'ops:menu_plans', permission: 'ops.plan.read' },
  { to: opsPaths.config, labelKey: 'ops:menu_config', permission: 'ops.config.read' },
  { to: opsPaths.orders, labelKey: 'ops:menu_orders', permission: 'ops.order.read' },
  { to: opsPaths.reconciliation, labelKey: 'ops:menu_reconciliation', permission: 'ops.order.read' },
  { to: opsPaths.draw, labelKey: 'opsDraw:menu', permission: 'ops.draw.read' },

  { to: opsPaths.campaigns, labelKey: 'ops_campaigns:menu', permission: 'ops.campaign.read' },
  { to: opsPaths.audit, labelKey: 'ops:menu_audit', permission: 'ops.audit.read' },
  { to: opsPaths.operators, labelKey: 'ops:menu_operators', permission: 'ops.operator.manage' },
];

export function visibleMenu(permissions: readonly string[]): MenuItem[] {
  const held = new Set(permissions);
  return MENU.filter((item) => held.has(item.permission));
}
