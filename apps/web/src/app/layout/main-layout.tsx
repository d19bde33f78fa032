import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches, useSearchParams } from "react-router";
import { useGetAccountInfoQuery } from "@/api/account";
import { Spinner } from "@/components/ui/loader";
import { AccountCard } from "@/features/account/components/account-card";
import { AccountSummary } from "@/features/account/components/account-summary";
import { FullStorageModal } from "@/features/account/components/full-storage-modal";
import { ReadOnlyBanner } from "@/features/account/components/read-only-banner";
import { EulaGuard } from "@/features/settings/eula-guard.public";
import { useUnreadCount } from "@/features/notifications/hooks/use-notifications";
import { Header } from "@/features/shell/components/header";
import { SideMenu } from "@/features/shell/components/side-menu";
import { UploadProvider } from "@/features/upload/components/upload-provider";
import { useIsNarrow } from "@/hooks/use-media-query";
import { isShellHandle, type PageName, type ShellHandle } from "@/lib/route-handle";
import {
  setDrawerOpen,
  setPageName,
  toggleMenuSize,
} from "@/state/ui-slice";
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { builtMenuItems } from "../menu";
import {
  HeaderFeatures,
  useNewMenuEntries,
  useSearchSlot,
} from "./header-features";
import styles from "./main-layout.module.css";

// Dialog code (Radix) loads with what needs it: the drawer below 768 px when first opened, a page's clear-all button,
// not every page.
const MobileDrawer = lazy(() =>
  import("@/features/shell/components/mobile-drawer").then((m) => ({
    default: m.MobileDrawer,
  })),
);
const DeleteAllTrashButton = lazy(() =>
  import("@/features/files/components/delete-all-trash-button").then((m) => ({
    default: m.DeleteAllTrashButton,
  })),
);
const ClearAllNotificationsButton = lazy(() =>
  import("@/features/notifications/components/clear-all-button").then((m) => ({
    default: m.ClearAllNotificationsButton,
  })),
);

/** Pages where the side-menu items show only to a signed-in user (one with an account id). */
const ANONYMOUS_PAGES: ReadonlySet<PageName> = new Set<PageName>([
  "sharedFiles",
  "telesales",
]);

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
        <EulaGuard />
        <Shell signedIn />
      </HeaderFeatures>
    </UploadProvider>
  );
}

export interface ShellProps {
  /** False for an anonymous visitor (public shared files): no account calls, no side menu, the visitor's card. */
  signedIn: boolean;
  /** The account slot for an anonymous visitor. */
  visitorAccount?: ReactNode;
  /** The page's own header actions for pages outside /main (shared files: Save to Bulut, Download). */
  pageAction?: ((variant: "button" | "icon") => ReactNode) | null;
}

/** Side menu (drawer under 768 px), header, banners and the current screen. */
export function Shell({
  signedIn,
  visitorAccount = null,
  pageAction = null,
}: ShellProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const isNarrow = useIsNarrow();
  const handle = useShellHandle();
  const pageName = useAppSelector((state) => state.ui.pageName);
  const menuSize = useAppSelector((state) => state.ui.menuSize);
  const drawerOpen = useAppSelector((state) => state.ui.drawerOpen);
  // A closed drawer shows nothing: its code and its menu render from the first opening on (and stay, to animate out).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const { data: info } = useGetAccountInfoQuery(undefined, { skip: !signedIn });
  const unreadCount = useUnreadCount({ skip: !signedIn });
  const newEntries = useNewMenuEntries();
  const search = useSearchSlot();
  const [searchParams, setSearchParams] = useSearchParams();
  // Spec: the uploadFile query parameter opens the new-file menu (once; the parameter is then dropped).
  const newMenuRequested = searchParams.has("uploadFile");
  const onNewMenuRequestHandled = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("uploadFile");
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const title = handle ? t(handle.titleKey) : "";

  useEffect(() => {
    if (handle) dispatch(setPageName(handle.pageName));
  }, [dispatch, handle]);

  useEffect(() => {
    dispatch(setDrawerOpen(false));
  }, [dispatch, location.pathname, isNarrow]);

  useEffect(() => {
    document.title = title
      ? t("common:document_title", { page: title })
      : t("common:brand");
  }, [t, title]);

  const items =
    info?.uuid || !ANONYMOUS_PAGES.has(pageName) ? builtMenuItems() : [];
  const renderPageAction =
    pageAction ??
    (pageName === "notifications"
      ? (variant: "button" | "icon") => (
          <Suspense fallback={null}>
            <ClearAllNotificationsButton variant={variant} />
          </Suspense>
        )
      : pageName === "trash"
        ? (variant: "button" | "icon") => (
            <Suspense fallback={null}>
              <DeleteAllTrashButton variant={variant} />
            </Suspense>
          )
        : null);

  return (
    <div
      className={styles.shell}
      data-menu-size={menuSize}
      data-narrow={isNarrow || undefined}
      data-menu={signedIn ? undefined : "none"}
    >
      <a className={styles.skipLink} href="#main-content">
        {t("common:skip_to_content")}
      </a>
      {!signedIn || (isNarrow && !drawerUsed) ? null : isNarrow ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open={drawerOpen}
            onOpenChange={(open) => dispatch(setDrawerOpen(open))}
          >
            <SideMenu
              items={items}
              size="large"
              variant="drawer"
              onNavigate={() => dispatch(setDrawerOpen(false))}
              user={<AccountSummary />}
            />
          </MobileDrawer>
        </Suspense>
      ) : (
        <aside className={styles.aside}>
          <SideMenu
            items={items}
            size={menuSize}
            variant="desktop"
            onToggleSize={() => dispatch(toggleMenuSize())}
            user={<AccountSummary compact={menuSize === "small"} />}
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
          onOpenMenu={
            signedIn ? () => dispatch(setDrawerOpen(true)) : undefined
          }
          newEntries={newEntries}
          newMenuRequested={newMenuRequested}
          onNewMenuRequestHandled={onNewMenuRequestHandled}
          search={search}
          renderPageAction={renderPageAction}
          account={
            signedIn ? (
              <AccountCard unreadCount={unreadCount} compact={isNarrow} />
            ) : (
              visitorAccount
            )
          }
        />
        {signedIn ? <ReadOnlyBanner /> : null}
        <main id="main-content" className={styles.content} tabIndex={-1}>
          {isNarrow && title ? (
            <h1 className={styles.mobileTitle} data-testid="page-title">
              {title}
            </h1>
          ) : null}
          {/* The search screen's box on narrow screens: the shell has it already, so the screen's chunk does not. */}
          {isNarrow && pageName === "search" && search ? search.page : null}
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
      {signedIn ? <FullStorageModal /> : null}
    </div>
  );
}
