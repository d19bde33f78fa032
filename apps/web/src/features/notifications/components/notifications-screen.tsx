import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BellIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { formatDateTime } from '@/i18n/format';
import { useReadNotificationMutation, type AppNotification } from '../api';
import { useNotifications } from '../hooks/use-notifications';
import styles from './notifications.module.css';

function NotificationRow({ notification, fresh }: { notification: AppNotification; fresh: boolean }) {
  const { t, i18n } = useTranslation();
  const [markRead] = useReadNotificationMutation();
  // Opening the page marks everything shown as read; what was new stays highlighted for this visit.
  const unread = notification.status === 'UNREAD' || fresh;
  const date = notification.createdDate ? formatDateTime(notification.createdDate, i18n.language) : '';
  return (
    <li className={styles.item} data-status={notification.status} data-fresh={fresh || undefined}>
      <button
        type="button"
        className={`${styles.row} ${unread ? styles.unread : ''}`}
        onClick={() => {
          if (notification.status === 'UNREAD') void markRead(notification.notificationId);
        }}
        aria-describedby={`notification-${notification.notificationId}-meta`}
      >
        <span className={styles.icon} aria-hidden="true">
          <BellIcon size={18} />
        </span>
        <span className={styles.content}>
          <span className={styles.title}>{notification.title}</span>
          {notification.body ? <span className={styles.body}>{notification.body}</span> : null}
          <span id={`notification-${notification.notificationId}-meta`} className={styles.meta}>
            {date ? <time dateTime={new Date(notification.createdDate!).toISOString()}>{date}</time> : null}
            {unread ? <span className="visually-hidden">{t('notifications:unread')}</span> : null}
          </span>
        </span>
        {unread ? <span className={styles.unreadDot} aria-hidden="true" /> : null}
      </button>
    </li>
  );
}

/**
 * Marks every unread notification the list shows as read, once each (spec: GET /notification/communication/read/{id});
 * answers the ids that were unread when first shown, so the page can still highlight them.
 */
function useMarkShownAsRead(data: readonly AppNotification[] | undefined): ReadonlySet<string> {
  const [markRead] = useReadNotificationMutation();
  const requested = useRef(new Set<string>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const unread = (data ?? []).filter((n) => n.status === 'UNREAD' && !requested.current.has(n.notificationId));
    if (unread.length === 0) return;
    for (const n of unread) {
      requested.current.add(n.notificationId);
      void markRead(n.notificationId);
    }
    setFresh((current) => new Set([...current, ...unread.map((n) => n.notificationId)]));
  }, [data, markRead]);
  return fresh;
}

export function NotificationsScreen() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useNotifications();
  const fresh = useMarkShownAsRead(data);

  if (isLoading) {
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className={styles.page}>
        <Alert tone="error">
          {t('notifications:load_error')}{' '}
          <Button variant="link" onClick={() => refetch()}>
            {t('common:retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (!data || data.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon size={32} />}
        title={t('notifications:empty_title')}
        description={t('notifications:empty_text')}
      />
    );
  }
  return (
    <div className={styles.page}>
      <ul className={styles.list} aria-label={t('notifications:list_label')}>
        {data.map((notification) => (
          <NotificationRow key={notification.notificationId} notification={notification} fresh={fresh.has(notification.notificationId)} />
        ))}
      </ul>
    </div>
  );
}
