import { Type } from 'typebox';
import type { IssuedSession } from './auth.service.js';

export const DeviceInfoSchema = Type.Object({
  uuid: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  deviceType: Type.Union([
    Type.Literal('WEB'),
    Type.Literal('ANDROID'),
    Type.Literal('IPHONE'),
    Type.Literal('IPAD'),
    Type.Literal('DESKTOP'),
  ]),
});

export const SessionResponse = Type.Object(
  { userUuid: Type.String(), deviceInfo: DeviceInfoSchema, latestActivityId: Type.String() },
  { $id: 'SessionResponse' },
);

export const CaptchaHeaders = {
  'x-captcha-id': Type.Optional(Type.String({ maxLength: 64 })),
  'x-captcha-answer': Type.Optional(Type.String({ maxLength: 16 })),
};

export const toSessionResponse = (s: IssuedSession) => ({
  userUuid: s.accountId,
  deviceInfo: s.deviceInfo,
  latestActivityId: s.latestActivityId,
});

const TwoFactorMethod = Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL'), Type.Literal('TOTP')]);

/** The answer of a sign-in whose account has two-factor sign-in on: no session yet, a challenge to complete. */
export const TwoFactorRequired = Type.Object(
  {
    twoFactorRequired: Type.Literal(true),
    challengeToken: Type.String(),
    methods: Type.Array(Type.Object({ method: TwoFactorMethod, content: Type.String() })),
    expiresInSeconds: Type.Integer(),
  },
  { $id: 'TwoFactorRequired' },
);

/** What a sign-in answers: a session, or the second step it still needs. */
export const LoginResponse = Type.Union([SessionResponse, TwoFactorRequired], { $id: 'LoginResponse' });

export const SignedInDevice = Type.Object(
  {
    id: Type.String(),
    deviceName: Type.String(),
    deviceType: Type.String(),
    createdAt: Type.Integer({ description: 'ms since epoch' }),
    lastSeenAt: Type.Integer({ description: 'ms since epoch' }),
    current: Type.Boolean(),
  },
  { $id: 'SignedInDevice' },
);
