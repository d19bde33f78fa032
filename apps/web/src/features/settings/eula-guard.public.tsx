import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n/i18n';
import { useCheckEulaQuery } from './api';

/**
 * Sends a signed-in account whose accepted user agreement is older than the current one to /update/eula, remembering
 * where it was going. Rendered by the signed-in layout; renders nothing.
 */
export function EulaGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useCheckEulaQuery(currentLanguage());
  const mustAccept = data !== undefined && !data.approved;
  useEffect(() => {
    if (!mustAccept) return;
    const returnUrl = `${location.pathname}${location.search}`;
    navigate(`${paths.updateEula}?${new URLSearchParams({ returnUrl }).toString()}`, { replace: true });
  }, [mustAccept, location.pathname, location.search, navigate]);
  return null;
}
