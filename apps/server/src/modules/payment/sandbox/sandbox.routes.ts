import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SandboxProvider } from './sandbox-provider.js';

// The sandbox provider's 3-D Secure page: served by this process but belonging to the "provider", so it is a plain
// HTML page with its own strict CSP, no app CSS or JS, and no session (the challenge id is the credential).

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const ChallengeParams = Type.Object({ challengeId: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.3rem}label{display:block;margin:1rem 0 .3rem}input{font-size:1.2rem;padding:.4rem;width:10rem;letter-spacing:.2em}
button{margin-top:1rem;font-size:1rem;padding:.5rem 1.2rem;background:#0b57d0;color:#fff;border:0;border-radius:4px}
.test{background:#fff4ce;border:1px solid #e0c060;padding:.5rem;margin:1rem 0}</style></head><body><main>${body}</main></body></html>`;
}

export const sandboxRoutes: FastifyPluginAsyncTypebox<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/payment/sandbox/3ds/:challengeId',
    {
      config: { public: true },
      schema: { operationId: 'sandboxThreeDsPage', tags: ['payment'], params: ChallengeParams, hide: true },
    },
    async (req, reply) => {
      const ch = await sandbox.challenge(req.params.challengeId);
      reply.header('content-security-policy', CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!ch) return reply.status(404).send(page('3-D Secure', '<h1>3-D Secure</h1><p>This verification does not exist.</p>'));
      if (ch.status !== 'OPEN') {
        return reply.send(page('3-D Secure', `<h1>3-D Secure</h1><p>This verification is ${esc(ch.status.toLowerCase())}.</p>`));
      }
      const amount = new Intl.NumberFormat('en', { style: 'currency', currency: ch.currency }).format(ch.amountMinor / 100);
      return reply.send(
        page(
          '3-D Secure verification',
          `<h1>3-D Secure verification</h1>
<p>Sandbox bank: confirm the payment of <strong>${esc(amount)}</strong> with the card ending in <strong>${esc(ch.last4)}</strong>.
A one-time code was sent by SMS to your phone.</p>
<p class="test">Sandbox mode, test code: <strong data-testid="test-code">${esc(ch.testCode ?? '')}</strong></p>
<form method="post"><label for="code">One-time code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="10" required autofocus>
<div><button type="submit">Confirm</button></div></form>`,
        ),
      );
    },
  );

  app.post(
    '/payment/sandbox/3ds/:challengeId',
    {
      config: { public: true },
      schema: {
        operationId: 'sandboxThreeDsAnswer',
        tags: ['payment'],
        params: ChallengeParams,
        body: Type.Object({ code: Type.String({ maxLength: 10 }) }),
        hide: true,
      },
    },
    async (req, reply) => {
      const done = await sandbox.answerChallenge(req.params.challengeId, req.body.code.trim());
      if (!done) {
        reply.header('content-security-policy', CSP).type('text/html; charset=utf-8');
        return reply.status(404).send(page('3-D Secure', '<h1>3-D Secure</h1><p>This verification does not exist.</p>'));
      }
      return reply.redirect(done.redirectTo, 303);
    },
  );
};
