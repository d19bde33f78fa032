import { Type, type Static, type TSchema } from 'typebox';
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
  {
    $id: 'SessionResponse',
    examples: [
      {
        userUuid: '0b7c3d9e-1f2a-4b5c-8d6e-7f8091a2b3c4',
        deviceInfo: { uuid: 'b1946ac9-2f0c-4e8f-9a55-0f7d3c1e8a21', name: 'Chrome on Linux', deviceType: 'WEB' },
        latestActivityId: '0',
      },
    ],
  },
);

/** The response headers that carry a new session (auth.reply.ts `sendSession` writes them). */
const SESSION_HEADERS = {
  'X-Auth-Token': {
    type: 'string',
    description: 'The session token. Send it as the X-Auth-Token request header on every call that needs a session.',
  },
  'X-Remember-Me-Token': {
    type: 'string',
    description:
      'Only when asked for (rememberMe=true) and on every refresh: the long-lived token for POST /api/auth/rememberMe. ' +
      'Each refresh replaces it.',
  },
} as const;

/**
 * A 200 answer that issues a session: the body as `body` says, the token in the response headers (the API document
 * shows them; serialisation ignores them). A copy without `$id`, so the shared schema is not defined twice.
 */
export const sessionAnswer = <T extends TSchema>(body: T, description: string) => {
  const schema: Record<string, unknown> = { ...(body as object), description, headers: SESSION_HEADERS };
  delete schema.$id;
  return Type.Unsafe<Static<T>>(schema);
};

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
