// Test child for packages.crash.test.ts: the real app (buildApp, real database, sandbox provider) started with
// PAYMENT_CRASH_AFTER_PROVIDER=1 takes one package order through its HTTP route and is killed by SIGKILL right after the
// provider captured, before the capture (and so the quota) is committed.
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

const app = await buildApp(loadConfig());
await app.inject({
  method: 'POST',
  url: '/api/packages/orders',
  headers: { 'x-auth-token': process.env.CRASH_TOKEN! },
  payload: {
    packageId: process.env.CRASH_PACKAGE_ID!,
    idempotencyKey: process.env.CRASH_IDEMPOTENCY_KEY!,
    payment: {
      type: 'NEW_CARD',
      card: { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', holderName: 'Crash Test' },
      saveCard: false,
    },
  },
});
// Reaching this line means the crash hook did not fire.
process.exit(3);
