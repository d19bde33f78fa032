import { Type } from 'typebox';

export const TwoFactorMethodSchema = Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL'), Type.Literal('TOTP')]);
export const CodeChannelSchema = Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')]);
export const ProofMethodSchema = Type.Union([
  Type.Literal('SMS'),
  Type.Literal('EMAIL'),
  Type.Literal('TOTP'),
  Type.Literal('RECOVERY_CODE'),
]);

export const AuthSettings = Type.Object(
  {
    twoFactorAuthEnabled: Type.Boolean(),
    methods: Type.Array(TwoFactorMethodSchema, { description: 'The second factors this account can use.' }),
    totpEnabled: Type.Boolean(),
    recoveryCodesLeft: Type.Integer(),
  },
  { $id: 'AuthSettings' },
);

export const SetAuthSettingsBody = Type.Object({
  twoFactorAuthEnabled: Type.Boolean(),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const PasswordBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) });

const ChallengeToken = Type.String({ minLength: 16, maxLength: 200 });

export const TwoFactorChallengeBody = Type.Object({ challengeToken: ChallengeToken, method: CodeChannelSchema });

export const TwoFactorChallengeTicket = Type.Object(
  { challengeToken: Type.String(), expectedInputLength: Type.Integer(), remainingTimeInMinutes: Type.Integer() },
  { $id: 'TwoFactorChallengeTicket' },
);

export const TwoFactorTokenBody = Type.Object({
  challengeToken: ChallengeToken,
  method: ProofMethodSchema,
  code: Type.String({ minLength: 1, maxLength: 32 }),
});

export const TotpSetup = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() }, { $id: 'TotpSetup' });

export const TotpEnableBody = Type.Object({ code: Type.String({ minLength: 6, maxLength: 10 }) });

export const RecoveryCodes = Type.Object(
  { recoveryCodes: Type.Array(Type.String(), { description: 'Shown once; each works once.' }) },
  { $id: 'RecoveryCodes' },
);
