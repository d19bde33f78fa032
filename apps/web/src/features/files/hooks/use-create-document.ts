import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateOfficeFileMutation, type NewDocumentType } from '@/api/office';
import { showToast } from '@/components/ui/toast-slice';
import { fileErrorKey } from '@/media/actions/file-errors';
import { useAppDispatch } from '@/state/hooks';
import { previewPath } from '../preview-path';

const UNTITLED = { WORD: 'files:untitled_document', CELL: 'files:untitled_spreadsheet', SLIDE: 'files:untitled_presentation' } as const;

/** NEW → Document / Spreadsheet / Presentation: a blank file in the opened folder, then its (read-only) preview. */
export function useCreateDocument(parentUuid: string | null): (documentType: NewDocumentType) => Promise<void> {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateOfficeFileMutation();
  return useCallback(
    async (documentType: NewDocumentType) => {
      try {
        const item = await create({ documentType, parentFolderUuid: parentUuid ?? '', name: t(UNTITLED[documentType]) }).unwrap();
        navigate(previewPath(item.uuid, parentUuid), { state: { fromFiles: true } });
      } catch (error) {
        dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:document_create_error') }));
      }
    },
    [create, dispatch, navigate, parentUuid, t],
  );
}
