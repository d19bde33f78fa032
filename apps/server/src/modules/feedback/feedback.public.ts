// The support console's inbox (issue 29) lists feedback and marks it dealt with.
export { getById as getFeedback, listForInbox as listFeedbackForInbox, setState as setFeedbackState } from './feedback.repository.js';
export type { Feedback, FeedbackState, FeedbackType } from './feedback.table.js';
