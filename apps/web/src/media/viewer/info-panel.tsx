import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, EditIcon } from '@/components/ui/icons';
import { formatBytes, formatDateTime } from '@/i18n/format';
import type { FileItem } from '@/api/files';
import { numberFormat } from '@/i18n/intl';
import { formatDuration } from '../media-item';
import { PhotoDetailsSlot } from '../slots';
import { formatCoordinates } from './info';
import styles from './viewer.module.css';

export interface InfoPanelProps {
  item: FileItem;
  onClose: () => void;
  /** Absent where the item is not the viewer's own (a public link): the description is read-only. */
  onEditDescription?: () => void;
}

/** Details of the photo on screen: when, what, how big, which camera, where; the description can be edited. */
export function InfoPanel({ item, onClose, onEditDescription }: InfoPanelProps) {
  const { t, i18n } = useTranslation();
  const taken = item.takenDate ?? item.createdDate ?? null;
  const description = item.metadata?.Description?.trim() ?? '';
  const place = formatCoordinates(item.latitude, item.longitude);
  const duration = formatDuration(item.durationMs);
  const number = numberFormat(i18n.language);
  return (
    <aside className={styles.info} aria-label={t('viewer:info')} data-testid="viewer-info-panel">
      <div className={styles.infoHeader}>
        <h2 className={styles.infoTitle}>{t('viewer:info')}</h2>
        <button type="button" className={styles.infoClose} onClick={onClose} aria-label={t('viewer:close_info')}>
          <CloseIcon size={20} />
        </button>
      </div>
      <dl className={styles.facts}>
        {taken ? <Fact label={t('viewer:taken')} value={formatDateTime(taken, i18n.language)} /> : null}
        <Fact label={t('viewer:name')} value={<bdi>{item.name}</bdi>} />
        <Fact label={t('viewer:size')} value={formatBytes(item.bytes, i18n.language)} />
        {item.width && item.height ? <Fact label={t('viewer:dimensions')} value={<span dir="ltr">{`${number.format(item.width)} × ${number.format(item.height)}`}</span>} /> : null}
        {duration ? <Fact label={t('viewer:duration')} value={duration} /> : null}
        {item.camera ? <Fact label={t('viewer:camera')} value={<bdi>{item.camera}</bdi>} /> : null}
        {place ? <Fact label={t('viewer:place')} value={<span dir="ltr">{place}</span>} /> : null}
      </dl>
      {/* Only the owner's items: people and places are per account (a shared or public item has none of ours). */}
      {onEditDescription ? <PhotoDetailsSlot uuid={item.uuid} /> : null}
      <div className={styles.description}>
        <div className={styles.descriptionHeader}>
          <h3 className={styles.factLabel}>{t('viewer:description')}</h3>
          {onEditDescription ? (
            <button type="button" className={styles.linkButton} onClick={onEditDescription} data-testid="viewer-edit-description">
              <EditIcon size={16} />
              {description ? t('viewer:edit_description') : t('viewer:add_description')}
            </button>
          ) : null}
        </div>
        {description ? (
          <p className={styles.descriptionText} dir="auto" data-testid="viewer-description">
            {description}
          </p>
        ) : (
          <p className={styles.muted}>{t('viewer:no_description')}</p>
        )}
      </div>
    </aside>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{value}</dd>
    </div>
  );
}
