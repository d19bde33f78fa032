import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { hasSession } from '@/api/session';
import type { ComponentType } from 'react';
import { loadChunk, lazyScreen } from '@/lib/lazy-route';
import type { RecoveryFlow } from './auth-slice';
import { rememberNext, setReturnUrl } from './return-url';
import { login } from './sign-in-routes';

const signup = lazyScreen(() => import('./components/signup-screen'), (m) => m.SignupScreen);

/** A screen that takes the recovery flow (v1, v2, v3) its route stands for. */
function flowScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<{ flow: RecoveryFlow }>, flow: RecoveryFlow) {
  return async () => {
    const Screen = pick(await loadChunk(load));
    return { Component: () => <Screen flow={flow} /> };
  };
}

const loadMethods = () => import('./recovery/recovery-methods-screen');
const loadSms = () => import('./recovery/recovery-sms-screen');
const loadQuestion = () => import('./recovery/recovery-question-screen');
const loadLink = () => import('./recovery/recovery-link-screen');
const FLOWS: readonly RecoveryFlow[] = ['v1', 'v2', 'v3'];

/** The recovery screens of spec 000 §2 under `base` ('auth/forgotmypassword' or, in a shared link, 'forgotmypassword'). */
function recoveryRoutes(base: string): RouteObject[] {
  return [
    { path: base, lazy: lazyScreen(() => import('./recovery/recovery-start-screen'), (m) => m.RecoveryStartScreen) },
    ...FLOWS.map((flow) => ({ path: `${base}/availablemethods_${flow}`, lazy: flowScreen(loadMethods, (m) => m.RecoveryMethodsScreen, flow) })),
    { path: `${base}/smsotp`, lazy: flowScreen(loadSms, (m) => m.RecoverySmsScreen, 'v1') },
    { path: `${base}/smsotp2`, lazy: flowScreen(loadSms, (m) => m.RecoverySmsScreen, 'v2') },
    { path: `${base}/smsotp3`, lazy: flowScreen(loadSms, (m) => m.RecoverySmsScreen, 'v3') },
    { path: `${base}/securityquestion`, lazy: flowScreen(loadQuestion, (m) => m.RecoveryQuestionScreen, 'v2') },
    { path: `${base}/securityquestion_v3`, lazy: flowScreen(loadQuestion, (m) => m.RecoveryQuestionScreen, 'v3') },
    { path: `${base}/changepassword`, lazy: lazyScreen(() => import('./recovery/recovery-change-screen'), (m) => m.RecoveryChangeScreen) },
  ];
}

const googleSignup = lazyScreen(() => import('./components/social-signup-screen'), (m) => m.GoogleSignupScreen);
const appleSignup = lazyScreen(() => import('./components/social-signup-screen'), (m) => m.AppleSignupScreen);
const inviteSignup = lazyScreen(() => import('./components/social-signup-screen'), (m) => m.InviteSignupScreen);
const googleCallback = lazyScreen(() => import('./components/social-callback-screen'), (m) => m.GoogleCallbackScreen);
const appleCallback = lazyScreen(() => import('./components/social-callback-screen'), (m) => m.AppleCallbackScreen);


/** Sign-up and recovery use RTK Query: the app places these under a layout that loads the store. */
export const signupRoutes: RouteObject[] = [
  { path: 'auth/signup', loader: rememberNext, lazy: signup },
  { path: 'auth/signup/google', lazy: googleSignup },
  { path: 'auth/signup/apple', lazy: appleSignup },
  { path: 'auth/inviteuser', lazy: inviteSignup },
  ...recoveryRoutes('auth/forgotmypassword'),
];

/**
 * Screens reached from outside (an e-mailed link, a provider's redirect) that a signed-in visitor may open too (a
 * connected-account callback from settings, a reset link): the app places them under the auth layout with the store
 * but without the "already signed in" redirect.
 */
export const linkRoutes: RouteObject[] = [
  ...FLOWS.map((flow) => ({ path: `changemypassword${flow}/:referenceToken/:id`, lazy: flowScreen(loadLink, (m) => m.RecoveryLinkScreen, flow) })),
  { path: 'auth/login/google', lazy: googleCallback },
  { path: 'auth/login/apple/:key', lazy: appleCallback },
];

/** Signed-in screens of this feature: approving a QR sign-in from another device (/main/qr-approve?code=…). */
export const signedInAuthRoutes: RouteObject[] = [
  { path: 'qr-approve', lazy: lazyScreen(() => import('./components/qr-approve-screen'), (m) => m.QrApproveScreen) },
];

/**
 * The same two screens under another layout that has the store (shared files: /sharedFiles/login and /signup), with
 * AuthLinksProvider saying where they link to each other. `returnTo` is where a successful sign-in or sign-up goes
 * (and where a visitor who is already signed in is sent at once).
 */
export function embeddedAuthRoutes(returnTo: (url: URL) => string): RouteObject[] {
  const loader = ({ request }: LoaderFunctionArgs) => {
    const target = returnTo(new URL(request.url));
    if (hasSession()) return redirect(target);
    setReturnUrl(target);
    return null;
  };
  return [
    { path: 'login', loader, lazy: login },
    { path: 'signup', loader, lazy: signup },
    { path: 'login/google', lazy: googleCallback },
    { path: 'login/apple/:key', lazy: appleCallback },
    { path: 'signup/google', loader, lazy: googleSignup },
    { path: 'signup/apple', loader, lazy: appleSignup },
    { path: 'inviteuser', loader, lazy: inviteSignup },
    ...recoveryRoutes('forgotmypassword').map((route) => ({ ...route, loader })),
  ];
}
