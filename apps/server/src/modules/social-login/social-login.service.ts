import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AppError, Conflict, NotFound } from '../../shared/errors.js';
import { hashToken, newId, newToken, safeEqual } from '../../shared/tokens.js';
import { minutes } from '../../shared/time.js';
import * as accounts from '../account/account.identity.public.js';
import type { AuthService, IssuedSession, TwoFactorRequired } from '../auth/auth.public.js';
import * as repo from './social-login.repository.js';
import { InvalidSocialToken, OidcProvider } from './social-login.oidc.js';
import type { SocialIntent, SocialLoginState, SocialProvider, SocialStateStatus } from './social-login.table.js';

export interface ProviderConfig {
  clientId: string | null;
  issuer: string;
}

interface Deps {
  db: Kysely<DB>;
  auth: AuthService;
  providers: Record<SocialProvider, ProviderConfig>;
}

/** An identity token that passed every check: who the provider says the person is. */
export interface VerifiedIdentity {
  provider: SocialProvider;
  subject: string;
  /** The provider's e-mail for the person when it says it verified it, else null. */
  email: string | null;
}

export interface Connection {
  connected: boolean;
  email: string | null;
}

const STATE_MINUTES = 10;
const CALLBACK_MINUTES = 5;
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };
// Apple knows no "profile" scope; its name scope is what Google calls profile.
const SCOPES: Record<SocialProvider, string> = { google: 'openid email profile', apple: 'openid email name' };

const StateRefused = () => InvalidSocialToken('the sign-in request is unknown, expired or already used');
const NotConfigured = (provider: SocialProvider) => NotFound(`${PROVIDER_NAMES[provider]} sign-in is not available.`);
const disconnected: Connection = { connected: false, email: null };

/**
 * Google and Apple sign-in, sign-up and connection in settings (OpenID Connect, implicit flow with id_token).
 * Each authorization request gets a state and a nonce (random, stored hashed, 10 minutes); the identity token must
 * carry that nonce, and the state is spent by the first call that presents it, whatever the outcome.
 */
export class SocialLoginService {
  private readonly oidc: Partial<Record<SocialProvider, OidcProvider>> = {};

  constructor(private readonly d: Deps) {
    for (const provider of ['google', 'apple'] as const) {
      const { clientId, issuer } = d.providers[provider];
      if (!clientId) continue;
      const aliases = issuer === 'https://accounts.google.com' ? ['accounts.google.com'] : [];
      this.oidc[provider] = new OidcProvider(issuer, clientId, aliases);
    }
  }

  providers(): Record<SocialProvider, boolean> {
    return { google: this.oidc.google !== undefined, apple: this.oidc.apple !== undefined };
  }

  async start(provider: SocialProvider, intent: SocialIntent, origin: string): Promise<{ authorizationUrl: string }> {
    const oidc = this.provider(provider);
    const state = newToken();
    const nonce = newToken();
    const params: Record<string, string> = {
      client_id: oidc.clientId,
      response_type: 'id_token',
      scope: SCOPES[provider],
      redirect_uri: redirectUri(provider, origin),
      state,
      nonce,
    };
    // Google answers in the fragment of its redirect (the page reads it); Apple posts a form to the server.
    if (provider === 'apple') params.response_mode = 'form_post';
    const authorizationUrl = await oidc.authorizationUrl(params);
    const at = Date.now();
    await repo.createState(this.d.db, {
      id: newId(),
      state_hash: hashToken(state),
      nonce_hash: hashToken(nonce),
      provider,
      intent,
      status: 'PENDING',
      subject: null,
      expires_at: at + minutes(STATE_MINUTES),
      created_at: at,
    });
    return { authorizationUrl };
  }

