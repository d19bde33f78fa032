import { baseApi } from '@/api/base-api';

export type NotificationStatus = 'UNREAD' | 'READ' | (string & {});

/** GET /api/notification/communication/fetch item. */
export interface AppNotification {
  notificationId: string;
  type?: string;
  notificationType?: string;
  language?: string;
  status: NotificationStatus;
  title?: string | null;
  body?: string | null;
  createdDate?: string | number | null;
}

export interface NotificationListArgs {
  language: string;
}

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<AppNotification[], NotificationListArgs>({
      query: ({ language }) => ({ url: '/notification/communication/fetch', params: { language, type: 'IN_APP' } }),
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as AppNotification[]) : []),
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<unknown, { notificationId: string; language: string }>({
      query: ({ notificationId }) => ({ url: `/notification/communication/read/${encodeURIComponent(notificationId)}` }),
      // Optimistic: the item turns read at once and the badge drops; undone if the call fails.
      async onQueryStarted({ notificationId, language }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', { language }, (draft) => {
            const item = draft.find((notification) => notification.notificationId === notificationId);
            if (item) item.status = 'READ';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    clearNotifications: build.mutation<{ deleted?: number }, string[]>({
      query: (ids) => ({ url: '/notification/communication', method: 'DELETE', body: ids }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation, useClearNotificationsMutation } = notificationsApi;
