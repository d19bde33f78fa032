/** Decline and failure codes the interface has its own text for; anything else reads as the generic failure. */
export const DECLINE_CODES = ['INSUFFICIENT_FUNDS', 'STOLEN_CARD', 'EXPIRED_CARD', 'PROCESSING_ERROR', 'THREE_DS_FAILED', 'INVALID_CODE', 'CODE_EXPIRED'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** Codes that read as another code's text (the wallet's fifth wrong code fails the payment as TOO_MANY_ATTEMPTS). */
const SAME_TEXT: Record<string, DeclineCode> = { TOO_MANY_ATTEMPTS: 'INVALID_CODE' };

export function declineKey(code: string | null | undefined): `payment:decline_${DeclineCode | 'GENERIC'}` {
  if (code && SAME_TEXT[code]) return `payment:decline_${SAME_TEXT[code]}`;
  return (DECLINE_CODES as readonly string[]).includes(code ?? '') ? `payment:decline_${code as DeclineCode}` : 'payment:decline_GENERIC';
}

/** Server error codes of the order and card routes with their own text. */
export const ERROR_CODES = ['USE_DOWNGRADE', 'INVALID_CARD_NUMBER', 'INVALID_CODE', 'CODE_EXPIRED', 'NOT_FOUND'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function errorKey(code: string | undefined): `payment:error_${ErrorCode | 'GENERIC'}` {
  return (ERROR_CODES as readonly string[]).includes(code ?? '') ? `payment:error_${code as ErrorCode}` : 'payment:error_GENERIC';
}
