import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import type { SocialProvider } from './sign-in';

/** A provider's answer kept between its callback and the sign-up form: what links the identity at account creation. */
export interface PendingSocialIdentity {
  provider: SocialProvider;
  email: string | null;
  token: string;
  state: string;
}

const KEYS = {
  google: { email: storageKeys.googleEmail, token: storageKeys.googleToken },
  apple: { email: storageKeys.appleEmail, token: storageKeys.appleToken },
} as const;

export function savePendingIdentity(identity: PendingSocialIdentity): void {
  const keys = KEYS[identity.provider];
  writeStorage(keys.email, identity.email ?? '');
  writeStorage(keys.token, JSON.stringify({ token: identity.token, state: identity.state }));
}

export function readPendingIdentity(provider: SocialProvider): PendingSocialIdentity | null {
  const keys = KEYS[provider];
  const raw = readStorage(keys.token);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { token?: unknown; state?: unknown };
    if (typeof parsed.token !== 'string' || typeof parsed.state !== 'string') return null;
    return { provider, email: readStorage(keys.email) || null, token: parsed.token, state: parsed.state };
  } catch {
    return null;
  }
}

export function clearPendingIdentity(provider: SocialProvider): void {
  writeStorage(KEYS[provider].email, null);
  writeStorage(KEYS[provider].token, null);
}

/**
 * The e-mail claim of an ID token, read only to show it on the sign-up form (the server verifies the token itself:
 * signature, issuer, audience, nonce); null when it cannot be read.
 */
export function emailFromIdToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}
