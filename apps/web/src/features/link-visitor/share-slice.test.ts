import { describe, expect, it } from 'vitest';
import { loggedOut } from '@/api/session';
import {
  initialShareState,
  saveAbandoned,
  saveFailed,
  saveRequested,
  saveResultDismissed,
  saveStarted,
  saveSucceeded,
  setAuthPage,
  setBannerStatus,
  shareSlice,
} from './share-slice';

const reduce = (actions: Parameters<typeof shareSlice.reducer>[1][]) => actions.reduce(shareSlice.reducer, initialShareState);

describe('share slice', () => {
  it('starts as the spec says: the login page, the sign-up banner shown, nothing waiting or reported', () => {
    expect(shareSlice.reducer(undefined, { type: 'init' })).toEqual({
      authPage: 'login',
      bannerStatus: true,
      storeLanding: false,
      saveSharedSuccess: false,
      saveSharedError: null,
      stlPage: false,
    });
  });

  it('a signed-out save waits for sign-in (storeLanding, stlPage) and is used up when the save starts', () => {
    const waiting = reduce([saveRequested()]);
    expect(waiting).toMatchObject({ storeLanding: true, stlPage: true });
    expect(shareSlice.reducer(waiting, saveStarted())).toMatchObject({ storeLanding: false, stlPage: false });
  });

  it('leaving the sign-in screens without signing in drops the waiting save', () => {
    expect(reduce([saveRequested(), saveAbandoned()])).toMatchObject({ storeLanding: false, stlPage: false });
  });

  it('reports success or the kind of failure, one at a time, until dismissed', () => {
    expect(reduce([saveStarted(), saveSucceeded()])).toMatchObject({ saveSharedSuccess: true, saveSharedError: null });
    expect(reduce([saveSucceeded(), saveStarted(), saveFailed('QUOTA_EXCEEDED')])).toMatchObject({
      saveSharedSuccess: false,
      saveSharedError: 'QUOTA_EXCEEDED',
    });
    expect(reduce([saveFailed('FAILED'), saveResultDismissed()])).toMatchObject({ saveSharedSuccess: false, saveSharedError: null });
  });

  it('remembers the chosen sign-in page and a closed banner; logout resets everything', () => {
    const state = reduce([setAuthPage('signup'), setBannerStatus(false), saveRequested()]);
    expect(state).toMatchObject({ authPage: 'signup', bannerStatus: false });
    expect(shareSlice.reducer(state, loggedOut())).toEqual(initialShareState);
  });
});
