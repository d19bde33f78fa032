import * as Toast from '@radix-ui/react-toast';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useInRouterContext } from 'react-router';
import { navigateTo } from '@/api/session';
import { TOAST_PLAIN_MS, TOAST_SUCCESS_MS } from '@/config/constants';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { dismissToast, type ToastKind, type ToastState } from './toast-slice';
import styles from './toast-host.module.css';

const DURATION: Record<ToastKind, number> = {
  success: TOAST_SUCCESS_MS,
  plain: TOAST_PLAIN_MS,
  alert: TOAST_PLAIN_MS,
  error: TOAST_PLAIN_MS,
};

const ICON: Record<ToastKind, typeof CheckIcon> = {
  success: CheckIcon,
  plain: InfoIcon,
  alert: AlertIcon,
  error: AlertIcon,
};

/** Renders queued toasts: success hides after 5 s, the others after 3 s. */
export function ToastHost() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const items = useSelector((state: { toast: ToastState }) => state.toast.items);
  return (
    <Toast.Provider swipeDirection="down" label={t('common:toast_region')}>
      {items.map((item) => {
        const Icon = ICON[item.kind];
        return (
          <Toast.Root
            key={item.id}
            className={`${styles.toast} ${styles[item.kind]}`}
            duration={DURATION[item.kind]}
            type={item.kind === 'error' || item.kind === 'alert' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dispatch(dismissToast(item.id));
            }}
            data-testid="toast"
          >
            <span className={styles.icon}>
              <Icon size={18} />
            </span>
            <Toast.Description className={styles.message}>
              {t(item.messageKey as 'common:ok', item.values ?? {})}
            </Toast.Description>
            {item.link ? (
              <ToastLink to={item.link.to} onFollow={() => dispatch(dismissToast(item.id))}>
                {t(item.link.labelKey as 'common:ok')}
              </ToastLink>
            ) : null}
            <Toast.Close className={styles.close} aria-label={t('common:close')}>
              <CloseIcon size={16} />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      {/* In <body> beside the dialogs' and menus' portals, so no ancestor's stacking context can hold it under them. */}
      {createPortal(<Toast.Viewport className={styles.viewport} />, document.body)}
    </Toast.Provider>
  );
}

/** A toast's link: a router link where the host sits inside the router, else an anchor that asks the router to go. */
function ToastLink({ to, onFollow, children }: { to: string; onFollow: () => void; children: string }) {
  const inRouter = useInRouterContext();
  if (inRouter)
    return (
      <Link className={styles.link} to={to} onClick={onFollow}>
        {children}
      </Link>
    );
  return (
    <a
      className={styles.link}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        onFollow();
        void navigateTo(to);
      }}
    >
      {children}
    </a>
  );
}
