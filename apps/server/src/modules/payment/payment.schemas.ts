import { Type, type Static } from 'typebox';
import { UuidSchema } from '../../shared/schemas.js';
import type { PaymentView } from './payment.public.js';

const Brand = Type.Union([Type.Literal('VISA'), Type.Literal('MASTERCARD'), Type.Literal('TROY'), Type.Literal('AMEX')]);

/** A new card as the card form sends it; the service checks it (Luhn, expiry, CVC, holder) field by field. */
export const CardInputSchema = Type.Object(
  {
    number: Type.String({ maxLength: 40 }),
    expiryMonth: Type.Integer({ minimum: 0, maximum: 99 }),
    expiryYear: Type.Integer({ minimum: 0, maximum: 9999 }),
    cvc: Type.String({ maxLength: 10 }),
    holderName: Type.String({ maxLength: 200 }),
  },
  { $id: 'CardInput' },
);

export const PaymentMethodSchema = Type.Union(
  [
    Type.Object({ type: Type.Literal('NEW_CARD'), card: CardInputSchema, saveCard: Type.Boolean() }),
    Type.Object({ type: Type.Literal('SAVED_CARD'), cardId: UuidSchema }),
    Type.Object({ type: Type.Literal('WALLET') }),
  ],
  { $id: 'PaymentMethodInput' },
);

export const SavedCardSchema = Type.Object(
  {
    id: UuidSchema,
    mask: Type.String(),
    brand: Brand,
    holderName: Type.String(),
    expiryMonth: Type.Integer(),
    expiryYear: Type.Integer(),
    isDefault: Type.Boolean(),
    expired: Type.Boolean(),
    /** Expires within masterpass_end_date_duration months. */
    expiresSoon: Type.Boolean(),
  },
  { $id: 'SavedCard' },
);

export const SavedCardsSchema = Type.Object(
  {
    /** MasterPass user kind: 1 linked here, 2 has a vault but never used here, 3 none, 0 the vault could not be asked. */
    userKind: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    cards: Type.Array(SavedCardSchema),
  },
  { $id: 'SavedCards' },
);

export const SaveCardBody = Type.Object({
  card: CardInputSchema,
  /** 3: update card (store a card without paying). */
  paymentType: Type.Literal(3),
});

export const CardParams = Type.Object({ id: UuidSchema });
export const PaymentParams = Type.Object({ id: UuidSchema });

export const PaymentStatusSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('REQUIRES_ACTION'),
  Type.Literal('AWAITING_CODE'),
  Type.Literal('CAPTURED'),
  Type.Literal('DECLINED'),
  Type.Literal('FAILED'),
  Type.Literal('REFUNDED'),
  Type.Literal('PARTIALLY_REFUNDED'),
]);

export const PaymentSchema = Type.Object(
  {
    id: UuidSchema,
    accountId: UuidSchema,
    purposeKind: Type.String(),
    purposeRef: Type.String(),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    status: PaymentStatusSchema,
    declineCode: Type.Union([Type.String(), Type.Null()]),
    method: Type.Union([Type.Literal('CARD'), Type.Literal('WALLET')]),
    cardMask: Type.Union([Type.String(), Type.Null()]),
    description: Type.String(),
    capturedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    refundedMinor: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Payment' },
);
export type PaymentJson = Static<typeof PaymentSchema>;

export const WalletConfirmBody = Type.Object({
  paycellTrxnId: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
});
export const WalletResendBody = Type.Object({ paycellTrxnId: Type.String({ minLength: 1, maxLength: 100 }) });
export const WalletResendResult = Type.Object({ expiresInSeconds: Type.Integer() });

/** Times as ISO strings, as every JSON answer carries them. */
export function paymentJson(p: PaymentView): PaymentJson {
  return {
    ...p,
    capturedAt: p.capturedAt === null ? null : new Date(p.capturedAt).toISOString(),
    createdAt: new Date(p.createdAt).toISOString(),
  };
}
