import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { initialPaymentState, paymentSlice, type PaymentState } from './payment-slice';

type PaymentStore = readonly [PaymentState, Dispatch<UnknownAction>];

const PaymentStateContext = createContext<PaymentStore | null>(null);

/**
 * The payment slice lives with the payment screen, not in the app store: the store loads with the photos screen,
 * whose initial JavaScript is at its budget (issue 17), and a checkout does not outlive its screen.
 */
export function PaymentStateProvider({ children }: { children: ReactNode }) {
  const store = useReducer(paymentSlice.reducer as (state: PaymentState, action: UnknownAction) => PaymentState, initialPaymentState);
  return <PaymentStateContext.Provider value={store}>{children}</PaymentStateContext.Provider>;
}

function usePaymentStore(): PaymentStore {
  const store = useContext(PaymentStateContext);
  if (!store) throw new Error('usePaymentState outside PaymentStateProvider');
  return store;
}

export function usePaymentSelector<T>(select: (state: PaymentState) => T): T {
  return select(usePaymentStore()[0]);
}

export function usePaymentDispatch(): Dispatch<UnknownAction> {
  return usePaymentStore()[1];
}
