import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import type { ForgotMyPasswordV2ApiResponse, ForgotMyPasswordSendSmsApiResponse, RecoveryAvailableMethod } from '@/api/generated/recovery';

export type RecoveryMethod = RecoveryAvailableMethod['method'];
export type RecoveryFlow = ForgotMyPasswordV2ApiResponse['flow'];

/** What the visitor typed to start recovery (spec 000 §3 forgotPasswordUsername). */
export interface ForgotPasswordUsername {
  userInput: string;
  username: string;
  countryCode: string | null;
  phoneNumber: string | null;
}

/** The methods offered for the current factor (spec: referenceToken, list of content and method), plus the flow. */
export interface AvailableMethods {
  referenceToken: string;
  list: RecoveryAvailableMethod[];
  flow: RecoveryFlow;
  factorsRequired: number;
  factorsVerified: number;
  securityQuestionId: number | null;
}

/** The method chosen and where its code or link went (masked); spec: referenceToken, selectedMethod, selectedValue. */
export type SelectedMethod = ForgotMyPasswordSendSmsApiResponse;

export interface AuthState {
  forgotPasswordUsername: ForgotPasswordUsername | null;
  availableMethods: AvailableMethods | null;
  selectedMethod: SelectedMethod | null;
  verificationMethodType: RecoveryMethod | null;
  /** The recovery's factors are all verified: the new password may be set with this reference. */
  verifiedReferenceToken: string | null;
}

declare module '@/state/store-types' {
  interface RootState {
    auth: AuthState;
  }
}

const initialState: AuthState = {
  forgotPasswordUsername: null,
  availableMethods: null,
  selectedMethod: null,
  verificationMethodType: null,
  verifiedReferenceToken: null,
};

/** The auth slice of spec 000 §3: the state of a password recovery between its screens. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    recoveryStarted(state, action: PayloadAction<{ username: ForgotPasswordUsername; methods: AvailableMethods }>) {
      return { ...initialState, forgotPasswordUsername: action.payload.username, availableMethods: action.payload.methods };
    },
    /** The first factor is done; the second is chosen among what is left (v3). */
    secondFactorOffered(state, action: PayloadAction<{ referenceToken: string; list: RecoveryAvailableMethod[]; factorsVerified: number; factorsRequired: number }>) {
      const previous = state.availableMethods;
      state.availableMethods = {
        referenceToken: action.payload.referenceToken,
        list: action.payload.list,
        flow: 'v3',
        factorsRequired: action.payload.factorsRequired,
        factorsVerified: action.payload.factorsVerified,
        securityQuestionId: previous?.securityQuestionId ?? null,
      };
      state.selectedMethod = null;
      state.verificationMethodType = null;
    },
    methodSelected(state, action: PayloadAction<{ method: RecoveryMethod; selected: SelectedMethod | null }>) {
      state.verificationMethodType = action.payload.method;
      state.selectedMethod = action.payload.selected;
    },
    recoveryVerified(state, action: PayloadAction<string>) {
      state.verifiedReferenceToken = action.payload;
    },
    recoveryEnded: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { recoveryStarted, secondFactorOffered, methodSelected, recoveryVerified, recoveryEnded } = authSlice.actions;
