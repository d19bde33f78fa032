import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { OfficeEditorSlot } from '../slots';
import styles from './viewer.module.css';

/** A document opened full screen in the office editor from a screen without a preview route of its own (Shares). */
export function DocumentViewer({ uuid, projectId, name, onClose }: { uuid: string; projectId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={name} data-testid="document-viewer">
      <header className={styles.bar}>
        <button ref={close} type="button" className={styles.barButton} onClick={onClose} aria-label={t('common:close')}>
          <CloseIcon size={22} />
        </button>
        <div className={styles.title}>
          <span className={styles.name} title={name}>
            <bdi>{name}</bdi>
          </span>
        </div>
      </header>
      <div className={styles.documentStage}>
        <OfficeEditorSlot uuid={uuid} projectId={projectId} name={name} fallback={<Spinner size={32} />} />
      </div>
    </div>
  );
}
