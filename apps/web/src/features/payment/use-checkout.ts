import { useCallback, useRef, useState } from 'react';
import { accountApi, refreshUsage } from '@/api/account';
import { baseApi } from '@/api/base-api';
import { apiErrorCode, apiErrorField, isNetworkError } from '@/api/errors';
import { useAppDispatch } from '@/state/hooks';
import { randomUuid } from '@/lib/uuid';
import { FINAL_STATUSES, refreshSubscription, useCreatePackageOrderMutation, type PackageOrder, type Payment, type PaymentMethodInput } from './api';
import { flagForServerField } from './card';
import { declineKey, errorKey } from './messages';
import { setCardErrors, setCheckoutKey, setPaycellTrxnId, showPaymentMessage } from './payment-slice';
import { usePaymentDispatch, usePaymentSelector } from './payment-state';
import { usePaymentTranslation } from './use-payment-translation';

/** Where the 3-D Secure return finds the checkout it belongs to (the provider's page is a full navigation). */
export const RETURN_KEY = 'paymentReturn';

export type CheckoutOutcome = 'idle' | 'success' | 'declined' | 'pending' | 'wallet' | 'redirecting';

/**
 * One checkout: a single idempotency key for every attempt that got no answer (a double click, a lost response), a
 * new one once the server answered with a final result; the Pay button cannot start a second order while one is on
 * its way (the ref guards the gap before React re-renders the disabled button).
 */
export function useCheckout(packageId: string | null) {
  const { t } = usePaymentTranslation();
  const appDispatch = useAppDispatch();
  const dispatch = usePaymentDispatch();
  const checkoutKey = usePaymentSelector((state) => state.checkoutKey);
  const [createOrder] = useCreatePackageOrderMutation();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<CheckoutOutcome>('idle');
  const [pollPaymentId, setPollPaymentId] = useState<string | null>(null);

  /** A payment reached its end (or is still on its way): message, caches and the next checkout's key. */
  const settle = useCallback(
    (payment: Payment) => {
      if (payment.status === 'CAPTURED') {
        dispatch(showPaymentMessage({ icon: 'success', text: t('payment:success') }));
        // A purchase changes the quota, the authorities (face grouping comes with premium), the subscription and adds an invoice.
        appDispatch(baseApi.util.invalidateTags(['Invoice', 'FaceImageGrouping']));
        void appDispatch(refreshUsage());
        void appDispatch(refreshSubscription());
        void appDispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false, forceRefetch: true }));
        void appDispatch(accountApi.endpoints.getAuthorities.initiate(undefined, { subscribe: false, forceRefetch: true }));
        dispatch(setCheckoutKey(null));
        setOutcome('success');
      } else if (FINAL_STATUSES.has(payment.status)) {
        dispatch(showPaymentMessage({ icon: 'error', text: t(declineKey(payment.declineCode)) }));
        dispatch(setPaycellTrxnId(null));
        dispatch(setCheckoutKey(null));
        setOutcome('declined');
      } else {
        setPollPaymentId(payment.id);
        setOutcome('pending');
      }
    },
    [appDispatch, dispatch, t],
  );

  const handleOrder = useCallback(
    (order: PackageOrder, returnPath: string) => {
      if (order.actionUrl) {
        sessionStorage.setItem(RETURN_KEY, JSON.stringify({ packageId, orderId: order.orderId, paymentId: order.payment?.id ?? null, returnPath }));
        setOutcome('redirecting');
        window.location.assign(order.actionUrl);
        return;
      }
      // The server's statuses are the contract's (the schema types them as strings).
      const payment = order.payment as Payment | null;
      if (!payment) {
        settle({ id: order.orderId, status: order.status === 'COMPLETED' ? 'CAPTURED' : 'FAILED', declineCode: null } as Payment);
        return;
      }
      if (order.paycellTrxnId && !FINAL_STATUSES.has(payment.status)) {
        dispatch(setPaycellTrxnId(order.paycellTrxnId));
        setPollPaymentId(payment.id);
        setOutcome('wallet');
        return;
      }
      settle(payment);
    },
    [dispatch, packageId, settle],
  );

  const pay = useCallback(
    async (payment: PaymentMethodInput, returnPath: string) => {
      if (!packageId || inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      const idempotencyKey = checkoutKey ?? randomUuid();
      if (!checkoutKey) dispatch(setCheckoutKey(idempotencyKey));
      try {
        // Opened in the mobile app's web view, the provider's 3-D Secure page must send the browser back there.
        const returnTo = returnPath.startsWith('/view/') ? 'VIEW' : 'MAIN';
        const order = await createOrder({ packageId, idempotencyKey, payment, returnTo }).unwrap();
        handleOrder(order, returnPath);
      } catch (error) {
        const flag = flagForServerField(apiErrorField(error));
        if (flag) dispatch(setCardErrors({ [flag]: true }));
        // No answer: the order may exist; the same key finds it again on the next try.
        if (!isNetworkError(error)) dispatch(setCheckoutKey(null));
        const text = isNetworkError(error) ? t('payment:error_NETWORK') : t(errorKey(apiErrorCode(error)));
        dispatch(showPaymentMessage({ icon: 'error', text }));
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [checkoutKey, createOrder, dispatch, handleOrder, packageId, t],
  );

  return { pay, pending, outcome, settle, pollPaymentId, setOutcome };
}
