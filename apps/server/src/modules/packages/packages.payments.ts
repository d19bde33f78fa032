// The payment module's API this module uses (issue 13 contract), through its public file.
export type { PaymentMethodInput, Payments, PaymentView, PurposeHandler } from '../payment/payment.public.js';
export { PurposeRejected } from '../payment/payment.public.js';
