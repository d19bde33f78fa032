import { generatedApi as qrLoginApi } from '@/api/generated/qr-login';
import { generatedApi as socialLoginApi } from '@/api/generated/social-login';

/** The signed-in side of QR sign-in (contract C): what is asking, approve, reject. */
export const { useQrLoginRequestQuery, useQrLoginApproveMutation, useQrLoginRejectMutation } = qrLoginApi;

/** Connecting a Google or Apple identity to the signed-in account (the callback of intent "connect"). */
export const { useGoogleConnectMutation, useAppleConnectMutation } = socialLoginApi;
