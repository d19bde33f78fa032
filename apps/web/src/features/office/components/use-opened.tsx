import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/loader';
import type { OfficeFormat } from '../ooxml/open';
import styles from './office.module.css';

/**
 * A file opened by its kind's reader, which may first fetch an OpenDocument chunk: the opened file, or what to show
 * meanwhile (a spinner) or instead (the load error).
 */
export function useOpened<T>(open: (format: OfficeFormat, bytes: Uint8Array) => Promise<T>, format: OfficeFormat, bytes: Uint8Array): { file: T | null; placeholder: ReactNode } {
  const { t } = useTranslation('office');
  const [state, setState] = useState<{ file: T | null; failed: boolean; for: Uint8Array | null }>({ file: null, failed: false, for: null });
  useEffect(() => {
    let live = true;
    open(format, bytes).then(
      (file) => live && setState({ file, failed: false, for: bytes }),
      () => live && setState({ file: null, failed: true, for: bytes }),
    );
    return () => {
      live = false;
    };
  }, [open, format, bytes]);
  const current = state.for === bytes;
  if (current && state.file) return { file: state.file, placeholder: null };
  return {
    file: null,
    placeholder:
      current && state.failed ? (
        <p className={styles.message} role="alert">
          {t('load_error')}
        </p>
      ) : (
        <div className={styles.message} role="status">
          <Spinner size={32} />
          <span>{t('loading')}</span>
        </div>
      ),
  };
}
