import { useSupportTranslation } from '../use-support-translation';
import { useGetAccountInfoQuery } from '@/api/account';
import { useRemoteFlagStatus } from '@/api/remote-config';
import { supportDialogFor } from '../support-rules';
import { ChatDialog } from './chat-dialog';
import { FeedbackDialog } from './feedback-dialog';

/** Remote-config flag that lets Support open the live chat (spec §3 default false). */
export const CHATBOT_FLAG = 'chatbot_menu_enabled';

/** What the account card's Support opens: the chat or the feedback dialog, by the spec's rule. */
export function SupportDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useSupportTranslation();
  const { data: info } = useGetAccountInfoQuery();
  const chatEnabled = useRemoteFlagStatus(CHATBOT_FLAG, i18n.language);
  // Nothing until both are known: the wrong dialog must not flash first.
  if (!info || chatEnabled === undefined) return null;
  const kind = supportDialogFor({ language: i18n.language, countryCode: info.countryCode, chatEnabled });
  return kind === 'chat' ? (
    <ChatDialog onClose={onClose} userId={info.uuid} language={i18n.language} />
  ) : (
    <FeedbackDialog onClose={onClose} countryCode={info.countryCode} />
  );
}
