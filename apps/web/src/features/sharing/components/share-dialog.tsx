import { useTranslation } from 'react-i18next';
import { InfoIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import type { ShareSlotProps } from '@/media/slots';
import { AccessSection } from './access-section';
import { InviteSection } from './invite-section';
import { PublicLinkSection } from './public-link-section';
import styles from './share-dialog.module.css';

/**
 * Share: a public link for anything, invitations for files and folders, and who has access to a single item. An
 * album, a person or a place gets its live link only (invitations cover items, and an album is not one).
 */
export function ShareDialog({ open, onOpenChange, target }: ShareSlotProps) {
  const { t } = useTranslation();
  const entity = target.kind === 'person' || target.kind === 'place' ? target : null;
  const album = target.kind !== 'items';
  const items = target.kind === 'items' ? target.items : [];
  const uuids = target.kind !== 'items' ? [target.uuid] : items.map((item) => item.uuid);
  const single = items.length === 1 ? items[0]! : null;
  const title =
    target.kind === 'person'
      ? t('shares:dialog_title_person', { name: target.name })
      : target.kind === 'place'
        ? t('shares:dialog_title_place', { name: target.name })
        : target.kind === 'album'
          ? t('shares:dialog_title_album', { name: target.name })
          : single
            ? t('shares:dialog_title_one', { name: single.name })
            : t('shares:dialog_title_many', { count: items.length });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} className={styles.dialog} data-testid="share-dialog">
      <PublicLinkSection fileUuidList={uuids} isAlbum={album} live={entity ? (entity.kind === 'person' ? 'album/person' : 'album/location') : undefined} />
      {entity ? (
        <p className={styles.note}>
          <InfoIcon size={18} />
          {entity.kind === 'person' ? t('shares:person_link_only') : t('shares:place_link_only')}
        </p>
      ) : album ? (
        <p className={styles.note}>
          <InfoIcon size={18} />
          {t('shares:album_link_only')}
        </p>
      ) : (
        <>
          <InviteSection items={uuids} />
          {single ? (
            <AccessSection item={single} />
          ) : (
            <p className={styles.note}>
              <InfoIcon size={18} />
              {t('shares:access_many', { count: items.length })}
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
