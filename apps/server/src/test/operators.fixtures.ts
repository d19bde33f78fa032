import type { OperatorRole } from '../shared/access/operator-roles.js';
import { base32Decode, totp } from '../shared/totp.js';
import { operatorsModule } from '../modules/operators/operators.module.js';
import { authed, type TestApp } from './harness.js';

let counter = 0;
export const uniqueOperatorEmail = (role: string) => `${role}.${Date.now() % 1_000_000}.${++counter}@ops.example.com`;

/** The token at the end of a set-up URL. */
export const setupTokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** What `npm run ops:create-admin` does, against the test app's database: a new admin's set-up URL. */
export async function createAdminLink(t: TestApp, email = uniqueOperatorEmail('admin')): Promise<{ email: string; setupUrl: string }> {
  const { service } = operatorsModule({ db: t.database.db, config: t.config });
  const { setupUrl } = await service.createAdminFromCli(email, 'Admin');
  return { email, setupUrl };
}

export interface SignedInOperator {
  id: string;
  email: string;
  token: string;
  secret: Buffer;
  password: string;
}

/** Walks the set-up link through the API like a person with an authenticator app; `at` is the clock the app runs on. */
export async function completeSetup(t: TestApp, setupToken: string, email: string, at = Date.now()): Promise<SignedInOperator> {
  const password = 'operator password 42';
  const enrol = await t.app.inject({ method: 'POST', url: `/api/ops/setup/${setupToken}`, payload: { password } });
  if (enrol.statusCode !== 200) throw new Error(`set-up password failed: ${enrol.body}`);
  const secret = base32Decode(enrol.json().secret as string);
  const done = await t.app.inject({ method: 'POST', url: `/api/ops/setup/${setupToken}/confirm`, payload: { code: totp(secret, at) } });
  if (done.statusCode !== 200) throw new Error(`set-up confirm failed: ${done.body}`);
  const body = done.json() as { token: string; operator: { id: string } };
  return { id: body.operator.id, email, token: body.token, secret, password };
}

/** A signed-in admin made from the command line's link. */
export async function signedInAdmin(t: TestApp, at?: number): Promise<SignedInOperator> {
  const { email, setupUrl } = await createAdminLink(t);
  return completeSetup(t, setupTokenOf(setupUrl), email, at);
}

/** An operator of this role, created by the admin through the console and set up. */
export async function signedInOperator(t: TestApp, admin: SignedInOperator, role: OperatorRole, at?: number): Promise<SignedInOperator> {
  const email = uniqueOperatorEmail(role);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/operators',
    headers: authed(admin.token),
    payload: { email, name: `Operator ${role}`, role, reason: 'test set-up' },
  });
  if (res.statusCode !== 200) throw new Error(`create operator failed: ${res.body}`);
  return completeSetup(t, setupTokenOf(res.json().setupUrl as string), email, at);
}
