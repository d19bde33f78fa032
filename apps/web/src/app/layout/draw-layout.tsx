import { useLocation } from 'react-router';
import { hasSession } from '@/api/session';
import { Shell } from './main-layout';

/** The prize-draw (telesales) page, with or without a session: the shell with the telesales header rules. */
export function DrawLayout() {
  // Read on every navigation, so signing in elsewhere and coming back shows the signed-in shell.
  useLocation();
  return <Shell signedIn={hasSession()} />;
}
