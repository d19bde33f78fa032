import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NO_CARD_ERRORS, type CardErrorFlags } from './card';

/** Card choice (spec §3): 0 a listed (saved) card, 1 a new card. */
export const CARD_CHOICE = { LISTED: 0, NEW: 1 } as const;
export type CardChoice = (typeof CARD_CHOICE)[keyof typeof CARD_CHOICE];
/** Payment type (spec §3): 0 a new payment, 3 updating a card. */
export const PAYMENT_TYPE = { NEW_PAYMENT: 0, UPDATE_CARD: 3 } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

/** The payment message's duration (spec: 4000 ms). */
export const PAYMENT_MESSAGE_DURATION_MS = 4000;

export type MessageIcon = 'success' | 'error' | 'info';

export interface PaymentState {
  /** What is being bought: the package type and the package id. */
  package: { type: string; pack: string } | null;
  /** The saved card chosen (card choice 0), or null. */
  selectedCard: string | null;
  cardChoice: CardChoice;
  paymentType: PaymentType;
  cardErrors: CardErrorFlags;
  /** The operator wallet's transaction, while its SMS code is awaited. */
  PaycellTrxnId: string | null;
  message: { show: boolean; icon: MessageIcon; text: string; duration: number };
  captchaId: string | null;
  captchaAnswer: string;
  captchaError: boolean;
  /** The box that invites a MasterPass user of kind 2 to link the cards held at the provider. */
  unlinkedBox: { show: boolean; dismissed: boolean };
  /** One idempotency key per checkout, kept across retries that got no answer. */
  checkoutKey: string | null;
}

export const initialPaymentState: PaymentState = {
  package: null,
  selectedCard: null,
  cardChoice: CARD_CHOICE.NEW,
  paymentType: PAYMENT_TYPE.NEW_PAYMENT,
  cardErrors: NO_CARD_ERRORS,
  PaycellTrxnId: null,
  message: { show: false, icon: 'info', text: '', duration: PAYMENT_MESSAGE_DURATION_MS },
  captchaId: null,
  captchaAnswer: '',
  captchaError: false,
  unlinkedBox: { show: false, dismissed: false },
  checkoutKey: null,
};

export const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    /** A new checkout: a different package forgets the previous checkout's key and flags. */
    startCheckout(state, action: PayloadAction<{ type: string; pack: string }>) {
      if (state.package?.pack === action.payload.pack) return;
      return { ...initialPaymentState, package: action.payload, cardChoice: state.cardChoice };
    },
    setCheckoutKey(state, action: PayloadAction<string | null>) {
      state.checkoutKey = action.payload;
    },
    selectCard(state, action: PayloadAction<string | null>) {
      state.selectedCard = action.payload;
      state.cardChoice = action.payload ? CARD_CHOICE.LISTED : CARD_CHOICE.NEW;
    },
    setCardChoice(state, action: PayloadAction<CardChoice>) {
      state.cardChoice = action.payload;
    },
    setPaymentType(state, action: PayloadAction<PaymentType>) {
      state.paymentType = action.payload;
    },
    setCardErrors(state, action: PayloadAction<Partial<CardErrorFlags>>) {
      state.cardErrors = { ...state.cardErrors, ...action.payload };
    },
    clearCardErrors(state) {
      state.cardErrors = NO_CARD_ERRORS;
    },
    setPaycellTrxnId(state, action: PayloadAction<string | null>) {
      state.PaycellTrxnId = action.payload;
    },
    showPaymentMessage(state, action: PayloadAction<{ icon: MessageIcon; text: string }>) {
      state.message = { show: true, icon: action.payload.icon, text: action.payload.text, duration: PAYMENT_MESSAGE_DURATION_MS };
    },
    hidePaymentMessage(state) {
      state.message.show = false;
    },
    setCaptcha(state, action: PayloadAction<{ captchaId: string | null; captchaAnswer?: string; captchaError?: boolean }>) {
      state.captchaId = action.payload.captchaId;
      state.captchaAnswer = action.payload.captchaAnswer ?? '';
      state.captchaError = action.payload.captchaError ?? false;
    },
    setUnlinkedBox(state, action: PayloadAction<Partial<PaymentState['unlinkedBox']>>) {
      state.unlinkedBox = { ...state.unlinkedBox, ...action.payload };
    },
    resetPayment() {
      return initialPaymentState;
    },
  },
});

export const {
  startCheckout,
  setCheckoutKey,
  selectCard,
  setCardChoice,
  setPaymentType,
  setCardErrors,
  clearCardErrors,
  setPaycellTrxnId,
  showPaymentMessage,
  hidePaymentMessage,
  setCaptcha,
  setUnlinkedBox,
  resetPayment,
} = paymentSlice.actions;
