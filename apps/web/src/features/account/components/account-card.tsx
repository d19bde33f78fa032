import * as DropdownMenu from '@/components/ui/dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useId, useState } from 'react';
import { PREMIUM_AUTHORITY, useGetAccountInfoQuery, useGetAuthoritiesQuery, useGetUsagesQuery } from '@/api/account';
import { logout } from '@/api/base-api';
import { useAppDispatch } from '@/state/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BellIcon, ChatIcon, ChevronDownIcon, CloudUploadIcon, InfoIcon, LogoutIcon, SettingsIcon, StarIcon } from '@/components/ui/icons';
import { UsageBar } from '@/components/ui/usage-bar';
import { isPathBuilt, paths, settingsTabPath } from '@/config/paths';
import { HELP_TAB, PROFILE_TAB, setSettingsTab } from '@/state/ui-slice';
import { SupportEntryDialog } from '@/features/support/support.public';
import { useStarsCampaignActive } from '@/features/campaigns/campaigns.public';
import { displayName } from '../display-name';
import { AccountAvatar } from './account-avatar';
import styles from './account.module.css';

export interface AccountCardProps {
  unreadCount: number;
  /** Narrow layout: the trigger shows only the avatar. */
  compact?: boolean;
}

/** The account dropdown card. Entries whose screens do not exist yet are left out. */
export function AccountCard({ unreadCount, compact = false }: AccountCardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: info } = useGetAccountInfoQuery();
  const usage = useGetUsagesQuery();
  const authority = useGetAuthoritiesQuery();
  const name = displayName(info);
  const secondary = info?.email && info.email !== name ? info.email : null;
  const isPremium = authority.data?.some((entry) => entry.type === PREMIUM_AUTHORITY) ?? true;
  const packagesBuilt = isPathBuilt(paths.packages);
  const unreadLabel = t('account:unread_count', { count: unreadCount });
  const premiumTitleId = useId();
  const graceTipId = useId();
  // Set by the server while a failed renewal is in its grace period (issue 13): the entry's tooltip says so.
  const inGrace = Boolean(info?.graceUntil);
  const [supportOpen, setSupportOpen] = useState(false);
  // The stars page is reachable only while its campaign runs (spec 001 §2); asked when the menu first opens.
  const [menuSeen, setMenuSeen] = useState(false);
  const starsActive = useStarsCampaignActive(menuSeen);

  return (
    <>
      {/* Non-modal: the modal variant's scroll lock injects a <style> tag that the CSP blocks. */}
      <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setMenuSeen(true)}>
        {/* Named by its content, so the name holds what the button visibly says (initials, name) after what it is. */}
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.trigger} data-testid="account-card-trigger">
            <span className="visually-hidden">
              {unreadCount > 0 ? t('account:menu_label_unread', { count: unreadCount }) : t('account:menu_label')}
            </span>
            <span className={styles.triggerAvatar}>
              <AccountAvatar info={info} size={compact ? 32 : 36} inControl />
              {unreadCount > 0 ? <span className={styles.dot} aria-hidden="true" /> : null}
            </span>
            {!compact ? (
              <>
                <span className={styles.triggerName}>{name}</span>
                <ChevronDownIcon size={16} className={styles.chevron} />
              </>
            ) : null}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.card} align="end" sideOffset={8} collisionPadding={12} data-testid="account-card">
            <div className={styles.cardHeader}>
              <AccountAvatar info={info} size={48} />
              <div className={styles.cardIdentity}>
                <span className={styles.cardName} data-testid="account-name">
                  {name}
                </span>
                {secondary ? (
                  <span className={styles.cardEmail} data-testid="account-email">
                    {secondary}
                  </span>
                ) : null}
              </div>
            </div>
            <DropdownMenu.Separator className={styles.separator} />
            <DropdownMenu.Item className={styles.item} onSelect={() => navigate(paths.notifications)} data-testid="account-notifications">
              <BellIcon size={18} />
              <span className={styles.itemLabel}>{t('account:notifications')}</span>
              <Badge count={unreadCount} label={unreadLabel} data-testid="unread-badge" />
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={styles.item}
              onSelect={() => {
                dispatch(setSettingsTab(PROFILE_TAB));
                navigate(settingsTabPath(PROFILE_TAB.id));
              }}
              data-testid="account-settings"
            >
              <SettingsIcon size={18} />
              <span className={styles.itemLabel}>{t('account:settings')}</span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => navigate(paths.inviteFriends)} data-testid="account-invite-friends">
              <StarIcon size={18} />
              <span className={styles.itemLabel}>{t('campaigns:invite_title')}</span>
            </DropdownMenu.Item>
            {starsActive ? (
              <DropdownMenu.Item className={styles.item} onSelect={() => navigate(paths.starsCampaign)} data-testid="account-stars-campaign">
                <StarIcon size={18} />
                <span className={styles.itemLabel}>{t('campaigns:stars_title')}</span>
              </DropdownMenu.Item>
            ) : null}
            {packagesBuilt ? (
              <DropdownMenu.Item
                className={`${styles.item} ${styles.packagesItem}`}
                onSelect={() => navigate(paths.packages)}
                aria-describedby={inGrace ? graceTipId : undefined}
                data-testid="account-packages"
              >
                <CloudUploadIcon size={18} />
                <span className={styles.itemLabel}>{t('account:usage_packages')}</span>
                {inGrace ? (
                  <>
                    <InfoIcon size={18} className={styles.graceIcon} aria-hidden="true" data-testid="grace-info" />
                    {/* Seen on hover or keyboard highlight; to assistive technology it is the item's description, not part of its name. */}
                    <span role="tooltip" id={graceTipId} aria-hidden="true" className={styles.graceTip} data-testid="grace-tooltip">
                      {t('account:grace_banner_title')}
                    </span>
                  </>
                ) : null}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              className={styles.item}
              onSelect={() => {
                dispatch(setSettingsTab(HELP_TAB));
                navigate(settingsTabPath(HELP_TAB.id));
              }}
              data-testid="account-help"
            >
              <InfoIcon size={18} />
              <span className={styles.itemLabel}>{t('account:help')}</span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => setSupportOpen(true)} data-testid="account-support">
              <ChatIcon size={18} />
              <span className={styles.itemLabel}>{t('account:support')}</span>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.separator} />
            <div className={styles.usage}>
              {/* A menu owns menu items only (a group is see-through): the usage bar is the content of an item that opens the packages. */}
              <DropdownMenu.Item className={styles.usageItem} onSelect={() => navigate(packagesBuilt ? paths.packages : paths.settings)} data-testid="account-usage">
                {usage.data ? (
                  <UsageBar used={usage.data.used} quota={usage.data.quota} />
                ) : usage.isError ? (
                  <p className={styles.muted}>{t('account:usage_error')}</p>
                ) : (
                  <div className={styles.skeleton} aria-hidden="true" />
                )}
              </DropdownMenu.Item>
              {!isPremium ? (
                <div className={styles.premium} role="group" aria-labelledby={premiumTitleId} data-testid="premium-prompt">
                  <StarIcon size={18} className={styles.premiumIcon} />
                  <div>
                    <p className={styles.premiumTitle} id={premiumTitleId}>{t('account:premium_title')}</p>
                    <p className={styles.premiumText}>{t('account:premium_text')}</p>
                    {packagesBuilt ? (
                      <DropdownMenu.Item asChild onSelect={() => navigate(paths.packages)}>
                        <Button size="sm" className={styles.premiumButton}>
                          {t('account:premium_button')}
                        </Button>
                      </DropdownMenu.Item>
                    ) : null}
                  </div>
                </div>
              ) : null}
            </div>
            <DropdownMenu.Separator className={styles.separator} />
            <DropdownMenu.Item className={`${styles.item} ${styles.logout}`} onSelect={() => void dispatch(logout())} data-testid="logout">
              <LogoutIcon size={18} />
              <span className={styles.itemLabel}>{t('account:logout')}</span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {/* Outside the menu: it closes as the dialog opens, and the dialog returns focus to the trigger. */}
      <SupportEntryDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </>
  );
}
