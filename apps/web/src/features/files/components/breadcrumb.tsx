import { useTranslation } from 'react-i18next';
import { ChevronEndIcon } from '@/components/ui/icons';
import type { FolderCrumb } from '@/state/ui-slice';
import styles from './files.module.css';

export interface BreadcrumbProps {
  path: readonly FolderCrumb[];
  /** Opens the path cut after `depth` folders (0 = root). */
  onNavigate: (depth: number) => void;
  /** The first crumb's name (a shared link starts at its own name); "Files" by default. */
  rootLabel?: string;
}

/** Files › opened folders; every level but the current one is a link back. */
export function Breadcrumb({ path, onNavigate, rootLabel }: BreadcrumbProps) {
  const { t } = useTranslation();
  const levels = [{ uuid: 'root', name: rootLabel ?? t('files:root') }, ...path];
  return (
    <nav className={styles.breadcrumb} aria-label={t('files:breadcrumb')} data-testid="breadcrumb">
      <ol className={styles.crumbs}>
        {levels.map((level, depth) => {
          const current = depth === levels.length - 1;
          return (
            <li key={level.uuid} className={styles.crumb}>
              {depth > 0 ? <ChevronEndIcon size={14} className={styles.crumbSeparator} /> : null}
              {current ? (
                <span className={styles.crumbCurrent} aria-current="page" title={level.name}>
                  <bdi>{level.name}</bdi>
                </span>
              ) : (
                <button type="button" className={styles.crumbButton} onClick={() => onNavigate(depth)} title={level.name} data-testid="breadcrumb-item">
                  <bdi>{level.name}</bdi>
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
