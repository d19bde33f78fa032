import { useOpsMeQuery } from '../api/endpoints';
import type { OpsPermission } from '../api/types';

/** Whether the signed-in operator's role holds a permission (the server checks again; this only hides buttons). */
export function usePermission(permission: OpsPermission): boolean {
  const { data } = useOpsMeQuery();
  return Boolean(data?.permissions.includes(permission));
}
