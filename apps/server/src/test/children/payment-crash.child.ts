// Test child for payment.crash.test.ts: the real app (buildApp, real database, sandbox provider) started with
// PAYMENT_CRASH_AFTER_PROVIDER=1, which pays once and is killed by SIGKILL right after the provider captured.
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

const app = await buildApp(loadConfig());
app.payments.registerPurpose('CRASH_TEST', {
  onCaptured: async () => {
    throw new Error('the capture must not be recorded before the kill');
  },
});
const year = new Date().getUTCFullYear();
await app.payments.start({
  accountId: process.env.CRASH_ACCOUNT_ID!,
  purposeKind: 'CRASH_TEST',
  purposeRef: process.env.CRASH_PURPOSE_REF!,
  amountMinor: 4999,
  currency: 'TRY',
  description: '100 GB monthly',
  idempotencyKey: process.env.CRASH_IDEMPOTENCY_KEY!,
  method: { type: 'NEW_CARD', card: { number: '4242424242424242', expiryMonth: 12, expiryYear: year + 2, cvc: '123', holderName: 'Crash Test' }, saveCard: false },
  returnUrl: '/main/packages/payment',
});
// Reaching this line means the crash hook did not fire.
process.exit(3);
