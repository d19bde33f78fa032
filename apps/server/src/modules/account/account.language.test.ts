import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, login, readOutbox, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { resetLinkEmail } from '../recovery/recovery.messages.js';
import { verifyEmailMessage } from './contact.messages.js';

// Issue 26: the interface language is the account's; what the server sends an account speaks it, whatever a request says.
describe.each(DIALECTS)('the account’s language (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { PUBLIC_URL: 'https://bulut.example.test' });
  });
  afterAll(() => t.close());

  const info = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) })).json();
  const runJobs = async () => {
    for (let i = 0; i < 30 && (await t.app.jobs.runDue()) > 0; i++);
  };
  /** A Turkish browser: the headers a request might carry, which must not decide the language of an account's mail. */
  const turkishBrowser = { 'accept-language': 'tr-TR,tr;q=0.9', 'x-client-language': 'tr' };

  it('saved with POST /account/language on one device, it is what a second session reads at sign-in', async () => {
    const { user, token } = await signUp(t);
    const saved = await t.app.inject({ method: 'POST', url: '/api/account/language', headers: authed(token), payload: { language: 'ar' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'ar' });

    const second = await login(t, user.email, user.password);
    expect(second.statusCode).toBe(200);
    const secondToken = String(second.headers['x-auth-token']);
    expect(secondToken).not.toBe(token);
    expect((await info(secondToken)).language).toBe('ar');
    // The first device reads the same at its next load.
    expect((await info(token)).language).toBe('ar');
  });

  it('an e-mail to an Arabic account is in Arabic, though the request came from a Turkish browser', async () => {
    const { token } = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/account/language', headers: authed(token), payload: { language: 'ar' } });
    const next = `ar.${uniqueUser().email}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/account/email', headers: { ...authed(token), ...turkishBrowser }, payload: { email: next } });
    expect(res.statusCode).toBe(200);
    await runJobs();
    const mail = readOutbox(t.dataDir).filter((m) => m.to === next).at(-1)!;
    expect(mail.subject).toBe(verifyEmailMessage('ar', '', 0).subject);
    expect(mail.text).toMatch(/\p{Script=Arabic}/u);
    expect(mail.text).not.toMatch(/[ğışçöüİ]/);
  });

  it('password recovery, asked signed out from a Turkish browser, writes to an Arabic account in Arabic', async () => {
    const { user, token } = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/account/language', headers: authed(token), payload: { language: 'ar' } });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: turkishBrowser, payload, remoteAddress: '10.46.0.1' });
    const started = await post('/v2/forgotMyPassword', { username: user.email });
    expect(started.statusCode, started.body).toBe(200);
    const { referenceToken } = started.json() as { referenceToken: string };
    expect((await post('/forgotMyPassword/continueWithEmail', { referenceToken })).statusCode).toBe(200);
    await runJobs();
    const mail = readOutbox(t.dataDir).filter((m) => m.to === user.email && m.channel === 'email').at(-1)!;
    expect(mail.subject).toBe(resetLinkEmail('ar', '', 0).subject);
    expect(mail.text).toMatch(/\p{Script=Arabic}/u);
  });
});
