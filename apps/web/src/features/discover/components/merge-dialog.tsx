import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Modal } from '@/components/ui/modal';
import type { Person } from '../api';
import { personName } from '../labels';
import { useDiscoverTranslation } from '../use-discover-translation';
import { FaceImage } from './cards';
import styles from './discover.module.css';

export interface MergeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: Person;
  /** Everyone the source may be merged into (the source itself is left out here). */
  people: readonly Person[];
  merging: boolean;
  onMerge: (target: Person) => Promise<void>;
}

/** "Merge with…": pick the person this one is, then confirm; the keyboard way to what dragging does on People. */
export function MergeDialog({ open, onOpenChange, source, people, merging, onMerge }: MergeDialogProps) {
  const { t } = useDiscoverTranslation();
  const [target, setTarget] = useState<Person | null>(null);
  const others = people.filter((person) => person.personId !== source.personId);
  const sourceName = personName(t, source.label);
  return (
    <>
      <Modal
        open={open && !target}
        onOpenChange={onOpenChange}
        title={t('discover:merge_title', { name: sourceName })}
        description={others.length > 0 ? t('discover:merge_text') : t('discover:merge_none')}
        data-testid="merge-dialog"
      >
        {others.length > 0 ? (
          <ul className={styles.pickList}>
            {others.map((person) => {
              const name = personName(t, person.label);
              return (
                <li key={person.personId}>
                  <button type="button" className={styles.pick} onClick={() => setTarget(person)} aria-label={t('discover:merge_into', { name })}>
                    <FaceImage url={person.thumbnailUrl} className={styles.pickFace} />
                    <bdi className={styles.cardTitle}>{name}</bdi>
                    <span className={styles.cardMeta}>{t('discover:photo_count', { count: person.photoCount })}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Modal>
      {target ? (
        <MergeConfirm
          source={source}
          target={target}
          merging={merging}
          onCancel={() => setTarget(null)}
          onConfirm={() =>
            void onMerge(target).then(() => {
              setTarget(null);
              onOpenChange(false);
            })
          }
        />
      ) : null}
    </>
  );
}

/** The question before two people become one (also after a drag on People). */
export function MergeConfirm({
  source,
  target,
  merging,
  onCancel,
  onConfirm,
}: {
  source: Person;
  target: Person;
  merging: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useDiscoverTranslation();
  const names = {
    source: personName(t, source.label),
    target: personName(t, target.label),
  };
  return (
    <ConfirmModal
      open
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={t('discover:merge_confirm_title', names)}
      description={t('discover:merge_confirm_text', names)}
      confirmLabel={t('discover:merge')}
      loading={merging}
      onConfirm={onConfirm}
      data-testid="merge-confirm"
    />
  );
}
