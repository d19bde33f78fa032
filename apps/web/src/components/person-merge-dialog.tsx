import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ContactsIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { isSafeUrl } from '@/lib/safe-url';
import styles from './person-merge-dialog.module.css';

/** What the dialog needs of a person: a member's own (Discover) or one of the family library's. */
export interface MergeCandidate {
  personId: string;
  label: string | null;
  thumbnailUrl: string | null;
  photoCount: number;
}

/** The words, from the feature that opens the dialog (each keeps its strings in its own namespace). */
export interface PersonMergeTexts {
  /** A person's name, or the "unnamed" wording. */
  name: (label: string | null) => string;
  title: (name: string) => string;
  text: string;
  none: string;
  count: (count: number) => string;
  confirmTitle: (names: { source: string; target: string }) => string;
  confirmText: (names: { source: string; target: string }) => string;
  confirm: string;
}

export interface PersonMergeDialogProps<P extends MergeCandidate> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: P;
  /** Everyone the source may be merged into (the source itself is left out here). */
  people: readonly P[];
  merging: boolean;
  onMerge: (target: P) => Promise<void>;
  texts: PersonMergeTexts;
}

/** "Merge with…": pick the person this one is, then confirm. */
export function PersonMergeDialog<P extends MergeCandidate>({ open, onOpenChange, source, people, merging, onMerge, texts }: PersonMergeDialogProps<P>) {
  const [target, setTarget] = useState<P | null>(null);
  const others = people.filter((person) => person.personId !== source.personId);
  return (
    <>
      <Modal
        open={open && !target}
        onOpenChange={onOpenChange}
        title={texts.title(texts.name(source.label))}
        description={others.length > 0 ? texts.text : texts.none}
        data-testid="merge-dialog"
      >
        {others.length > 0 ? (
          <ul className={styles.pickList}>
            {others.map((person) => {
              const name = texts.name(person.label);
              return (
                <li key={person.personId}>
                  {/* Named by what it shows (name and count), as axe's label-in-name asks; the title says what picking does. */}
                  <button type="button" className={styles.pick} onClick={() => setTarget(person)}>
                    <Face url={person.thumbnailUrl} />
                    <bdi className={styles.name}>{name}</bdi>
                    <span className={styles.meta}>{texts.count(person.photoCount)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Modal>
      {target ? (
        <PersonMergeConfirm
          source={source}
          target={target}
          merging={merging}
          texts={texts}
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
export function PersonMergeConfirm({
  source,
  target,
  merging,
  texts,
  onCancel,
  onConfirm,
}: {
  source: MergeCandidate;
  target: MergeCandidate;
  merging: boolean;
  texts: PersonMergeTexts;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const names = { source: texts.name(source.label), target: texts.name(target.label) };
  return (
    <ConfirmModal
      open
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={texts.confirmTitle(names)}
      description={texts.confirmText(names)}
      confirmLabel={texts.confirm}
      loading={merging}
      onConfirm={onConfirm}
      data-testid="merge-confirm"
    />
  );
}

function Face({ url }: { url: string | null }) {
  const src = url && isSafeUrl(url) ? url : null;
  return (
    <span className={styles.face} aria-hidden="true">
      {src ? <img className={styles.faceImage} src={src} alt="" loading="lazy" decoding="async" /> : <ContactsIcon size={32} />}
    </span>
  );
}