  /** Apple's form_post: parks the token under a one-time key and names the web page that collects it. */
  async parkAppleAnswer(fields: { id_token?: string; state?: string; error?: string }): Promise<string> {
    this.provider('apple');
    // A cancelled sign-in (error=user_cancelled_authorize) goes back to the sign-in page.
    if (!fields.id_token || !fields.state || fields.error) return '/auth/login';
    const key = newToken();
    const at = Date.now();
    await repo.createCallback(this.d.db, {
      key_hash: hashToken(key),
      provider: 'apple',
      id_token: fields.id_token,
      state: fields.state,
      expires_at: at + minutes(CALLBACK_MINUTES),
      created_at: at,
    });
    return `/auth/login/apple/${encodeURIComponent(key)}`;
  }

  /** The parked Apple answer, once: the token and state for the next call, its e-mail and the flow's intent. */
  async appleAnswer(key: string): Promise<{ token: string; state: string; email: string | null; intent: SocialIntent }> {
    const oidc = this.provider('apple');
    const row = await repo.takeCallback(this.d.db, hashToken(key));
    if (!row || row.expires_at <= Date.now()) throw NotFound('This sign-in with Apple has expired. Please start again.');
    const state = await repo.getStateByHash(this.d.db, hashToken(row.state));
    if (!state || state.provider !== 'apple' || state.status !== 'PENDING' || state.expires_at <= Date.now()) {
      throw StateRefused();
    }
    // Checked now so the page can show the e-mail; the call that uses the token checks it again and spends the state.
    const claims = await oidc.verify(row.id_token);
    assertNonce(claims.nonce, state);
    return { token: row.id_token, state: row.state, email: verifiedEmail(claims), intent: state.intent };
  }

  async login(
    provider: SocialProvider,
    body: { token: string; state: string },
    opts: { rememberMe: boolean; userAgent: string; ip?: string },
  ): Promise<IssuedSession | TwoFactorRequired> {
    const { identity, state } = await this.redeem(provider, body, 'login');
    const linked = await repo.getIdentity(this.d.db, provider, identity.subject);
    // The provider proves one factor: an account with two-factor sign-in on is still asked for its second step.
    if (linked) return this.d.auth.signIn(linked.account_id, { rememberMe: opts.rememberMe, userAgent: opts.userAgent, ip: opts.ip });
    // Never linked silently to the account holding the same e-mail: the owner proves it with the password first.
    if (identity.email && (await accounts.getByEmail(this.d.db, identity.email))) {
      throw Conflict(
        'SOCIAL_EMAIL_IN_USE',
        `An account with this e-mail address already exists. Sign in with your password, then connect ${PROVIDER_NAMES[provider]} in Settings.`,
        'email',
      );
    }
    // No account yet: this state (bound to this identity) may now start a sign-up, once.
    await repo.transitionState(this.d.db, state.id, 'USED', { status: 'HANDED_OFF', intent: 'signup', subject: identity.subject });
    throw new AppError(
      404,
      'SOCIAL_ACCOUNT_NOT_FOUND',
      `No account is connected to this ${PROVIDER_NAMES[provider]} account. Sign up to create one.`,
      'email',
    );
  }

  /**
   * For sign-up: verifies the token and spends its state. Whether the identity is linked already is only told when the
   * account would be created (409 there), as the start of a sign-up answers alike for taken and free details.
   */
  async claimForSignup(input: { provider: SocialProvider; token: string; state: string }): Promise<VerifiedIdentity> {
    return (await this.redeem(input.provider, input, 'signup')).identity;
  }

  /** Links a claimed identity to an account (a just-created one inside the sign-up's transaction). */
  async link(db: Executor, accountId: string, identity: VerifiedIdentity): Promise<void> {
    if (await repo.getIdentity(db, identity.provider, identity.subject)) throw AlreadyLinked(identity.provider);
    await repo.createIdentity(db, {
      id: newId(),
      provider: identity.provider,
      subject: identity.subject,
      account_id: accountId,
      email: identity.email,
      created_at: Date.now(),
    });
  }

  async connection(auth: AuthContext, provider: SocialProvider): Promise<Connection> {
    this.provider(provider);
    return (await this.status(auth))[provider];
  }

