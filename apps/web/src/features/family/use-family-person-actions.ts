import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { PersonMergeTexts } from '@/components/person-merge-dialog';
import { showToast } from '@/components/ui/toast-slice';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/state/hooks';
import { familyErrorCode, useMergeFamilyPersonMutation, useRemovePhotosFromFamilyPersonMutation } from './api';
import { useFamilyTranslation } from './use-family-translation';

/** The library filtered to a family person (issue 35). */
export const familyPersonPath = (personId: string) => `${paths.familyLibrary}?person=${encodeURIComponent(personId)}`;

/** The shared merge dialog in the family's words. */
export function useFamilyMergeTexts(): PersonMergeTexts {
  const { t } = useFamilyTranslation();
  return useMemo(
    () => ({
      name: (label) => label?.trim() || t('family:person_unnamed'),
      title: (name) => t('family:merge_title', { name }),
      text: t('family:merge_text'),
      none: t('family:merge_none'),
      count: (count) => t('family:photo_count', { count }),
      confirmTitle: (names) => t('family:merge_confirm_title', names),
      confirmText: (names) => t('family:merge_confirm_text', names),
      confirm: t('family:merge_confirm'),
    }),
    [t],
  );
}

/** Merging a family person into another: the library then shows the survivor. Resolves to whether it was done. */
export function useMergeFamilyPerson() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [merge, { isLoading }] = useMergeFamilyPersonMutation();
  const run = useCallback(
    async (personId: string, into: string) => {
      try {
        await merge({ personId, body: { into } }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'family:person_merged' }));
        navigate(familyPersonPath(into), { replace: true });
        return true;
      } catch (error) {
        dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
        return false;
      }
    },
    [dispatch, merge, navigate],
  );
  return { merge: run, merging: isLoading };
}

/**
 * "Not this person" on the library filtered to a family person: the photos leave the person for the whole family (the
 * adders' own People are untouched). A person left with no photo is gone: Family people opens instead. Resolves to
 * 'done', 'gone' or false (refused, the toast says why).
 */
export function useNotThisPerson(personId: string) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [remove, { isLoading }] = useRemovePhotosFromFamilyPersonMutation();
  const run = useCallback(
    async (uuids: string[]): Promise<'done' | 'gone' | false> => {
      try {
        const { person } = await remove({ personId, body: { uuids } }).unwrap();
        if (person) {
          dispatch(showToast({ kind: 'success', messageKey: 'family:not_this_person_done', values: { count: uuids.length } }));
          return 'done';
        }
        dispatch(showToast({ kind: 'success', messageKey: 'family:not_this_person_gone' }));
        navigate(paths.familyPeople, { replace: true });
        return 'gone';
      } catch (error) {
        dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
        return false;
      }
    },
    [dispatch, navigate, personId, remove],
  );
  return { removePhotos: run, removing: isLoading };
}
