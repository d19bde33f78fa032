// The payment module's API this module uses (issue 13 contract), through its public file.
export type { OffSessionChargeInput, PaymentMethodInput, Payments, PaymentView, PurposeHandler } from '../payment/payment.public.js';
export { PurposeRejected } from '../payment/payment.public.js';

/** The purpose kind this module's payments carry (registered with the payment module). */
export const PACKAGE_ORDER_PURPOSE = 'PACKAGE_ORDER';
