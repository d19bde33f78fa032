import { createContext, useContext, type ReactNode } from 'react';
import { paths } from '@/config/paths';

/** Where the sign-in and sign-up screens link to each other. */
export interface AuthLinks {
  login: string;
  signup: string;
  /** The start of password recovery. */
  forgotPassword: string;
}

const DEFAULT_LINKS: AuthLinks = { login: paths.login, signup: paths.signup, forgotPassword: paths.forgotPassword };

const AuthLinksContext = createContext<AuthLinks>(DEFAULT_LINKS);

/** The sign-in screens shown under another layout (shared files) link to that layout's own sign-in paths. */
export function AuthLinksProvider({ links, children }: { links: AuthLinks; children: ReactNode }) {
  return <AuthLinksContext.Provider value={links}>{children}</AuthLinksContext.Provider>;
}

/** `link` with a child path: "/sharedFiles/signup?token=x" + "google" -> "/sharedFiles/signup/google?token=x". */
export function childLink(link: string, child: string): string {
  const [path, query] = link.split('?');
  return `${path}${child ? `/${child}` : ''}${query ? `?${query}` : ''}`;
}

export function useAuthLinks(): AuthLinks {
  return useContext(AuthLinksContext);
}
