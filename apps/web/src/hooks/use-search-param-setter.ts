import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets one query parameter at a time without losing another set just before it. React Router's setter (even its
 * updater form) starts from the parameters of the last render, so two changes before the next render kept only the
 * second: the support inbox lost its state filter when the language filter followed quickly (seen at CI's CPU share).
 */
export function useSearchParamSetter(): (key: string, value: string | null) => void {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  return useCallback(
    (key: string, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(key, value);
      else next.delete(key);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
}
