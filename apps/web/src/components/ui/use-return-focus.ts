import { useCallback, useLayoutEffect, useRef } from 'react';

const TRANSIENT = '[role="menu"], [role="menuitem"], [role="listbox"]';

// The last control focused outside a menu: a dialog opened from a menu item returns there, since the item is gone.
let lastControl: HTMLElement | null = null;
let listening = false;

function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(TRANSIENT)) lastControl = target;
    },
    true,
  );
}
listen();

/**
 * Focus goes back to the control that opened a dialog when it closes (WCAG 2.4.3): what had focus when it opened,
 * or, when that was a menu item (unmounted with its menu by then) or nothing, the control focused before the menu.
 * Pass the result as the dialog content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const usable = active instanceof HTMLElement && active !== document.body && active.isConnected && !active.closest(TRANSIENT);
    opener.current = usable ? active : lastControl;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
}
