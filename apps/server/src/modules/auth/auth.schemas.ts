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
