import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@/i18n/languages';
import { IN_APP, useFetchNotificationsQuery } from '../api';

/** Notifications in the interface language (one cache entry shared by the list, the badge and Clear All). */
export function useNotifications(options: { skip?: boolean } = {}) {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const query = useFetchNotificationsQuery({ language, type: IN_APP }, { skip: options.skip });
  return { ...query, language };
}

/** Count of UNREAD notifications for badges. */
export function useUnreadCount(options: { skip?: boolean } = {}): number {
  const { data } = useNotifications(options);
  return data?.filter((notification) => notification.status === 'UNREAD').length ?? 0;
}
