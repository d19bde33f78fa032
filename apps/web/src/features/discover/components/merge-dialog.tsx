import { useMemo } from 'react';
import { PersonMergeConfirm, PersonMergeDialog, type PersonMergeTexts } from '@/components/person-merge-dialog';
import type { Person } from '../api';
import { personName } from '../labels';
import { useDiscoverTranslation } from '../use-discover-translation';

export interface MergeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: Person;
  /** Everyone the source may be merged into (the source itself is left out here). */
  people: readonly Person[];
  merging: boolean;
  onMerge: (target: Person) => Promise<void>;
}

/** The shared merge dialog in Discover's words. */
function useMergeTexts(): PersonMergeTexts {
  const { t } = useDiscoverTranslation();
  return useMemo(
    () => ({
      name: (label) => personName(t, label),
      title: (name) => t('discover:merge_title', { name }),
      text: t('discover:merge_text'),
      none: t('discover:merge_none'),
      count: (count) => t('discover:photo_count', { count }),
      confirmTitle: (names) => t('discover:merge_confirm_title', names),
      confirmText: (names) => t('discover:merge_confirm_text', names),
      confirm: t('discover:merge'),
    }),
    [t],
  );
}

/** "Merge with…": pick the person this one is, then confirm; the keyboard way to what dragging does on People. */
export function MergeDialog(props: MergeDialogProps) {
  return <PersonMergeDialog {...props} texts={useMergeTexts()} />;
}

/** The question before two people become one (after a drag on People). */
export function MergeConfirm(props: { source: Person; target: Person; merging: boolean; onCancel: () => void; onConfirm: () => void }) {
  return <PersonMergeConfirm {...props} texts={useMergeTexts()} />;
}
