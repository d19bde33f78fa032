import { generatedApi } from '@/api/generated/support';

/** The subscriber's support calls (issue 29): feedback, the single-use chat ticket and the chat page's address. */
export const { useSendFeedbackMutation, useGetSupportTicketMutation, useGetSupportConfigQuery } = generatedApi;
