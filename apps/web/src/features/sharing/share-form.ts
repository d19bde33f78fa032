import { addInvitees, type Invitee, type InviteeProblem } from './invitees';
import { INVITATION_MESSAGE_MAX_LENGTH, type ShareDuration, type ShareRole } from './constants';

/** The invite part of the share dialog, as plain state so its rules are tested without a screen. */
export interface InviteForm {
  invitees: Invitee[];
  /** What is in the box and not yet a chip. */
  draft: string;
  role: ShareRole;
  duration: ShareDuration;
  message: string;
  /** The last pieces that could not become chips. */
  problem: { text: string; problem: InviteeProblem } | null;
}

export const initialInviteForm: InviteForm = { invitees: [], draft: '', role: 'VIEWER', duration: 'UNLIMITED', message: '', problem: null };

export type InviteAction =
  | { type: 'draft'; text: string }
  | { type: 'commit' }
  | { type: 'pick'; identifier: string }
  | { type: 'remove'; identifier: string }
  | { type: 'removeLast' }
  | { type: 'role'; role: ShareRole }
  | { type: 'duration'; duration: ShareDuration }
  | { type: 'message'; text: string }
  | { type: 'reset' };

/** Separators typed at the end of the box turn what precedes them into chips at once. */
const ENDS_WITH_SEPARATOR = /[,;\n]$/;

function commit(state: InviteForm, text: string): InviteForm {
  const { added, rejected } = addInvitees(state.invitees, text);
  return {
    ...state,
    invitees: [...state.invitees, ...added],
    // What could not be read stays in the box to be corrected.
    draft: rejected.map((piece) => piece.text).join(', '),
    problem: rejected[0] ?? null,
  };
}

export function inviteFormReducer(state: InviteForm, action: InviteAction): InviteForm {
  switch (action.type) {
    case 'draft':
      return ENDS_WITH_SEPARATOR.test(action.text) ? commit(state, action.text) : { ...state, draft: action.text, problem: null };
    case 'commit':
      return state.draft.trim() ? commit(state, state.draft) : state;
    case 'pick':
      return commit({ ...state, draft: '' }, action.identifier);
    case 'remove':
      return { ...state, invitees: state.invitees.filter((invitee) => invitee.identifier !== action.identifier), problem: null };
    case 'removeLast':
      return state.draft ? state : { ...state, invitees: state.invitees.slice(0, -1) };
    case 'role':
      return { ...state, role: action.role };
    case 'duration':
      return { ...state, duration: action.duration };
    case 'message':
      return { ...state, message: action.text.slice(0, INVITATION_MESSAGE_MAX_LENGTH) };
    case 'reset':
      return initialInviteForm;
  }
}

/** The form is ready to send: someone to invite and nothing unreadable left in the box. */
export function canSendInvites(state: InviteForm): boolean {
  return state.invitees.length > 0 && state.draft.trim() === '';
}

/** The body of POST /api/shares (createShares). */
export function createSharesBody(state: InviteForm, items: readonly string[]) {
  const message = state.message.trim();
  return {
    items: [...items],
    invitees: state.invitees.map((invitee) => invitee.identifier),
    type: state.role,
    duration: state.duration,
    ...(message ? { invitationMessage: message } : {}),
  };
}