  async connect(auth: AuthContext, provider: SocialProvider, body: { token: string; state: string }): Promise<Connection> {
    const { identity } = await this.redeem(provider, body, 'connect');
    const linked = await repo.getIdentity(this.d.db, provider, identity.subject);
    if (linked && linked.account_id !== auth.accountId) throw AlreadyLinked(provider);
    if (!linked) {
      const mine = (await repo.listIdentitiesOf(this.d.db, auth.accountId)).find((i) => i.provider === provider);
      if (mine) {
        throw Conflict(
          'SOCIAL_ALREADY_CONNECTED',
          `Another ${PROVIDER_NAMES[provider]} account is connected. Disconnect it first.`,
        );
      }
      await this.link(this.d.db, auth.accountId, identity).catch(async (err: unknown) => {
        // A concurrent connect of the same identity won the race for the unique index.
        if (await repo.getIdentity(this.d.db, provider, identity.subject)) throw AlreadyLinked(provider);
        throw err;
      });
    }
    return { connected: true, email: identity.email ?? linked?.email ?? null };
  }

  async disconnect(auth: AuthContext, provider: SocialProvider): Promise<Connection> {
    this.provider(provider);
    await repo.deleteIdentity(this.d.db, auth.accountId, provider);
    return disconnected;
  }

  async status(auth: AuthContext): Promise<Record<SocialProvider, Connection>> {
    const rows = await repo.listIdentitiesOf(this.d.db, auth.accountId);
    const of = (p: SocialProvider): Connection => {
      const row = rows.find((r) => r.provider === p);
      return row ? { connected: true, email: row.email } : disconnected;
    };
    return { google: of('google'), apple: of('apple') };
  }

  /** Housekeeping: states and parked answers past their lifetime. */
  purgeExpired(at = Date.now()): Promise<number> {
    return repo.purgeExpired(this.d.db, at);
  }

  private provider(provider: SocialProvider): OidcProvider {
    const oidc = this.oidc[provider];
    if (!oidc) throw NotConfigured(provider);
    return oidc;
  }

  /**
   * Spends the state (first caller only, whatever the outcome) and verifies the token against it: signature, issuer,
   * audience, lifetime, and the nonce issued with this state. A sign-up also accepts a state a sign-in handed off,
   * for the same identity only.
   */
  private async redeem(
    provider: SocialProvider,
    body: { token: string; state: string },
    intent: SocialIntent,
  ): Promise<{ identity: VerifiedIdentity; state: SocialLoginState }> {
    const oidc = this.provider(provider);
    const state = await repo.getStateByHash(this.d.db, hashToken(body.state));
    const usable: SocialStateStatus[] = intent === 'signup' ? ['PENDING', 'HANDED_OFF'] : ['PENDING'];
    if (
      !state ||
      state.provider !== provider ||
      state.intent !== intent ||
      !usable.includes(state.status) ||
      state.expires_at <= Date.now() ||
      !(await repo.transitionState(this.d.db, state.id, state.status, { status: 'USED' }))
    ) {
      throw StateRefused();
    }
    const claims = await oidc.verify(body.token);
    assertNonce(claims.nonce, state);
    if (state.status === 'HANDED_OFF' && state.subject !== claims.sub) throw StateRefused();
    return { identity: { provider, subject: claims.sub, email: verifiedEmail(claims) }, state };
  }
}

const AlreadyLinked = (provider: SocialProvider) =>
  Conflict(
    'SOCIAL_ACCOUNT_IN_USE',
    `This ${PROVIDER_NAMES[provider]} account is already connected to another account.`,
  );

function assertNonce(nonce: unknown, state: SocialLoginState): void {
  if (typeof nonce !== 'string' || !safeEqual(hashToken(nonce), state.nonce_hash)) {
    throw InvalidSocialToken('its nonce does not belong to this sign-in request');
  }
}

/** The e-mail only when the provider vouches for it (Apple sends email_verified as a string). */
function verifiedEmail(claims: Record<string, unknown>): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' && claims.email.length <= 320 ? claims.email.trim().toLowerCase() : null;
}

function redirectUri(provider: SocialProvider, origin: string): string {
  return provider === 'google' ? `${origin}/auth/login/google` : `${origin}/api/apple/login/callback`;
}
