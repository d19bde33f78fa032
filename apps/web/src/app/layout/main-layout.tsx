import { Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { useGetAccountInfoQuery } from '@/api/account';
import { Spinner } from '@/components/ui/loader';
import { AccountCard } from '@/features/account/components/account-card';
import { AccountSummary } from '@/features/account/components/account-summary';
import { FullStorageModal } from '@/features/account/components/full-storage-modal';
import { ReadOnlyBanner } from '@/features/account/components/read-only-banner';
import { DeleteAllTrashButton } from '@/features/files/components/delete-all-trash-button';
import { ClearAllNotificationsButton } from '@/features/notifications/components/clear-all-button';
import { useUnreadCount } from '@/features/notifications/hooks/use-notifications';
import { Header } from '@/features/shell/components/header';
import { MobileDrawer } from '@/features/shell/components/mobile-drawer';
import { SideMenu } from '@/features/shell/components/side-menu';
import { UploadProvider } from '@/features/upload/components/upload-provider';
import { useIsNarrow } from '@/hooks/use-media-query';
import { isShellHandle, type ShellHandle } from '@/lib/route-handle';
import { setDrawerOpen, setPageName, toggleMenuSize, type PageName } from '@/state/ui-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { builtMenuItems } from '../menu';
import { HeaderFeatures, useNewMenuEntries, useSearchSlot } from './header-features';
import styles from './main-layout.module.css';

/** Pages where the side-menu items show only to a signed-in user (one with an account id). */
const ANONYMOUS_PAGES: ReadonlySet<PageName> = new Set<PageName>(['sharedFiles', 'telesales']);

function useShellHandle(): ShellHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isShellHandle(handle)) return handle;
  }
  return undefined;
}

/** The signed-in area: uploads and NEW-menu features around the shell. */
export function MainLayout() {
  return (
    <UploadProvider>
      <HeaderFeatures>
        <Shell />
      </HeaderFeatures>
    </UploadProvider>
  );
}

/** Side menu (drawer under 768 px), header, banners and the current screen. */
function Shell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const isNarrow = useIsNarrow();
  const handle = useShellHandle();
  const pageName = useAppSelector((state) => state.ui.pageName);
  const menuSize = useAppSelector((state) => state.ui.menuSize);
  const drawerOpen = useAppSelector((state) => state.ui.drawerOpen);
  const { data: info } = useGetAccountInfoQuery();
  const unreadCount = useUnreadCount();
  const newEntries = useNewMenuEntries();
  const search = useSearchSlot();
  const [searchParams, setSearchParams] = useSearchParams();
  // Spec: the uploadFile query parameter opens the new-file menu (once; the parameter is then dropped).
  const newMenuRequested = searchParams.has('uploadFile');
  const onNewMenuRequestHandled = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('uploadFile');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const title = handle ? t(handle.titleKey) : '';

  useEffect(() => {
    if (handle) dispatch(setPageName(handle.pageName));
  }, [dispatch, handle]);

  useEffect(() => {
    dispatch(setDrawerOpen(false));
  }, [dispatch, location.pathname, isNarrow]);

  useEffect(() => {
    document.title = title ? t('common:document_title', { page: title }) : t('common:brand');
  }, [t, title]);

  const items = info?.uuid || !ANONYMOUS_PAGES.has(pageName) ? builtMenuItems() : [];
  const renderPageAction =
    pageName === 'notifications'
      ? (variant: 'button' | 'icon') => <ClearAllNotificationsButton variant={variant} />
      : pageName === 'trash'
        ? (variant: 'button' | 'icon') => <DeleteAllTrashButton variant={variant} />
        : null;

  return (
    <div className={styles.shell} data-menu-size={menuSize} data-narrow={isNarrow || undefined}>
      <a className={styles.skipLink} href="#main-content">
        {t('common:skip_to_content')}
      </a>
      {isNarrow ? (
        <MobileDrawer open={drawerOpen} onOpenChange={(open) => dispatch(setDrawerOpen(open))}>
          <SideMenu
            items={items}
            size="large"
            variant="drawer"
            onNavigate={() => dispatch(setDrawerOpen(false))}
            user={<AccountSummary />}
          />
        </MobileDrawer>
      ) : (
        <aside className={styles.aside}>
          <SideMenu
            items={items}
            size={menuSize}
            variant="desktop"
            onToggleSize={() => dispatch(toggleMenuSize())}
            user={<AccountSummary compact={menuSize === 'small'} />}
          />
        </aside>
      )}
      <div className={styles.column}>
        <Header
          pageName={pageName}
          title={title}
          isNarrow={isNarrow}
          unreadCount={unreadCount}
          drawerOpen={drawerOpen}
          onOpenMenu={() => dispatch(setDrawerOpen(true))}
          newEntries={newEntries}
          newMenuRequested={newMenuRequested}
          onNewMenuRequestHandled={onNewMenuRequestHandled}
          search={search}
          renderPageAction={renderPageAction}
          account={<AccountCard unreadCount={unreadCount} compact={isNarrow} />}
        />
        <ReadOnlyBanner />
        <main id="main-content" className={styles.content} tabIndex={-1}>
          {isNarrow && title ? (
            <h1 className={styles.mobileTitle} data-testid="page-title">
              {title}
            </h1>
          ) : null}
          <Suspense
            fallback={
              <div className={styles.center}>
                <Spinner size={32} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
      <FullStorageModal />
    </div>
  );
}
