import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import styles from './account.module.css';

export interface VisitorAccountCardProps {
  onSignUp: () => void;
  onSignIn: () => void;
}

/**
 * The account card of an anonymous visitor (public shared files): no account yet, so the card offers a sign-up
 * button (spec 000 §2) and, for those who have one, sign-in.
 */
export function VisitorAccountCard({ onSignUp, onSignIn }: VisitorAccountCardProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={styles.trigger} data-testid="account-card-trigger">
          <span className={`${styles.avatar} ${styles.initials}`} style={{ inlineSize: 32, blockSize: 32 }} aria-hidden="true">
            <PersonGlyph />
          </span>
          <span className={styles.triggerName}>{t('account:visitor_label')}</span>
          <ChevronDownIcon size={16} className={styles.chevron} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.card} align="end" sideOffset={8} collisionPadding={12} data-testid="account-card">
          <div className={styles.premium}>
            <div>
              <p className={styles.premiumTitle}>{t('account:visitor_title')}</p>
              <p className={styles.premiumText}>{t('account:visitor_text')}</p>
              <DropdownMenu.Item asChild onSelect={onSignUp}>
                <Button size="sm" className={styles.premiumButton} data-testid="visitor-sign-up">
                  {t('account:visitor_sign_up')}
                </Button>
              </DropdownMenu.Item>
            </div>
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={onSignIn} data-testid="visitor-sign-in">
            <span className={styles.itemLabel}>{t('account:visitor_sign_in')}</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function PersonGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}
