import type { ReactNode } from 'react';
import { useUrlTabs } from '@/hooks/use-url-tabs';
import styles from './tabs.module.css';

export interface UrlTabsProps<T extends { id: number }> {
  tabs: readonly T[];
  active: T;
  /** The search parameter naming the tab (`?tab=<id>`). */
  param: string;
  /** The tab list's accessible name. */
  label: string;
  /** Prefixes the ids and test ids: `<prefix>-tab-<id>`, `<prefix>-panel-<id>`. */
  idPrefix: string;
  labelOf: (tab: T) => string;
  /** A tab's own extra class (a danger tab). */
  classNameOf?: (tab: T) => string | undefined;
  panelClassName?: string;
  /** The active tab's panel. */
  children: ReactNode;
}

/**
 * The ARIA tabs pattern for tabs addressed in the URL: a tablist whose one tab stop is the chosen tab (arrows move,
 * Home and End jump) and the chosen tab's panel.
 */
export function UrlTabs<T extends { id: number }>({ tabs, active, param, label, idPrefix, labelOf, classNameOf, panelClassName, children }: UrlTabsProps<T>) {
  const { tabRefs, select, handleKeyDown } = useUrlTabs(tabs, param, active);
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === active.id}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === active.id ? 0 : -1}
            className={`${styles.tab} ${classNameOf?.(tab) ?? ''}`}
            onClick={() => select(tab.id)}
            data-testid={`${idPrefix}-tab-${tab.id}`}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel-${active.id}`} aria-labelledby={`${idPrefix}-tab-${active.id}`} className={panelClassName} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
