import type * as Radix from '@radix-ui/react-dropdown-menu';
import {
  cloneElement,
  createContext,
  createElement,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { loadChunk } from '@/lib/lazy-route';

/**
 * Radix's dropdown menu, fetched when a menu is first opened. The header's menus (NEW, the account card) are on every
 * signed-in page, and the menu code with its positioning library is about 20 kB gzip that no screen needs to paint
 * (issue 17: initial JavaScript budget). Same parts and props as `@radix-ui/react-dropdown-menu` for what we use, so a
 * menu switches by its import line. Until then the trigger is the same button, announced as a closed menu button.
 */
type Menu = typeof Radix;

let loaded: Menu | null = null;
let loading: Promise<Menu> | null = null;

/** The menu code, fetched once (a failed fetch may be tried again). */
function loadMenu(): Promise<Menu> {
  loading ??= loadChunk(() => import('@radix-ui/react-dropdown-menu')).then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const prefetch = () => void loadMenu().catch(() => undefined);

interface Deferred {
  menu: Menu | null;
  requestOpen: () => void;
}

const DeferredContext = createContext<Deferred>({ menu: null, requestOpen: () => undefined });

export function Root({ open: openProp, defaultOpen = false, onOpenChange, children, ...rest }: ComponentProps<Menu['Root']>) {
  const [menu, setMenu] = useState<Menu | null>(loaded);
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );

  // Opened before the code is here (the stand-in trigger, or the owner): fetch it, then the real menu opens.
  useEffect(() => {
    if (!open || menu) return;
    let live = true;
    loadMenu().then(
      (module) => live && setMenu(module),
      // Offline: stay closed, a later click tries again.
      () => live && setOpen(false),
    );
    return () => {
      live = false;
    };
  }, [open, menu, setOpen]);

  const value = useMemo<Deferred>(() => ({ menu, requestOpen: () => setOpen(true) }), [menu, setOpen]);
  return (
    <DeferredContext.Provider value={value}>
      {menu ? (
        <menu.Root {...rest} open={open} onOpenChange={setOpen}>
          {children}
        </menu.Root>
      ) : (
        children
      )}
    </DeferredContext.Provider>
  );
}

type TriggerElement = ReactElement<HTMLAttributes<HTMLElement> & { 'data-state'?: string }>;

export function Trigger({ asChild, children, ...props }: ComponentProps<Menu['Trigger']>) {
  const { menu, requestOpen } = useContext(DeferredContext);
  if (menu) {
    return (
      <menu.Trigger asChild={asChild} {...props}>
        {children}
      </menu.Trigger>
    );
  }
  const standIn: TriggerElement =
    asChild && isValidElement(children) ? (children as TriggerElement) : <button type="button">{children}</button>;
  const own = standIn.props;
  return cloneElement(standIn, {
    ...(props as HTMLAttributes<HTMLElement>),
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    // Hover or focus is a hint the menu is wanted: the fetch starts before the click.
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      prefetch();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      prefetch();
    },
    onClick: (event) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) requestOpen();
    },
    // Radix's trigger also opens on Arrow Down.
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key !== 'ArrowDown' || event.defaultPrevented) return;
      event.preventDefault();
      requestOpen();
    },
  });
}

/** A part that only exists while the menu is open, that is once its code is here. */
function part<P extends object>(name: 'Portal' | 'Content' | 'Item' | 'Separator') {
  function Part(props: P) {
    const { menu } = useContext(DeferredContext);
    return menu ? createElement(menu[name] as ComponentType<P>, props) : null;
  }
  Part.displayName = `DropdownMenu.${name}`;
  return Part;
}

export const Portal = part<ComponentProps<Menu['Portal']>>('Portal');
export const Content = part<ComponentProps<Menu['Content']>>('Content');
export const Item = part<ComponentProps<Menu['Item']>>('Item');
export const Separator = part<ComponentProps<Menu['Separator']>>('Separator');
