import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { ToastHost } from './toast-host';
import { showToast } from './toast-slice';

describe('ToastHost', () => {
  it('shows at most three toasts, newest last, and does not stack the same message twice', () => {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <ToastHost />
      </Provider>,
    );
    act(() => {
      store.dispatch(showToast({ kind: 'success', messageKey: 'files:hidden' }));
      store.dispatch(showToast({ kind: 'success', messageKey: 'files:trashed' }));
      store.dispatch(showToast({ kind: 'success', messageKey: 'files:recovered' }));
      store.dispatch(showToast({ kind: 'success', messageKey: 'files:unhidden' }));
    });
    // Each toast is a status item of the toast region (Radix adds a status announcer beside them, hence the test id).
    const texts = () => screen.getAllByTestId('toast').map((element) => element.textContent);
    expect(texts()).toHaveLength(3);
    expect(texts().join('|')).not.toContain('Hidden from your files.');
    expect(texts().at(-1)).toContain('Back in your files.');

    act(() => {
      store.dispatch(showToast({ kind: 'success', messageKey: 'files:trashed' }));
    });
    expect(texts()).toHaveLength(3);
    expect(texts().filter((text) => text?.includes('Moved to Trash.'))).toHaveLength(1);
    expect(texts().at(-1)).toContain('Moved to Trash.');
  });
});
