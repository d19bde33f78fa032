import { Type, type Static } from 'typebox';

export const RecoveryEmail = Type.Object(
  { email: Type.Union([Type.String(), Type.Null()]), verified: Type.Boolean() },
  { $id: 'RecoveryEmail' },
);
export type RecoveryEmailBody = Static<typeof RecoveryEmail>;

export const PasswordPolicy = Type.Object(
  { minLength: Type.Integer(), maxLength: Type.Integer(), captchaRequired: Type.Boolean() },
  { $id: 'PasswordPolicy' },
);

export const SecurityQuestion = Type.Object({ id: Type.Integer(), text: Type.String() }, { $id: 'SecurityQuestion' });
