import { startOidcProvider } from './oidc-provider.js';

/**
 * Runs the local OpenID provider on its own, in place of Google and Apple, for development and the e2e suite:
 *   OIDC_PORT=8081 OIDC_APP_ORIGINS=http://127.0.0.1:8080 npm run oidc:dev -w apps/server
 * then start the server with GOOGLE_ISSUER=APPLE_ISSUER=http://127.0.0.1:8081, GOOGLE_CLIENT_ID=bulut-dev-google and
 * APPLE_CLIENT_ID=bulut-dev-apple. Its sign-in page takes any password; the login is the e-mail.
 */
const port = Number(process.env.OIDC_PORT ?? 8081);
const origins = (process.env.OIDC_APP_ORIGINS ?? 'http://127.0.0.1:8080,http://localhost:5173')
  .split(',')
  .map((o) => o.trim().replace(/\/$/, ''))
  .filter(Boolean);
const op = await startOidcProvider({
  port,
  clients: [
    {
      clientId: process.env.OIDC_GOOGLE_CLIENT_ID ?? 'bulut-dev-google',
      redirectUris: origins.map((o) => `${o}/auth/login/google`),
    },
    {
      clientId: process.env.OIDC_APPLE_CLIENT_ID ?? 'bulut-dev-apple',
      redirectUris: origins.map((o) => `${o}/api/apple/login/callback`),
    },
  ],
});
console.log(`local OpenID provider at ${op.issuer} for ${origins.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void op.close().then(() => process.exit(0)));
}
