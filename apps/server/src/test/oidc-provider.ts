import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) on 127.0.0.1, for the tests and for local
 * development / the e2e suite in place of Google and Apple. Its sign-in page (fields "E-mail" and "Password", button
 * "Sign in") takes any password: the e-mail typed is the person's login (and their `sub`); one starting with
 * `unverified:` gives an e-mail the provider marks as not verified. Consent is granted without asking (first party).
 */
export interface OidcClientSpec {
  clientId: string;
  redirectUris: string[];
}

export interface LocalOidcProvider {
  issuer: string;
  /** The provider's signing key (private JWK): tests sign tokens with wrong claims using the provider's real key. */
  signingKey: JWK;
  close(): Promise<void>;
}

export const UNVERIFIED_PREFIX = 'unverified:';

/** The claims the provider releases for a login typed on its sign-in page. */
export function claimsFor(login: string) {
  const unverified = login.startsWith(UNVERIFIED_PREFIX);
  const email = (unverified ? login.slice(UNVERIFIED_PREFIX.length) : login).trim().toLowerCase();
  return { sub: login, email, email_verified: !unverified, name: email.split('@')[0] ?? email };
}

export async function startOidcProvider(opts: {
  clients: OidcClientSpec[];
  port?: number;
  host?: string;
}): Promise<LocalOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer();
  // The port is needed for the issuer before the provider exists: a request that comes in between (a waiting e2e
  // run's health check) gets 503 and asks again, instead of hanging unanswered.
  let handle: http.RequestListener | null = null;
  server.on('request', (req, res) => {
    if (handle) return void handle(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  // A new key id each start: a relying party that cached the last run's keys fetches the new ones at once.
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: `local-${randomUUID()}`, alg: 'RS256', use: 'sig' };

  // Native clients (loopback redirects) are always asked for consent by default; a first-party app is not.
  const policy = interactionPolicy.base();
  policy.get('consent')!.checks.remove('native_client_prompt');
  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      redirect_uris: c.redirectUris,
      response_types: ['id_token'],
      grant_types: ['implicit'],
      token_endpoint_auth_method: 'none',
      // Loopback http redirect URIs are allowed for native clients only; Google and Apple get https ones.
      application_type: 'native',
    })),
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: async () => claimsFor(id),
    }),
    // First-party sign-in: the scopes asked for are granted without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    // Our own sign-in page (the package's development pages load a web font, which an offline browser waits for).
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-oidc-provider-only'] },
    ttl: { IdToken: 600, Session: 600, Interaction: 600, Grant: 600 },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('oidc-provider:', err));
  const callback = provider.callback();
  handle = (req, res) => {
    if (!/^\/interaction\/[\w-]+$/.test(req.url ?? '')) return void callback(req, res);
    interaction(provider, req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };
  return {
    issuer,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's sign-in page: an e-mail (the login) and any password. Consent, if asked, is granted at once. */
async function interaction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name !== 'login') {
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    return;
  }
  if (req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const login = new URLSearchParams(body).get('login')?.trim();
    if (login) {
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
  }
  const hint = typeof details.params.login_hint === 'string' ? escape(details.params.login_hint) : '';
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider: sign in</title></head>
<body><main><h1>Local OpenID provider</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
<input type="hidden" name="prompt" value="login">
<p><label for="login">E-mail</label> <input id="login" name="login" type="text" autocomplete="off" required value="${hint}"></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" required></p>
<p><button type="submit">Sign in</button></p>
</form></main></body></html>`);
}
