import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A tab list addressed by `?<param>=<id>` (a link, reload or Back keeps the tab), with the keyboard of the ARIA tabs
 * pattern: arrows move between tabs (reversed right to left), Home and End jump. The caller decides which tab is
 * active (the URL, else its stored choice) and keeps its own state in step.
 */
export function useUrlTabs<T extends { id: number }>(tabs: readonly T[], param: string, active: T) {
  const [, setParams] = useSearchParams();
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  const select = (id: number, focus = false) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(param, String(id));
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active.id);
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let target: number | undefined;
    if (step !== undefined) target = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[target]!.id, true);
  };

  return { tabRefs, select, handleKeyDown };
}
