import { Type, type Static } from 'typebox';

export type RecoveryMethod = 'SMS' | 'EMAIL' | 'RECOVERY_EMAIL' | 'SECURITY_QUESTION';
export type RecoveryFlow = 'v1' | 'v2' | 'v3';
export type RecoveryStatusValue = 'PENDING' | 'VERIFIED' | 'SECOND_FACTOR_REQUIRED' | 'EXPIRED';

const MethodSchema = Type.Union([
  Type.Literal('SMS'),
  Type.Literal('EMAIL'),
  Type.Literal('RECOVERY_EMAIL'),
  Type.Literal('SECURITY_QUESTION'),
]);

/** A way to prove ownership, shown masked: `+90 5** *** **12`, `d***@example.com`, or the question's id as text. */
export const AvailableMethod = Type.Object(
  { method: MethodSchema, content: Type.String() },
  { $id: 'RecoveryAvailableMethod' },
);

export const ForgotPasswordStart = Type.Object(
  {
    referenceToken: Type.String(),
    flow: Type.Union([Type.Literal('v1'), Type.Literal('v2'), Type.Literal('v3')]),
    availableMethods: Type.Array(AvailableMethod),
    factorsRequired: Type.Integer({ minimum: 1, maximum: 2 }),
    factorsVerified: Type.Integer({ minimum: 0, maximum: 1 }),
    securityQuestionId: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'ForgotPasswordStart' },
);

export const SelectedMethod = Type.Object(
  {
    referenceToken: Type.String(),
    selectedMethod: MethodSchema,
    selectedValue: Type.String(),
    /** 6 for an SMS code; 0 for an e-mailed link (nothing to type). */
    expectedInputLength: Type.Integer(),
    remainingTimeInMinutes: Type.Integer(),
  },
  { $id: 'RecoverySelectedMethod' },
);

export const RecoveryStatus = Type.Object(
  {
    referenceToken: Type.String(),
    status: Type.Union([
      Type.Literal('PENDING'),
      Type.Literal('VERIFIED'),
      Type.Literal('SECOND_FACTOR_REQUIRED'),
      Type.Literal('EXPIRED'),
    ]),
    factorsVerified: Type.Integer(),
    factorsRequired: Type.Integer(),
    remainingMethods: Type.Array(AvailableMethod),
  },
  { $id: 'RecoveryStatus' },
);

export const ReferenceToken = Type.String({ minLength: 16, maxLength: 200 });
export const Username = Type.String({ minLength: 1, maxLength: 320 });

export type ForgotPasswordStartBody = Static<typeof ForgotPasswordStart>;
export type SelectedMethodBody = Static<typeof SelectedMethod>;
export type RecoveryStatusBody = Static<typeof RecoveryStatus>;
export type AvailableMethodBody = Static<typeof AvailableMethod>;
