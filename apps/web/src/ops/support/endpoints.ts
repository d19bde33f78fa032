import { opsApi } from '../api/ops-api';
import type { Agent, CannedReply, ConsoleTicket, FeedbackDetail, InboxFilter, InboxItem, SupportAttachment, SupportMessage, SupportTicket } from './types';

const enc = encodeURIComponent;
const ticketTag = (id: string) => [{ type: 'Support' as const, id }, { type: 'Support' as const, id: 'INBOX' }, 'Audit' as const];

/** The support inbox's calls (issue 29), on the console's one API. */
export const supportEndpoints = opsApi.injectEndpoints({
  endpoints: (build) => ({
    opsSupportInbox: build.query<{ items: InboxItem[] }, InboxFilter>({
      query: (filter) => ({ url: '/support/inbox', params: { ...filter, limit: 100 } }),
      providesTags: [{ type: 'Support', id: 'INBOX' }],
    }),
    opsSupportTicket: build.query<ConsoleTicket, string>({
      query: (id) => `/support/tickets/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Support', id }],
    }),
    opsSupportTake: build.mutation<{ ticket: SupportTicket }, string>({
      query: (id) => ({ url: `/support/tickets/${enc(id)}/take`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ticketTag(id),
    }),
    opsSupportAssign: build.mutation<{ ticket: SupportTicket }, { id: string; operatorId: string }>({
      query: ({ id, operatorId }) => ({ url: `/support/tickets/${enc(id)}/assign`, method: 'POST', body: { operatorId } }),
      invalidatesTags: (_r, _e, { id }) => ticketTag(id),
    }),
    opsSupportSolve: build.mutation<{ ticket: SupportTicket }, string>({
      query: (id) => ({ url: `/support/tickets/${enc(id)}/solve`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ticketTag(id),
    }),
    opsSupportReply: build.mutation<{ message: SupportMessage }, { id: string; clientId: string; text: string; internal?: boolean; attachmentId?: string }>({
      query: ({ id, ...body }) => ({ url: `/support/tickets/${enc(id)}/messages`, method: 'POST', body }),
      // The message itself arrives over the socket (and in this answer); only the inbox's order changes.
      invalidatesTags: [{ type: 'Support', id: 'INBOX' }, 'Audit'],
    }),
    opsSupportAttach: build.mutation<{ attachment: SupportAttachment }, { id: string; file: File }>({
      query: ({ id, file }) => ({
        url: `/support/tickets/${enc(id)}/attachments`,
        method: 'POST',
        params: { name: file.name },
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    }),
    opsSupportRead: build.mutation<unknown, { id: string; seq: number }>({
      query: ({ id, seq }) => ({ url: `/support/tickets/${enc(id)}/read`, method: 'POST', body: { seq } }),
    }),
    opsSupportFeedback: build.query<{ feedback: FeedbackDetail }, string>({
      query: (id) => `/support/feedback/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Support', id }],
    }),
    opsSupportFeedbackDone: build.mutation<unknown, string>({
      query: (id) => ({ url: `/support/feedback/${enc(id)}/done`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ticketTag(id),
    }),
    opsSupportCanned: build.query<{ items: CannedReply[] }, string | undefined>({
      query: (language) => ({ url: '/support/canned', params: language ? { language } : {} }),
      providesTags: [{ type: 'Support', id: 'CANNED' }],
    }),
    opsSupportCannedSave: build.mutation<{ item: CannedReply }, { id?: string; language: string; title: string; text: string }>({
      query: ({ id, ...body }) => (id ? { url: `/support/canned/${enc(id)}`, method: 'PUT', body } : { url: '/support/canned', method: 'POST', body }),
      invalidatesTags: [{ type: 'Support', id: 'CANNED' }, 'Audit'],
    }),
    opsSupportCannedDelete: build.mutation<unknown, string>({
      query: (id) => ({ url: `/support/canned/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Support', id: 'CANNED' }, 'Audit'],
    }),
    opsSupportAgents: build.query<{ items: Agent[] }, void>({ query: () => '/support/agents' }),
  }),
});

export const {
  useOpsSupportInboxQuery,
  useOpsSupportTicketQuery,
  useOpsSupportTakeMutation,
  useOpsSupportAssignMutation,
  useOpsSupportSolveMutation,
  useOpsSupportReplyMutation,
  useOpsSupportAttachMutation,
  useOpsSupportReadMutation,
  useOpsSupportFeedbackQuery,
  useOpsSupportFeedbackDoneMutation,
  useOpsSupportCannedQuery,
  useOpsSupportCannedSaveMutation,
  useOpsSupportCannedDeleteMutation,
  useOpsSupportAgentsQuery,
} = supportEndpoints;
