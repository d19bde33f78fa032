import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatPage } from './chat-page';
import { initChatI18n } from './i18n';
import '@/styles/global.css';

/**
 * The support chat page (issue 29), framed by the chat dialog at
 * /support-chat?userId&language&clientVersion&type&source&theme&ticket. The ticket leaves the address at once: it is
 * single use, and the session it opens lives in this frame's session storage.
 */
async function start() {
  const params = new URLSearchParams(window.location.search);
  const ticket = params.get('ticket');
  if (ticket) {
    params.delete('ticket');
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }
  try {
    await initChatI18n(params.get('language'));
  } catch (error) {
    console.error('[i18n] initialisation failed', error);
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChatPage ticket={ticket} />
    </StrictMode>,
  );
}

void start();
