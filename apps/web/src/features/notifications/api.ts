import { generatedApi, type Notification } from '@/api/generated/notifications';

export type AppNotification = Notification;

/** The web app lists in-app notifications only. */
export const IN_APP = 'IN_APP';

export const notificationsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    fetchNotifications: {
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as Notification[]) : []),
      providesTags: ['Notification'],
    },
    readNotification: {
      // Optimistic: the item turns read at once in every cached list and the badge drops; undone if the call fails.
      async onQueryStarted(notificationId, { dispatch, getState, queryFulfilled }) {
        const cachedArgs = notificationsApi.util.selectCachedArgsForQuery(getState(), 'fetchNotifications');
        const patches = cachedArgs.map((args) =>
          dispatch(
            notificationsApi.util.updateQueryData('fetchNotifications', args, (draft) => {
              const item = draft.find((notification) => notification.notificationId === notificationId);
              if (item) item.status = 'READ';
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    },
    deleteNotifications: {
      invalidatesTags: ['Notification'],
    },
  },
});

export const { useFetchNotificationsQuery, useReadNotificationMutation, useDeleteNotificationsMutation } = notificationsApi;
