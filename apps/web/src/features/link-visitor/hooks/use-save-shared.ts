import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { hasSession } from '@/api/session';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { useSaveSharedFilesMutation, visitorHeaders } from '../api';
import { saveFailed, saveRequested, saveStarted, saveSucceeded } from '../share-slice';
import { sharedFilesPath, useShareLink } from '../share-token';

/*
 * What a signed-out visitor had selected when they asked to save, kept in memory (like the return path) across the
 * sign-in or sign-up screens of this tab; empty = everything.
 */
let pendingSave: string[] = [];

/** The selection a waiting save is for, once. */
export function takePendingSave(): string[] {
  const uuids = pendingSave;
  pendingSave = [];
  return uuids;
}

/**
 * "Save to Bulut": a signed-in visitor's selection (or, with none, everything) is copied into their Files at once; a
 * signed-out visitor goes through sign-in (or sign-up) first and the landing page finishes the save on return.
 */
export function useSaveShared() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token, unlock } = useShareLink();
  const authPage = useAppSelector((state) => state.share.authPage);
  const [saveSharedFiles, state] = useSaveSharedFilesMutation();

  /** Saves now; resolves when the result is in the share state. */
  const save = useCallback(
    async (uuids: readonly string[]) => {
      if (!token) return;
      dispatch(saveStarted());
      try {
        await saveSharedFiles({ ...visitorHeaders(token, unlock), body: uuids.length > 0 ? { uuids: [...uuids] } : {} }).unwrap();
        dispatch(saveSucceeded());
      } catch (error) {
        dispatch(saveFailed(apiErrorCode(error) === 'QUOTA_EXCEEDED' ? 'QUOTA_EXCEEDED' : 'FAILED'));
      }
    },
    [dispatch, saveSharedFiles, token, unlock],
  );

  /** The button: save, or remember the wish and go to the sign-in screen the share state names. */
  const request = useCallback(
    (uuids: readonly string[]) => {
      if (!token) return;
      if (hasSession()) {
        void save(uuids);
        return;
      }
      pendingSave = [...uuids];
      dispatch(saveRequested());
      navigate(sharedFilesPath(token, authPage));
    },
    [authPage, dispatch, navigate, save, token],
  );

  return { save, request, saving: state.isLoading };
}
