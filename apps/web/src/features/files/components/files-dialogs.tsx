import type { FileItem } from '@/api/files';
import { DescribeDialog } from '@/media/actions/describe-dialog';
import { RenameDialog } from '@/media/actions/rename-dialog';
import { CreateFolderDialog } from './create-folder-dialog';
import { MoveDialog } from './move-dialog';
import { VersionsDialog } from './versions-dialog';

/** The dialog the Files screen shows, if any (sharing opens through the share slot). */
export type FilesDialog =
  | { kind: 'rename'; item: FileItem }
  | { kind: 'describe'; item: FileItem }
  | { kind: 'versions'; item: FileItem }
  | { kind: 'move'; items: FileItem[] }
  | { kind: 'share'; items: FileItem[] }
  | { kind: 'createFolder' }
  | null;

export interface FilesDialogsProps {
  dialog: FilesDialog;
  parentUuid: string | null;
  onChange: (next: FilesDialog) => void;
}

/** The Files screen's dialogs: a chunk of their own, loaded when the first one opens (not with the screen). */
export function FilesDialogs({ dialog, parentUuid, onChange }: FilesDialogsProps) {
  return (
    <>
      <CreateFolderDialog
        open={dialog?.kind === 'createFolder'}
        onOpenChange={(open) => onChange(open ? { kind: 'createFolder' } : null)}
        parentUuid={parentUuid}
      />
      <RenameDialog item={dialog?.kind === 'rename' ? dialog.item : null} onClose={() => onChange(null)} />
      <DescribeDialog item={dialog?.kind === 'describe' ? dialog.item : null} onClose={() => onChange(null)} />
      <VersionsDialog item={dialog?.kind === 'versions' ? dialog.item : null} onClose={() => onChange(null)} />
      <MoveDialog items={dialog?.kind === 'move' ? dialog.items : null} onClose={() => onChange(null)} />
    </>
  );
}
